import { isKnownTimeZone } from '../data/is-known-time-zone.js';
import {
  INDICATOR_CONVENTIONS,
  isIndicatorConvention,
  type IndicatorConvention,
} from '../indicators/indicator-convention.js';
import {
  DEFAULT_SETTINGS,
  SettingsValues,
  type ChartMarker,
  type ChartSettings,
  type ComparisonEntry,
  type IndicatorInstance,
  type OutputStyle,
  type PaneLayout,
  type PriceLine,
} from '../state/index.js';
import {
  drawingKindList,
  drawingPointCount,
  isCssColor,
  isDrawingKind,
  MAX_DRAWING_LABEL_LENGTH,
  normalizeStyle,
  validateDrawingStyle,
  type Drawing,
  type DrawingStyle,
} from '../drawings/index.js';
import { Value } from '@sinclair/typebox/value';
// The words of a refused study parameter (resolveParams' reasons), passed in: in the bundle they come
// with this chunk, while the eager part loads them only for an `indicators` list it refuses (issue #12).
import { paramErrors } from '../indicators/param-errors.js';
import type { TSchema } from '@sinclair/typebox';
import { resolveParams, type IndicatorDefinition } from '../indicators/index.js';
import { LAYOUT_VERSION, type LayoutDocument } from './layout-document.js';
import { MAX_MARKERS, MAX_PANES, MAX_PRICE_LINES, MAX_STUDIES } from '../state/study-limits.js';

/**
 * Result of `parseLayout`: the document (with `dropped` naming every part that was left out), or
 * why it cannot be used at all.
 */
export type ParseLayoutResult =
  | { readonly ok: true; readonly layout: LayoutDocument; readonly dropped: readonly string[] }
  | { readonly ok: false; readonly reason: string; readonly newerVersion?: number };

/** What a restored layout is checked against beyond its shape. */
export interface LayoutCheckOptions {
  /** Known studies: an indicator of an unknown study, or with params outside its schema, is dropped. */
  readonly indicators?: {
    get(id: string): IndicatorDefinition | undefined;
    /** The form of a study under a convention (an `IndicatorRegistry` has it); params may fit any form. */
    resolve?(id: string, convention: IndicatorConvention | undefined): IndicatorDefinition | undefined;
  };
}

/** A problem at a path of the document. */
class LayoutError extends Error {}

function fail(path: string, reason: string): never {
  throw new LayoutError(`${path}: ${reason}`);
}

/**
 * The entries of a per-instrument map, but for keys that would reach a prototype when written back
 * (`out[key] = …` with `__proto__` replaces the object's prototype and the list vanishes): named and left out.
 */
function instrumentEntries(raw: Record<string, unknown>, field: string, dropped: string[]): [string, unknown][] {
  return Object.entries(raw).filter(([key]) => {
    if (key !== '__proto__' && key !== 'constructor' && key !== 'prototype') return true;
    dropped.push(`${field}[${JSON.stringify(key)}]: not an instrument key`);
    return false;
  });
}

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

function array(v: unknown, path: string): unknown[] {
  if (!Array.isArray(v)) fail(path, 'expected an array');
  return v;
}

function record(v: unknown, path: string): Record<string, unknown> {
  if (!isRecord(v)) fail(path, 'expected an object');
  return v;
}

function string(v: unknown, path: string, max = 256): string {
  if (typeof v !== 'string' || v.length === 0 || v.length > max)
    fail(path, `expected a string of 1 to ${max} characters`);
  return v;
}

function finite(v: unknown, path: string): number {
  if (typeof v !== 'number' || !Number.isFinite(v)) fail(path, 'expected a finite number');
  return v;
}

/** JSON values only (no functions, no cycles: it came from JSON.parse). */
function params(v: unknown, path: string): Record<string, unknown> {
  const r = record(v, path);
  for (const [k, value] of Object.entries(r)) {
    const ok =
      value === null ||
      ['number', 'string', 'boolean'].includes(typeof value) ||
      Array.isArray(value) ||
      isRecord(value);
    if (!ok) fail(`${path}.${k}`, 'expected a JSON value');
    if (typeof value === 'number' && !Number.isFinite(value)) fail(`${path}.${k}`, 'expected a finite number');
  }
  return r;
}

function indicator(v: unknown, path: string, check: LayoutCheckOptions, dropped: string[]): IndicatorInstance {
  const r = record(v, path);
  // A bad style entry is left out and named on its own (the study and its params are kept); see outputStyles.
  const styleNotes: string[] = [];
  const styles = r.styles === undefined ? undefined : outputStyles(r.styles, `${path}.styles`, styleNotes);
  const out: IndicatorInstance = {
    instanceId: string(r.instanceId, `${path}.instanceId`),
    definitionId: string(r.definitionId, `${path}.definitionId`),
    params: params(r.params, `${path}.params`),
    paneId: string(r.paneId, `${path}.paneId`),
    ...(r.convention === undefined ? {} : { convention: convention(r.convention, `${path}.convention`) }),
    ...scaleOf(r.scale, `${path}.scale`),
    ...(styles && Object.keys(styles).length > 0 ? { styles } : {}),
    ...(r.hidden === true ? { hidden: true as const } : {}),
  };
  if (!check.indicators) {
    dropped.push(...styleNotes);
    return out;
  }
  const def = check.indicators.get(out.definitionId);
  if (!def) fail(`${path}.definitionId`, `unknown study '${out.definitionId.slice(0, 40)}'`);
  // A study that names its convention is checked against that form; one that follows the chart's
  // may hold the params of any form (the chart's convention is a setting of the same document).
  const registry = check.indicators;
  const forms =
    out.convention !== undefined
      ? [registry.resolve?.(out.definitionId, out.convention) ?? def]
      : [def, ...INDICATOR_CONVENTIONS.map((c) => registry.resolve?.(out.definitionId, c) ?? def)];
  const results = forms.map((form) => resolveParams(form, out.params, paramErrors));
  const goodIndex = results.findIndex((r) => r.ok);
  const good = results[goodIndex];
  if (!good?.ok) {
    const first = results[0].ok ? undefined : results[0].errors[0];
    fail(`${path}.params${first?.path ? `.${first.path}` : ''}`, first?.reason ?? 'invalid params');
  }
  dropped.push(...styleNotes);
  const known = styles ? knownOutputs(styles, forms[goodIndex], good.params, `${path}.styles`, dropped) : undefined;
  const { styles: _styles, ...rest } = out;
  return {
    ...rest,
    definitionId: def.id,
    params: good.params,
    ...(known && Object.keys(known).length > 0 ? { styles: known } : {}),
  };
}

/** The styles of outputs the study has (with these params); one it lacks is left out and named. */
function knownOutputs(
  styles: Record<string, OutputStyle>,
  def: IndicatorDefinition,
  params: Readonly<Record<string, unknown>>,
  path: string,
  dropped: string[],
): Record<string, OutputStyle> {
  const keys = def.outputs(params).map((o) => o.key);
  const out: Record<string, OutputStyle> = {};
  for (const [key, style] of Object.entries(styles)) {
    if (keys.includes(key)) out[key] = style;
    else dropped.push(`${path}.${key.slice(0, 32)}: ${def.id} has no such output (expected one of ${keys.join(', ')})`);
  }
  return out;
}

/**
 * Per-output line styles: a CSS colour, a width 1 to 4, a visibility flag. A bad entry (a colour that is not
 * CSS, a width outside 1 to 4…) is left out and named in `dropped`; the output's other entries are kept.
 */
function outputStyles(v: unknown, path: string, dropped: string[]): Record<string, OutputStyle> {
  const out: Record<string, OutputStyle> = {};
  if (!isRecord(v)) {
    dropped.push(`${path}: expected an object`);
    return out;
  }
  for (const [key, r] of Object.entries(v)) {
    const at = `${path}.${key.slice(0, 32)}`;
    if (!isRecord(r)) {
      dropped.push(`${at}: expected an object`);
      continue;
    }
    const style: { color?: string; width?: number; visible?: false } = {};
    if (r.color !== undefined) {
      if (isCssColor(r.color)) style.color = r.color;
      else dropped.push(`${at}.color: expected a CSS colour`);
    }
    if (r.width !== undefined) {
      if (typeof r.width === 'number' && Number.isInteger(r.width) && r.width >= 1 && r.width <= 4)
        style.width = r.width;
      else dropped.push(`${at}.width: expected an integer 1 to 4`);
    }
    if (r.visible !== undefined && typeof r.visible !== 'boolean') dropped.push(`${at}.visible: expected a boolean`);
    else if (r.visible === false) style.visible = false;
    if (Object.keys(style).length > 0) out[key] = style;
  }
  return out;
}

function convention(v: unknown, path: string): IndicatorConvention {
  if (!isIndicatorConvention(v)) fail(path, `expected one of ${INDICATOR_CONVENTIONS.join(', ')}`);
  return v;
}

function pane(v: unknown, path: string): PaneLayout {
  const r = record(v, path);
  const weight = finite(r.weight, `${path}.weight`);
  if (weight <= 0) fail(`${path}.weight`, 'expected a positive number');
  return { id: string(r.id, `${path}.id`), weight };
}

/** Pane weights `pane_resize` accepts; a saved one outside (1e308 made every height share NaN) is clamped. */
const MIN_PANE_WEIGHT = 0.01;
const MAX_PANE_WEIGHT = 1000;

function clampWeight(p: PaneLayout, i: number, dropped: string[]): PaneLayout {
  const weight = Math.min(MAX_PANE_WEIGHT, Math.max(MIN_PANE_WEIGHT, p.weight));
  if (weight === p.weight) return p;
  dropped.push(
    `panes[${i}].weight: ${p.weight} is outside ${MIN_PANE_WEIGHT} to ${MAX_PANE_WEIGHT}; clamped to ${weight}`,
  );
  return { ...p, weight };
}

function drawing(v: unknown, path: string, dropped: string[]): Drawing {
  const r = record(v, path);
  if (!isDrawingKind(r.kind)) {
    const name = typeof r.kind === 'string' ? `'${r.kind.slice(0, 40)}'` : `(${typeof r.kind})`;
    // A host's kind saved by a page that registered it: register it (registerDrawingKind) before the chart restores.
    fail(`${path}.kind`, `unknown drawing kind ${name}; registered kinds: ${drawingKindList()}`);
  }
  const kind = r.kind;
  const points = array(r.points, `${path}.points`).map((p, i) => {
    const pr = record(p, `${path}.points[${i}]`);
    return {
      time: finite(pr.time, `${path}.points[${i}].time`),
      price: finite(pr.price, `${path}.points[${i}].price`),
    };
  });
  if (points.length !== drawingPointCount(kind))
    fail(`${path}.points`, `${kind} needs ${drawingPointCount(kind)} points`);
  // A bad style field is left out alone (named; its default is drawn): the drawing itself is kept.
  const styleErrors = validateDrawingStyle(r.style, `${path}.style`);
  const saved: Record<string, unknown> = isRecord(r.style) ? { ...r.style } : {};
  const styleNotes: string[] = [];
  for (const e of styleErrors) {
    styleNotes.push(`${e.path}: ${e.reason}; the default is used`);
    delete saved[e.path.slice(`${path}.style.`.length)];
  }
  const style: DrawingStyle = normalizeStyle(saved);
  if (typeof r.locked !== 'boolean') fail(`${path}.locked`, 'expected true or false');
  if (r.label !== undefined && (typeof r.label !== 'string' || r.label.length > MAX_DRAWING_LABEL_LENGTH)) {
    fail(`${path}.label`, `expected a string of at most ${MAX_DRAWING_LABEL_LENGTH} characters`);
  }
  const out: Drawing = {
    id: string(r.id, `${path}.id`, 64),
    kind,
    points,
    paneId: string(r.paneId, `${path}.paneId`),
    style,
    locked: r.locked,
    z: finite(r.z, `${path}.z`),
  };
  dropped.push(...styleNotes);
  return typeof r.label === 'string' && r.label ? { ...out, label: r.label } : out;
}

function comparison(v: unknown, path: string): ComparisonEntry {
  const r = record(v, path);
  return {
    symbol: string(r.symbol, `${path}.symbol`),
    sourceId: string(r.sourceId, `${path}.sourceId`),
    color: string(r.color, `${path}.color`),
    ...scaleOf(r.scale, `${path}.scale`),
  };
}

/** The optional price scale of an overlay or comparison (`left`; absent: the main scale). */
function scaleOf(v: unknown, path: string): { scale?: 'left' } {
  if (v === undefined || v === 'right') return {};
  if (v !== 'left') fail(path, "expected 'left' or 'right'");
  return { scale: 'left' };
}

const MARKER_POSITIONS = ['above', 'below', 'on'];
const MARKER_SHAPES = ['arrow', 'circle', 'square', 'flag'];
const LINE_STYLES = ['solid', 'dashed', 'dotted'];

function oneOf<T extends string>(v: unknown, allowed: readonly string[], path: string): T {
  if (typeof v !== 'string' || !allowed.includes(v)) fail(path, `expected one of ${allowed.join(', ')}`);
  return v as T;
}

function color(v: unknown, path: string): string {
  if (!isCssColor(v)) fail(path, 'expected a CSS colour');
  return v;
}

function marker(v: unknown, path: string): ChartMarker {
  const r = record(v, path);
  if (r.text !== undefined && (typeof r.text !== 'string' || r.text.length > 20))
    fail(`${path}.text`, 'expected a string of at most 20 characters');
  const out: ChartMarker = {
    id: string(r.id, `${path}.id`, 32),
    time: finite(r.time, `${path}.time`),
    position: oneOf(r.position, MARKER_POSITIONS, `${path}.position`),
    shape: oneOf(r.shape, MARKER_SHAPES, `${path}.shape`),
    color: color(r.color, `${path}.color`),
  };
  return typeof r.text === 'string' && r.text ? { ...out, text: r.text } : out;
}

const ALERT_MODES = ['off', 'cross', 'cross_up', 'cross_down'];

/** A price line; a bad `alert` or `alertOnce` (absent before alerts) is dropped and named, the line kept. */
function priceLine(v: unknown, path: string, dropped: string[]): PriceLine {
  const r = record(v, path);
  if (typeof r.label !== 'string' || r.label.length > 40)
    fail(`${path}.label`, 'expected a string of at most 40 characters');
  if (typeof r.axisLabel !== 'boolean') fail(`${path}.axisLabel`, 'expected true or false');
  if (typeof r.draggable !== 'boolean') fail(`${path}.draggable`, 'expected true or false');
  const line: PriceLine = {
    id: string(r.id, `${path}.id`, 32),
    price: finite(r.price, `${path}.price`),
    label: r.label,
    color: color(r.color, `${path}.color`),
    style: oneOf(r.style, LINE_STYLES, `${path}.style`),
    axisLabel: r.axisLabel,
    draggable: r.draggable,
    alert: 'off',
    alertOnce: true,
  };
  const alertOk = typeof r.alert === 'string' && ALERT_MODES.includes(r.alert);
  if (!alertOk && r.alert !== undefined) dropped.push(`${path}.alert: expected one of ${ALERT_MODES.join(', ')}`);
  const onceOk = typeof r.alertOnce === 'boolean';
  if (!onceOk && r.alertOnce !== undefined) dropped.push(`${path}.alertOnce: expected true or false`);
  return {
    ...line,
    ...(alertOk ? { alert: r.alert as PriceLine['alert'] } : {}),
    ...(onceOk ? { alertOnce: r.alertOnce as boolean } : {}),
  };
}

/** Per-instrument lists of items with ids: bad items and repeated ids are dropped and named. */
function perInstrument<T extends { id: string }>(
  raw: unknown,
  field: string,
  parse: (v: unknown, p: string) => T,
  dropped: string[],
): Record<string, T[]> {
  const out: Record<string, T[]> = {};
  if (raw === undefined) return out;
  for (const [key, list] of instrumentEntries(record(raw, field), field, dropped)) {
    const path = `${field}[${JSON.stringify(key)}]`;
    if (!Array.isArray(list)) {
      dropped.push(`${path}: expected an array`);
      continue;
    }
    const ids = new Set<string>();
    const kept = items(list, path, parse, dropped).filter((x) => {
      if (ids.has(x.id)) {
        dropped.push(`${path}: id '${x.id}' appears twice`);
        return false;
      }
      ids.add(x.id);
      return true;
    });
    if (kept.length > 0) out[key] = kept;
  }
  return out;
}

/**
 * Known keys checked against the settings schema (enums, types) and timezones against `Intl`;
 * a bad value keeps the default and is reported in `dropped`; keys this build does not know are ignored.
 */
function settings(v: unknown, path: string, dropped: string[]): ChartSettings {
  const r = record(v, path);
  const out: Record<string, unknown> = { ...DEFAULT_SETTINGS };
  const schemas = SettingsValues.properties as Record<string, TSchema>;
  for (const key of Object.keys(DEFAULT_SETTINGS)) {
    if (!(key in r)) continue;
    const value = r[key];
    const schema = schemas[key];
    if (schema && !Value.Check(schema, value)) {
      dropped.push(`${path}.${key}: ${JSON.stringify(value)?.slice(0, 40) ?? typeof value} is not an allowed value`);
      continue;
    }
    if (key === 'timezone' && typeof value === 'string' && value !== '' && !isKnownTimeZone(value)) {
      dropped.push(`${path}.timezone: unknown timezone '${value.slice(0, 64)}'`);
      continue;
    }
    out[key] = value;
  }
  return out as unknown as ChartSettings;
}

/** Parses each item on its own: a bad one is left out and named in `dropped`, the rest is kept. */
function items<T>(list: unknown[], path: string, parse: (v: unknown, p: string) => T, dropped: string[]): T[] {
  const out: T[] = [];
  list.forEach((v, i) => {
    try {
      out.push(parse(v, `${path}[${i}]`));
    } catch (error) {
      if (!(error instanceof LayoutError)) throw error;
      dropped.push(error.message);
    }
  });
  return out;
}

/**
 * Reads a saved layout document. Bad JSON, a missing version, a document from a newer version, or
 * a top-level field of the wrong type refuses the whole document (with the path of the problem; a
 * newer one with `newerVersion` so the caller can keep it aside for that version). Inside, each
 * indicator, pane, drawing, comparison and setting is checked on its own (shape, finite points,
 * known drawing kinds, settings enums, IANA timezones, and with `check.indicators` known studies
 * and params within their bounds): a bad one is left out, named in `dropped`, and the rest restores.
 */
/**
 * The panes and studies a chart keeps ({@link MAX_PANES} indicator panes, {@link MAX_STUDIES} studies), as
 * `indicators_add` and the `indicators` attribute do: a layout saved before the limits (or edited) would
 * otherwise restore a chart too crowded to use. A study in a pane left out is left out with it.
 */
function withinStudyLimits(
  panes: PaneLayout[],
  indicators: IndicatorInstance[],
  dropped: string[],
): { panes: PaneLayout[]; indicators: IndicatorInstance[] } {
  if (panes.length - 1 <= MAX_PANES && indicators.length <= MAX_STUDIES) return { panes, indicators };
  const keptPanes = panes.slice(0, MAX_PANES + 1);
  const gone = new Set(panes.slice(MAX_PANES + 1).map((p) => p.id));
  const inKeptPanes = indicators.filter((s) => !gone.has(s.paneId));
  const kept = inKeptPanes.slice(0, MAX_STUDIES);
  const left = indicators.length - kept.length;
  if (gone.size > 0 || left > 0)
    dropped.push(
      `indicators: ${left} studies and ${gone.size} panes left out: a chart shows at most ${MAX_STUDIES} studies and ${MAX_PANES} indicator panes`,
    );
  return { panes: keptPanes, indicators: kept };
}

export function parseLayout(text: string, check: LayoutCheckOptions = {}): ParseLayoutResult {
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch (error) {
    return { ok: false, reason: `not JSON: ${(error as Error).message}` };
  }
  if (!isRecord(raw)) return { ok: false, reason: 'expected a JSON object' };
  const version = raw.version;
  if (typeof version !== 'number' || !Number.isInteger(version) || version < 1) {
    return { ok: false, reason: 'version: expected a positive integer' };
  }
  if (version > LAYOUT_VERSION) {
    return {
      ok: false,
      reason: `saved by a newer version (${version}); this chart reads version ${LAYOUT_VERSION}`,
      newerVersion: version,
    };
  }
  const dropped: string[] = [];
  try {
    const savedAt = finite(raw.savedAt, 'savedAt');
    const rawPanes = array(raw.panes, 'panes');
    const rawIndicators = array(raw.indicators, 'indicators');
    const rawDrawings = record(raw.drawings, 'drawings');
    const rawComparisons = array(raw.comparisons, 'comparisons');
    record(raw.settings, 'settings');
    let panes = items(rawPanes, 'panes', pane, dropped).map((p, i) => clampWeight(p, i, dropped));
    const seenPanes = new Set<string>();
    panes = panes.filter((p, i) => {
      if (seenPanes.has(p.id)) {
        dropped.push(`panes[${i}]: pane id '${p.id}' appears twice`);
        return false;
      }
      seenPanes.add(p.id);
      return true;
    });
    if (panes[0]?.id !== 'price') {
      dropped.push("panes[0].id: the first pane must be 'price'");
      const price = panes.find((p) => p.id === 'price') ?? { id: 'price', weight: 3 };
      panes = [price, ...panes.filter((p) => p !== price)];
    }
    const drawings: Record<string, Drawing[]> = {};
    for (const [key, list] of instrumentEntries(rawDrawings, 'drawings', dropped)) {
      const path = `drawings[${JSON.stringify(key)}]`;
      if (!Array.isArray(list)) {
        dropped.push(`${path}: expected an array`);
        continue;
      }
      const ids = new Set<string>();
      const kept = items(list, path, (d, p) => drawing(d, p, dropped), dropped).filter((d) => {
        if (ids.has(d.id)) {
          dropped.push(`${path}: drawing id '${d.id}' appears twice`);
          return false;
        }
        ids.add(d.id);
        return true;
      });
      if (kept.length > 0) drawings[key] = kept;
    }
    const revision =
      typeof raw.revision === 'number' && Number.isSafeInteger(raw.revision) && raw.revision >= 0 ? raw.revision : 0;
    const limited = withinStudyLimits(
      panes,
      items(rawIndicators, 'indicators', (v, p) => indicator(v, p, check, dropped), dropped),
      dropped,
    );
    const layout: LayoutDocument = {
      version: LAYOUT_VERSION,
      savedAt,
      ...(revision > 0 ? { revision } : {}),
      indicators: limited.indicators,
      panes: limited.panes,
      drawings,
      comparisons: items(rawComparisons, 'comparisons', comparison, dropped),
      settings: settings(raw.settings, 'settings', dropped),
      markers: Object.fromEntries(
        Object.entries(perInstrument(raw.markers, 'markers', marker, dropped)).map(([k, list]) => {
          list.sort((a, b) => a.time - b.time);
          // As markers_create: an instrument holds at most MAX_MARKERS; the latest are kept.
          if (list.length > MAX_MARKERS) {
            dropped.push(
              `markers[${JSON.stringify(k)}]: ${list.length - MAX_MARKERS} earliest left out: an instrument holds at most ${MAX_MARKERS} markers`,
            );
          }
          return [k, list.slice(-MAX_MARKERS)];
        }),
      ),
      priceLines: Object.fromEntries(
        Object.entries(perInstrument(raw.priceLines, 'priceLines', (v, p) => priceLine(v, p, dropped), dropped)).map(
          ([k, list]) => {
            // As price_lines_create: an instrument holds at most MAX_PRICE_LINES; the first are kept.
            if (list.length > MAX_PRICE_LINES) {
              dropped.push(
                `priceLines[${JSON.stringify(k)}]: ${list.length - MAX_PRICE_LINES} left out: an instrument holds at most ${MAX_PRICE_LINES} price lines`,
              );
            }
            return [k, list.slice(0, MAX_PRICE_LINES)];
          },
        ),
      ),
    };
    return { ok: true, layout, dropped };
  } catch (error) {
    if (error instanceof LayoutError) return { ok: false, reason: error.message };
    throw error;
  }
}

import { INDICATOR_CONVENTIONS, isIndicatorConvention, type IndicatorConvention } from '../indicators/indicator-convention.js';
import { DEFAULT_SETTINGS, type ChartSettings, type ComparisonEntry, type IndicatorInstance, type PaneLayout } from '../commands/chart-state.js';
import {
  DRAWING_POINT_COUNTS, isDrawingKind, MAX_DRAWING_LABEL_LENGTH, normalizeStyle, validateDrawingStyle,
  type Drawing, type DrawingStyle,
} from '../drawings/index.js';
import { LAYOUT_VERSION, type LayoutDocument } from './layout-document.js';

/** Result of `parseLayout`: the document, or why it cannot be used. */
export type ParseLayoutResult =
  | { readonly ok: true; readonly layout: LayoutDocument }
  | { readonly ok: false; readonly reason: string; readonly newerVersion?: number };

/** A problem at a path of the document. */
class LayoutError extends Error {}

function fail(path: string, reason: string): never {
  throw new LayoutError(`${path}: ${reason}`);
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
  if (typeof v !== 'string' || v.length === 0 || v.length > max) fail(path, `expected a string of 1 to ${max} characters`);
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
    const ok = value === null || ['number', 'string', 'boolean'].includes(typeof value) || Array.isArray(value) || isRecord(value);
    if (!ok) fail(`${path}.${k}`, 'expected a JSON value');
    if (typeof value === 'number' && !Number.isFinite(value)) fail(`${path}.${k}`, 'expected a finite number');
  }
  return r;
}

function indicator(v: unknown, path: string): IndicatorInstance {
  const r = record(v, path);
  return {
    instanceId: string(r.instanceId, `${path}.instanceId`),
    definitionId: string(r.definitionId, `${path}.definitionId`),
    params: params(r.params, `${path}.params`),
    paneId: string(r.paneId, `${path}.paneId`),
    ...(r.convention === undefined ? {} : { convention: convention(r.convention, `${path}.convention`) }),
  };
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

function drawing(v: unknown, path: string): Drawing {
  const r = record(v, path);
  if (!isDrawingKind(r.kind)) fail(`${path}.kind`, 'unknown drawing kind');
  const kind = r.kind;
  const points = array(r.points, `${path}.points`).map((p, i) => {
    const pr = record(p, `${path}.points[${i}]`);
    return { time: finite(pr.time, `${path}.points[${i}].time`), price: finite(pr.price, `${path}.points[${i}].price`) };
  });
  if (points.length !== DRAWING_POINT_COUNTS[kind]) fail(`${path}.points`, `${kind} needs ${DRAWING_POINT_COUNTS[kind]} points`);
  const styleErrors = validateDrawingStyle(r.style, `${path}.style`);
  if (styleErrors.length > 0) fail(styleErrors[0].path, styleErrors[0].reason);
  const style: DrawingStyle = normalizeStyle(record(r.style, `${path}.style`) as Partial<DrawingStyle>);
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
  return typeof r.label === 'string' && r.label ? { ...out, label: r.label } : out;
}

function comparison(v: unknown, path: string): ComparisonEntry {
  const r = record(v, path);
  return { symbol: string(r.symbol, `${path}.symbol`), sourceId: string(r.sourceId, `${path}.sourceId`), color: string(r.color, `${path}.color`) };
}

/** Known keys with the type of their default; keys this build does not know are dropped. */
function settings(v: unknown, path: string): ChartSettings {
  const r = record(v, path);
  const out: Record<string, unknown> = { ...DEFAULT_SETTINGS };
  for (const [key, def] of Object.entries(DEFAULT_SETTINGS)) {
    if (!(key in r)) continue;
    if (typeof r[key] !== typeof def) fail(`${path}.${key}`, `expected a ${typeof def}`);
    out[key] = r[key];
  }
  return out as unknown as ChartSettings;
}

/**
 * Reads a saved layout document. Anything that does not match version 1 exactly (bad JSON, a
 * missing or mistyped field, a drawing with the wrong number of points) is refused with the path of
 * the first problem; a document from a newer version is refused with `newerVersion` so the caller
 * can keep it aside for that version instead of overwriting it.
 */
export function parseLayout(text: string): ParseLayoutResult {
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
    return { ok: false, reason: `saved by a newer version (${version}); this chart reads version ${LAYOUT_VERSION}`, newerVersion: version };
  }
  try {
    const panes = array(raw.panes, 'panes').map((p, i) => pane(p, `panes[${i}]`));
    if (panes[0]?.id !== 'price') fail('panes[0].id', "the first pane must be 'price'");
    if (new Set(panes.map((p) => p.id)).size !== panes.length) fail('panes', 'pane ids must be unique');
    const drawings: Record<string, Drawing[]> = {};
    for (const [key, list] of Object.entries(record(raw.drawings, 'drawings'))) {
      const path = `drawings[${JSON.stringify(key)}]`;
      drawings[key] = array(list, path).map((d, i) => drawing(d, `${path}[${i}]`));
      if (new Set(drawings[key].map((d) => d.id)).size !== drawings[key].length) fail(path, 'drawing ids must be unique');
    }
    const layout: LayoutDocument = {
      version: LAYOUT_VERSION,
      savedAt: finite(raw.savedAt, 'savedAt'),
      indicators: array(raw.indicators, 'indicators').map((x, i) => indicator(x, `indicators[${i}]`)),
      panes,
      drawings,
      comparisons: array(raw.comparisons, 'comparisons').map((x, i) => comparison(x, `comparisons[${i}]`)),
      settings: settings(raw.settings, 'settings'),
    };
    return { ok: true, layout };
  } catch (error) {
    if (error instanceof LayoutError) return { ok: false, reason: error.message };
    throw error;
  }
}

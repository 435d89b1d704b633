import type { TSchema } from '@sinclair/typebox';
import type { IndicatorRegistry } from './indicator-registry.js';
import { createDefaultIndicatorRegistry } from './default-indicator-registry.js';
import { resolveParams } from './resolve-params.js';
import { INDICATOR_CONVENTIONS, isIndicatorConvention, type IndicatorConvention } from './indicator-convention.js';

/** One study parsed from the short notation. */
export interface ParsedIndicator {
  /** Canonical id of the registered definition (its own case). */
  readonly definitionId: string;
  /** Full, validated params (against the definition of the study's convention). */
  readonly params: Record<string, unknown>;
  /** The convention the piece named after `;` (`MACD(12,26,9;tdx)`); absent: the chart's. */
  readonly convention?: IndicatorConvention;
}

/** A piece of the notation that could not be used; `text` is that piece as written. */
export interface IndicatorListError {
  readonly text: string;
  readonly reason: string;
}

/** Result of {@link parseIndicatorList}: usable items and the pieces that were refused. */
export interface ParsedIndicatorList {
  readonly items: readonly ParsedIndicator[];
  readonly errors: readonly IndicatorListError[];
}

let defaultRegistry: IndicatorRegistry | undefined;

/** Splits on commas outside parentheses. */
function splitTopLevel(text: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    if (ch === '(') depth++;
    else if (ch === ')') depth = Math.max(0, depth - 1);
    else if (ch === ',' && depth === 0) {
      parts.push(text.slice(start, i));
      start = i + 1;
    }
  }
  parts.push(text.slice(start));
  return parts.map((p) => p.trim()).filter((p) => p !== '');
}

function parseScalar(raw: string): unknown {
  const t = raw.trim();
  if (t === 'true') return true;
  if (t === 'false') return false;
  if (t === '[]') return []; // `VOL(periods=[])`: an array param set to empty
  if (t !== '' && Number.isFinite(Number(t))) return Number(t);
  return t.replace(/^["']|["']$/g, '');
}

function isArraySchema(schema: TSchema): boolean {
  return schema.type === 'array';
}

const TOKEN = /^([A-Za-z][A-Za-z0-9_]*)\s*(?:\(([^();]*)(?:;([^();]*))?\))?$/;

/** The study ids an `indicators` notation names (`MA(5,20),VOL` → `MA`, `VOL`), to load before parsing. */
export function indicatorListIds(text: string): string[] {
  return splitTopLevel(text ?? '')
    .map((piece) => TOKEN.exec(piece)?.[1])
    .filter((id): id is string => id !== undefined);
}

/**
 * The studies an `indicators` notation names with the convention a piece names after `;`
 * (`MA(5,20),MACD(;tdx)` → `MA`, `MACD` tdx), to load with their forms before parsing.
 */
export function indicatorListStudies(text: string): { id: string; convention?: IndicatorConvention }[] {
  const out: { id: string; convention?: IndicatorConvention }[] = [];
  for (const piece of splitTopLevel(text ?? '')) {
    const m = TOKEN.exec(piece);
    if (!m) continue;
    const named = m[3]?.trim();
    out.push(isIndicatorConvention(named) ? { id: m[1], convention: named } : { id: m[1] });
  }
  return out;
}

/**
 * Parses the `indicators` attribute notation, e.g. `MA(5,20),VOL,MACD(12,26,9)`.
 * Positional values fill params in the definition's `paramOrder` (an array param such as MA's
 * `periods` takes all remaining values); `name=value` sets a param by name; everything else keeps
 * its default; `name=[]` empties an array param (`VOL(periods=[])`: volume without its averages). Bounds are checked with the TypeBox schema. A convention after `;` inside the
 * parentheses (`MACD(12,26,9;tdx)`, `RSI(;tdx)`) makes that study follow it whatever the chart's;
 * otherwise params are read against `convention` (the chart's, default `ta-lib`).
 *
 * @example parseIndicatorList('MA(5,20),VOL') // items: [{ definitionId: 'MA', params: { periods: [5, 20] } }, { definitionId: 'VOL', ... }]
 * @example parseIndicatorList('RSI(6,12,24;tdx)') // items: [{ definitionId: 'RSI', params: { periods: [6, 12, 24] }, convention: 'tdx' }]
 */
export function parseIndicatorList(
  text: string,
  registry: IndicatorRegistry = (defaultRegistry ??= createDefaultIndicatorRegistry()),
  convention: IndicatorConvention = 'ta-lib',
): ParsedIndicatorList {
  const items: ParsedIndicator[] = [];
  const errors: IndicatorListError[] = [];
  for (const piece of splitTopLevel(text)) {
    const m = TOKEN.exec(piece);
    if (!m) {
      errors.push({ text: piece, reason: 'expected NAME or NAME(value,…)' });
      continue;
    }
    if (!registry.get(m[1])) {
      errors.push({ text: piece, reason: 'unknown indicator' });
      continue;
    }
    const named = m[3]?.trim();
    if (named !== undefined && !isIndicatorConvention(named)) {
      errors.push({ text: piece, reason: `unknown convention; expected one of ${INDICATOR_CONVENTIONS.join(', ')}` });
      continue;
    }
    const def = registry.resolve(m[1], named ?? convention);
    if (!def) {
      // A form whose chunk is not in (it failed to load): never read the params as another form's.
      const form = named ?? convention;
      const reason = registry.hasVariant(m[1], form) ? `its ${form} form could not be loaded` : 'unknown indicator';
      errors.push({ text: piece, reason });
      continue;
    }
    const properties: Record<string, TSchema> = def.params.properties;
    const partial: Record<string, unknown> = {};
    const args = m[2] === undefined || m[2].trim() === '' ? [] : m[2].split(',').map((a) => a.trim());
    let slot = 0;
    let failed: string | undefined;
    for (let a = 0; a < args.length && failed === undefined; a++) {
      const arg = args[a];
      const eq = arg.indexOf('=');
      if (eq > 0) {
        partial[arg.slice(0, eq).trim()] = parseScalar(arg.slice(eq + 1));
        continue;
      }
      const name = def.paramOrder[slot];
      if (name === undefined) {
        failed = `too many values: ${def.id} takes ${def.paramOrder.length}`;
        break;
      }
      if (isArraySchema(properties[name])) {
        const rest: unknown[] = [];
        for (; a < args.length && args[a].indexOf('=') <= 0; a++) rest.push(parseScalar(args[a]));
        a--;
        partial[name] = rest;
      } else {
        partial[name] = parseScalar(arg);
      }
      slot++;
    }
    if (failed !== undefined) {
      errors.push({ text: piece, reason: failed });
      continue;
    }
    const resolved = resolveParams(def, partial);
    if (!resolved.ok) {
      errors.push({
        text: piece,
        reason: resolved.errors.map((e) => (e.path ? `${e.path}: ${e.reason}` : e.reason)).join('; '),
      });
      continue;
    }
    items.push({
      definitionId: def.id,
      params: resolved.params,
      ...(named !== undefined ? { convention: named } : {}),
    });
  }
  return { items, errors };
}

import { createBars, type Bars } from './bars.js';
import { checkTimeZone } from './check-time-zone.js';
import { DataSourceError } from './data-source.js';
import { locateJsonError } from './locate-json-error.js';
import { orderParsedBars } from './order-parsed-bars.js';
import type { ParseBarsOptions } from './parse-bars-csv.js';
import { isSerialDate, parseTimeValue } from './parse-time-value.js';
import { checkBar } from './check-bar.js';
import { PERIODS, isPeriod, type Period } from './period.js';
import { runStepsYielding } from './run-steps-yielding.js';

/** Bars from a JSON file plus whatever the file says about itself. */
export interface ParsedBarsFile {
  readonly bars: Bars;
  readonly symbol?: string;
  readonly name?: string;
  readonly exchange?: string;
  readonly market?: string;
  /** The zone times without an offset were read in: the file's `timezone`, else the option, else UTC. */
  readonly timeZone: string;
  readonly period?: Period;
}

type Field = 'time' | 'open' | 'high' | 'low' | 'close' | 'volume';
const FIELDS: readonly Field[] = ['time', 'open', 'high', 'low', 'close', 'volume'];
const ALIASES: Record<Field, readonly string[]> = {
  time: ['time', 't', 'date', 'timestamp', 'datetime'],
  open: ['open', 'o'],
  high: ['high', 'h'],
  low: ['low', 'l'],
  close: ['close', 'c'],
  volume: ['volume', 'v', 'vol'],
};
const NUMERIC_TEXT = /^\s*[+-]?(\d+\.?\d*|\.\d+)(e[+-]?\d+)?\s*$/i;
const TIME_HINT = 'expected a time (epoch seconds or ms, ISO 8601, YYYY-MM-DD or YYYY-MM-DD HH:mm)';

function fail(path: string, reason: string): never {
  throw new DataSourceError('parse', `${path}: ${reason}`);
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function pick(record: Record<string, unknown>, field: Field): unknown {
  for (const key of ALIASES[field]) if (key in record) return record[key];
  return undefined;
}

function toNumber(value: unknown, path: string, field: Field): number {
  if (field === 'volume' && (value === undefined || value === null || value === '')) return 0;
  if (value === undefined) fail(path, 'missing');
  if (typeof value === 'number' && Number.isFinite(value)) return value;
  if (typeof value === 'string' && NUMERIC_TEXT.test(value)) {
    const number = Number(value);
    return Number.isFinite(number) ? number : fail(path, 'not a finite number');
  }
  // JSON.parse reads `1e999` as Infinity.
  if (typeof value === 'number') return fail(path, 'not a finite number');
  return fail(path, 'expected a number');
}

function toTime(value: unknown, path: string, timeZone: string): number {
  if (value === undefined) fail(path, 'missing');
  const time = typeof value === 'number' || typeof value === 'string' ? parseTimeValue(value, timeZone) : null;
  if (time === null && typeof value === 'number' && isSerialDate(value))
    fail(path, `${value} looks like a spreadsheet serial date, not epoch seconds or ms; ${TIME_HINT}`);
  return time === null ? fail(path, TIME_HINT) : time;
}

function optionalText(record: Record<string, unknown>, key: string): string | undefined {
  const value = record[key];
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'string') fail(key, 'expected a string');
  return value.trim() === '' ? undefined : value.trim();
}

/** Bars converted between two yields of {@link parseBarsJsonYielding} (a few tens of ms each). */
export const JSON_ROWS_PER_CHUNK = 20_000;

function* fromRows(rows: readonly unknown[], prefix: string, timeZone: string): Generator<void, Bars, void> {
  const bars = createBars(rows.length);
  for (let i = 0; i < rows.length; i++) {
    if (i > 0 && i % JSON_ROWS_PER_CHUNK === 0) yield;
    const row = rows[i];
    const base = `${prefix}[${i}]`;
    let get: (field: Field, index: number) => unknown;
    if (Array.isArray(row)) get = (_field, index) => row[index];
    else if (isRecord(row)) get = (field) => pick(row, field);
    else
      fail(
        base,
        'expected an object with time, open, high, low, close (or an array [time, open, high, low, close, volume])',
      );
    bars.time[i] = toTime(get('time', 0), `${base}.time`, timeZone);
    bars.open[i] = toNumber(get('open', 1), `${base}.open`, 'open');
    bars.high[i] = toNumber(get('high', 2), `${base}.high`, 'high');
    bars.low[i] = toNumber(get('low', 3), `${base}.low`, 'low');
    bars.close[i] = toNumber(get('close', 4), `${base}.close`, 'close');
    bars.volume[i] = toNumber(get('volume', 5), `${base}.volume`, 'volume');
    const problem = checkBar(bars.time[i], bars.open[i], bars.high[i], bars.low[i], bars.close[i], bars.volume[i]);
    if (problem) fail(`${base}.${problem.field}`, problem.reason);
  }
  if (rows.length === 0) fail(prefix || '(root)', 'no bars (an empty array)');
  return orderParsedBars(bars, rows.length, {
    label: (i) => `${prefix}[${i}]`,
    line: () => undefined,
    timeSuffix: '.time',
  });
}

function* fromColumns(record: Record<string, unknown>, prefix: string, timeZone: string): Generator<void, Bars, void> {
  const columns = new Map<Field, { key: string; values: unknown[] }>();
  for (const field of FIELDS) {
    const key = ALIASES[field].find((k) => k in record);
    if (key === undefined) {
      if (field !== 'volume') fail(`${prefix}${field}`, 'missing column');
      continue;
    }
    const values = record[key];
    if (!Array.isArray(values)) fail(`${prefix}${key}`, 'expected an array');
    columns.set(field, { key, values });
  }
  const time = columns.get('time') as { key: string; values: unknown[] };
  const length = time.values.length;
  for (const { key, values } of columns.values()) {
    if (values.length !== length)
      fail(`${prefix}${key}`, `expected ${length} values like ${prefix}${time.key}, found ${values.length}`);
  }
  const bars = createBars(length);
  for (const field of FIELDS) {
    const column = columns.get(field);
    const target = bars[field];
    for (let i = 0; i < length; i++) {
      if (i > 0 && i % JSON_ROWS_PER_CHUNK === 0) yield;
      const path = `${prefix}${column?.key ?? field}[${i}]`;
      target[i] =
        field === 'time' ? toTime(column?.values[i], path, timeZone) : toNumber(column?.values[i], path, field);
    }
  }
  for (let i = 0; i < length; i++) {
    if (i > 0 && i % JSON_ROWS_PER_CHUNK === 0) yield;
    const problem = checkBar(bars.time[i], bars.open[i], bars.high[i], bars.low[i], bars.close[i], bars.volume[i]);
    if (problem) fail(`${prefix}${columns.get(problem.field)?.key ?? problem.field}[${i}]`, problem.reason);
  }
  if (length === 0) fail(`${prefix}${time.key}`, 'no bars (empty columns)');
  return orderParsedBars(bars, length, {
    label: (i) => `${prefix}${time.key}[${i}]`,
    line: () => undefined,
    timeSuffix: '',
  });
}

function lineAt(text: string, offset: number): { line: number; column: number } {
  let line = 1;
  let lineStart = 0;
  for (let i = 0; i < offset && i < text.length; i++) {
    if (text.charCodeAt(i) === 10) {
      line++;
      lineStart = i + 1;
    }
  }
  return { line, column: offset - lineStart + 1 };
}

/**
 * Parses bars from JSON text in any of three shapes:
 * - an array of rows, each `{ time|t|date, open|o, high|h, low|l, close|c, volume|v }` (volume
 *   optional) or `[time, open, high, low, close, volume?]`;
 * - an object `{ symbol?, name?, exchange?, market?, timezone?, period?, bars: <rows or columns> }`;
 * - columns `{ time: [...], open: [...], high: [...], low: [...], close: [...], volume?: [...] }`.
 * Numbers may be JSON numbers or numeric strings. Times: see `parseTimeValue`; string times without an
 * offset are read in the file's `timezone`, else `options.timeZone`, else UTC.
 *
 * Errors are `DataSourceError('parse')` naming the place: `bars[12].close: expected a number`,
 * `close[3]: …` for columns, and for a syntax error the 1-based line (also in `error.line`). Refused
 * too: non-finite numbers (`1e999`), negative volume, high < low, open or close outside [low, high]
 * (`bars[3]: volume is negative`), duplicate or unsorted times, and a file with no bars.
 *
 * @example parseBarsJson('[{"t":1709908200,"o":1,"h":2,"l":0.5,"c":1.5}]').bars.length // 1
 */
export function parseBarsJson(text: string, options: ParseBarsOptions = {}): ParsedBarsFile {
  const steps = parseSteps(text, options);
  for (;;) {
    const step = steps.next();
    if (step.done) return step.value;
  }
}

/**
 * {@link parseBarsJson} that yields to the event loop (a macrotask) every {@link JSON_ROWS_PER_CHUNK}
 * bars it converts, as `parseBarsCsvYielding` does: a 100 MB file holds a million bars, and turning
 * them into columns took some seconds in one task (the page froze). Same result and same errors.
 * `JSON.parse` itself is still one task (0.9–1.8 s for 100 MB in Chromium). `options.signal` stops it at
 * its next yield with an `aborted` error (run-steps-yielding.ts).
 */
export async function parseBarsJsonYielding(
  text: string,
  options: ParseBarsOptions & { readonly signal?: AbortSignal } = {},
): Promise<ParsedBarsFile> {
  return runStepsYielding(parseSteps(text, options), options.signal);
}

function* parseSteps(text: string, options: ParseBarsOptions): Generator<void, ParsedBarsFile, void> {
  const source = text.replace(/^\uFEFF/, '');
  let data: unknown;
  try {
    data = JSON.parse(source);
  } catch (error) {
    const offset = locateJsonError(source);
    if (offset < 0)
      throw new DataSourceError(
        'parse',
        `JSON syntax error: ${error instanceof Error ? error.message : String(error)}`,
      );
    const { line, column } = lineAt(source, offset);
    const what = offset >= source.length ? 'unexpected end of the file' : 'unexpected character';
    throw new DataSourceError('parse', `JSON syntax error at line ${line}, column ${column}: ${what}.`, line);
  }

  let timeZone = options.timeZone ?? 'UTC';
  if (Array.isArray(data)) {
    checkTimeZone(timeZone);
    return { bars: yield* fromRows(data, '', timeZone), timeZone };
  }
  const shapes = 'expected an array of bars, an object with a "bars" array, or an object of columns';
  if (!isRecord(data)) return fail('(root)', shapes);
  if (!('bars' in data)) {
    // No column at all (an API's `{"error": …}`): say what the file is, not that `time` is missing.
    const keys = Object.keys(data);
    if (!FIELDS.some((field) => ALIASES[field].some((k) => k in data)))
      fail('(root)', `${shapes}; found ${keys.length ? keys.slice(0, 8).join(', ').slice(0, 120) : 'nothing'}`);
    checkTimeZone(timeZone);
    return { bars: yield* fromColumns(data, '', timeZone), timeZone };
  }
  const fileZone = optionalText(data, 'timezone') ?? optionalText(data, 'timeZone');
  if (fileZone !== undefined) timeZone = fileZone;
  checkTimeZone(timeZone, 'timezone');
  const periodText = optionalText(data, 'period');
  if (periodText !== undefined && !isPeriod(periodText)) fail('period', `expected one of ${PERIODS.join(', ')}`);
  const rows = data.bars;
  let bars: Bars;
  if (Array.isArray(rows)) bars = yield* fromRows(rows, 'bars', timeZone);
  else if (isRecord(rows)) bars = yield* fromColumns(rows, 'bars.', timeZone);
  else fail('bars', 'expected an array of bars or an object of columns');
  return {
    bars,
    symbol: optionalText(data, 'symbol'),
    name: optionalText(data, 'name'),
    exchange: optionalText(data, 'exchange'),
    market: optionalText(data, 'market'),
    timeZone,
    period: periodText,
  };
}

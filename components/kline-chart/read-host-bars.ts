import {
  BAR_FIELDS,
  barsFromObjects,
  findBadBar,
  isKnownTimeZone,
  isPeriod,
  MAX_PRICE_PRECISION,
  PERIODS,
  type Bar,
  type BarField,
  type Bars,
  type Period,
} from '../../src/core/data/index.js';

/** What `setBars` may say about the bars besides the attributes. */
export interface SetBarsOptions {
  /** Instrument code (default: the `symbol` attribute, else the current one, else `CUSTOM`). */
  readonly symbol?: string;
  /** Period of the bars (default: the `period` attribute the host set, else guessed from the spacing). */
  readonly period?: Period;
  /** Display name of the instrument. */
  readonly name?: string;
  /** IANA zone of the market (aggregation to days and weeks follows it; default `UTC`). */
  readonly timezone?: string;
  /** Decimals of the prices, 0–12 (default: the decimals of the bars' tick size). */
  readonly pricePrecision?: number;
}

/** Why a host's bars (or their options) were refused: `kline-error` `invalid_bars` carries all three. */
export interface HostBarsProblem {
  /** The first bad bar, or -1 when the problem is not one bar's. */
  readonly index: number;
  readonly reason: string;
  /** One sentence a person can act on. */
  readonly message: string;
}

/** The price and volume columns (every field but `time`). */
const COLUMNS = BAR_FIELDS.slice(1) as readonly Exclude<BarField, 'time'>[];

/**
 * The bars a host handed over (`setBars`, a `kline-data-request` answer) as columns, or why they
 * cannot be shown: not bars at all (a column missing or too short), none (`[]` would have emptied the
 * chart, its drawings and its undo history with no word), or the first bad bar (`findBadBar`). Never
 * throws, whatever `input` is.
 */
export function readHostBars(input: unknown, what: string): { bars: Bars } | { problem: HostBarsProblem } {
  let bars: Bars | null = null;
  try {
    const wrong = Array.isArray(input) ? notNumberInRows(input) : null;
    if (wrong) return { problem: wrong };
    bars = Array.isArray(input) ? barsFromObjects(input as readonly Bar[]) : columnar(input);
    if (bars && !Array.isArray(input)) {
      const problem = notNumberInColumns(bars);
      if (problem) return { problem };
      bars = numberColumns(bars);
    }
  } catch {
    bars = null;
  }
  if (!bars)
    return {
      problem: {
        index: -1,
        reason: 'not_bars',
        message: `${what} expects an array of {time, open, high, low, close, volume} or columnar Bars.`,
      },
    };
  if (bars.length === 0)
    return {
      problem: {
        index: -1,
        reason: 'empty',
        message: `${what} got no bars; the chart keeps what it shows.`,
      },
    };
  const bad = findBadBar(bars);
  return bad ? { problem: bad } : { bars };
}

/**
 * Whether `value` is read as what it says: a number (NaN and Infinity are `findBadBar`'s) or a numeric
 * text. A Float64Array would turn null, '' and false into 0 and true into 1 without a word.
 */
function numeric(value: unknown): boolean {
  return typeof value === 'number' || (typeof value === 'string' && value.trim() !== '' && !isNaN(Number(value)));
}

function notNumber(index: number, field: string, value: unknown): HostBarsProblem {
  const shown =
    typeof value === 'string' ? quote(value) : typeof value === 'object' && value ? 'an object' : String(value);
  return {
    index,
    reason: 'not_finite',
    message: `Bar ${index} has ${field} = ${shown}, not a number; every field must be a finite number.`,
  };
}

/** The first field of object rows that is not {@link numeric}, as a problem (rows that are not objects are `not_bars`). */
function notNumberInRows(rows: readonly unknown[]): HostBarsProblem | null {
  for (let i = 0; i < rows.length; i++) {
    const row = rows[i] as Record<string, unknown> | null;
    if (typeof row !== 'object' || row === null) return null;
    for (const field of BAR_FIELDS) if (!numeric(row[field])) return notNumber(i, field, row[field]);
  }
  return null;
}

/** Columns given as plain arrays: the first value that is not {@link numeric}, as a problem. */
function notNumberInColumns(bars: Bars): HostBarsProblem | null {
  for (const field of COLUMNS) {
    const column = bars[field] as ArrayLike<unknown>;
    if (ArrayBuffer.isView(column)) continue;
    for (let i = 0; i < bars.length; i++) if (!numeric(column[i])) return notNumber(i, field, column[i]);
  }
  return null;
}

/** A copy of `bars` whose plain-array columns are Float64Arrays (numeric texts read as numbers). */
function numberColumns(bars: Bars): Bars {
  if (COLUMNS.every((field) => ArrayBuffer.isView(bars[field]))) return bars;
  const out: Record<string, unknown> = { ...bars };
  for (const field of COLUMNS) {
    const column = bars[field] as ArrayLike<unknown>;
    if (!ArrayBuffer.isView(column)) out[field] = Float64Array.from(column as ArrayLike<number>, Number);
  }
  return out as unknown as Bars;
}

/** `input` when it is columnar Bars whose every column holds `length` values, else null. */
function columnar(input: unknown): Bars | null {
  if (typeof input !== 'object' || input === null) return null;
  const bars = input as Bars;
  const n = bars.length;
  if (!Number.isInteger(n) || n < 0 || !(bars.time instanceof Float64Array) || bars.time.length < n) return null;
  for (const key of COLUMNS) {
    const column = bars[key] as ArrayLike<number> | null | undefined;
    if (typeof column !== 'object' || column === null || !(column.length >= n)) return null;
  }
  return bars;
}

/**
 * The first thing wrong with `setBars`' options, or null: a period the chart does not know (it was
 * shown as "BASE · bogus"), a zone `Intl` refuses (every later paint threw), a symbol or name that is
 * not a short text. `null` and `undefined` mean no options.
 */
export function checkSetBarsOptions(options: unknown): HostBarsProblem | null {
  if (options === undefined || options === null) return null;
  const refuse = (message: string): HostBarsProblem => ({ index: -1, reason: 'bad_option', message });
  if (typeof options !== 'object')
    return refuse('setBars options must be an object: { symbol?, period?, name?, timezone?, pricePrecision? }.');
  const o = options as Record<keyof SetBarsOptions, unknown>;
  if (o.period !== undefined && !(typeof o.period === 'string' && isPeriod(o.period)))
    return refuse(`setBars: period ${quote(o.period)} is not one of ${PERIODS.join(' ')}.`);
  if (o.timezone !== undefined && !(typeof o.timezone === 'string' && isKnownTimeZone(o.timezone)))
    return refuse(`setBars: timezone ${quote(o.timezone)} is not an IANA time zone such as America/New_York.`);
  const p = o.pricePrecision;
  if (p !== undefined && !(typeof p === 'number' && Number.isInteger(p) && p >= 0 && p <= MAX_PRICE_PRECISION))
    return refuse(`setBars: pricePrecision must be a whole number from 0 to ${MAX_PRICE_PRECISION}.`);
  for (const key of ['symbol', 'name'] as const) {
    const value = o[key];
    if (value !== undefined && !(typeof value === 'string' && value.trim() && value.length <= 64))
      return refuse(`setBars: ${key} must be a text of 1 to 64 characters.`);
  }
  return null;
}

function quote(value: unknown): string {
  const text = typeof value === 'string' ? value : String(value);
  return `'${text.length > 40 ? `${text.slice(0, 40)}…` : text}'`;
}

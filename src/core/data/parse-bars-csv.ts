import { createBars, type Bars } from './bars.js';
import { DataSourceError } from './data-source.js';
import { checkTimeZone } from './check-time-zone.js';
import { checkBar } from './check-bar.js';
import { orderParsedBars } from './order-parsed-bars.js';
import { parseTimeValue } from './parse-time-value.js';
import { runStepsYielding } from './run-steps-yielding.js';

/** Options shared by the file parsers. */
export interface ParseBarsOptions {
  /** IANA zone for times written without an offset (`2024-03-08 09:30`). Default `UTC`. */
  readonly timeZone?: string;
}

const TIME_COLUMNS = ['time', 'date', 'timestamp', 'datetime'];
const PRICE_COLUMNS = ['open', 'high', 'low', 'close'] as const;
const NUMBER = /^[+-]?(\d+\.?\d*|\.\d+)(e[+-]?\d+)?$/i;
const CLOCK = /^\d{1,2}:\d{2}(:\d{2})?$/;

/** A short, escaped rendering of a cell for an error message. */
function quoteCell(value: string): string {
  return JSON.stringify(value.length > 32 ? `${value.slice(0, 32)}…` : value);
}

function splitRow(line: string, delimiter: string): string[] {
  if (!line.includes('"')) return line.split(delimiter);
  const cells: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < line.length; i++) {
    const ch = line[i];
    if (quoted) {
      if (ch === '"' && line[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else cell += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === delimiter) {
      cells.push(cell);
      cell = '';
    } else cell += ch;
  }
  cells.push(cell);
  return cells;
}

function detectDelimiter(header: string): string {
  let best = ',';
  let bestCount = 0;
  for (const candidate of [',', ';', '\t']) {
    const count = header.split(candidate).length - 1;
    if (count > bestCount) {
      best = candidate;
      bestCount = count;
    }
  }
  return best;
}

/**
 * Parses OHLCV rows from CSV text. A header row is required; column names are case-insensitive:
 * `time`|`date`|`timestamp`|`datetime` (the first of them; `date` plus a `time` column of `HH:mm[:ss]`
 * are joined), `open`, `high`, `low`, `close`, and optional `volume` (missing column or empty cell → 0);
 * other columns are ignored. Separators `,`, `;` or tab (taken from
 * the header); with `;` or tab a decimal comma (`1,5`) is accepted. Times: see `parseTimeValue`.
 * Rows may be ascending or descending (the result is ascending).
 *
 * Nothing is dropped silently: a short row, a non-numeric or non-finite value (`1e999`), a negative
 * volume, `high < low`, open or close outside [low, high], a bad time, a duplicate or out-of-order
 * time, or a file with no rows throws `DataSourceError('parse', 'line N: …', N)` with the 1-based line.
 * Blank lines are skipped.
 *
 * @example parseBarsCsv('date,open,high,low,close\n2024-03-08,1,2,0.5,1.5\n', { timeZone: 'America/New_York' })
 */
export function parseBarsCsv(text: string, options: ParseBarsOptions = {}): { bars: Bars } {
  const steps = parseSteps(text, options);
  for (;;) {
    const step = steps.next();
    if (step.done) return step.value;
  }
}

/** Rows parsed between two yields of {@link parseBarsCsvYielding} (a few tens of ms each). */
export const CSV_ROWS_PER_CHUNK = 20_000;

/**
 * {@link parseBarsCsv} that yields to the event loop (a macrotask) every {@link CSV_ROWS_PER_CHUNK}
 * rows: a file of a million rows takes seconds to parse, and the page must stay responsive meanwhile
 * (the "Loading…" state paints, clicks answer). Same result and same errors; `options.signal` stops it
 * at its next yield with an `aborted` error (run-steps-yielding.ts).
 */
export async function parseBarsCsvYielding(
  text: string,
  options: ParseBarsOptions & { readonly signal?: AbortSignal } = {},
): Promise<{ bars: Bars }> {
  return runStepsYielding(parseSteps(text, options), options.signal);
}

function* parseSteps(text: string, options: ParseBarsOptions): Generator<void, { bars: Bars }, void> {
  const timeZone = options.timeZone ?? 'UTC';
  checkTimeZone(timeZone);
  const lines = text.replace(/^\uFEFF/, '').split(/\r\n|\n|\r/);
  let headerIndex = 0;
  while (headerIndex < lines.length && lines[headerIndex].trim() === '') headerIndex++;
  if (headerIndex === lines.length) {
    throw new DataSourceError(
      'parse',
      'line 1: the file is empty; expected a header row such as "time,open,high,low,close,volume".',
      1,
    );
  }
  const headerLine = headerIndex + 1;
  const delimiter = detectDelimiter(lines[headerIndex]);
  const names = splitRow(lines[headerIndex], delimiter).map((name) => name.trim().toLowerCase());
  const timeColumn = names.findIndex((name) => TIME_COLUMNS.includes(name));
  const missing: string[] = [];
  if (timeColumn < 0) missing.push('time (or date, timestamp, datetime)');
  const priceColumns = PRICE_COLUMNS.map((name) => {
    const index = names.indexOf(name);
    if (index < 0) missing.push(name);
    return index;
  });
  if (missing.length > 0) {
    throw new DataSourceError(
      'parse',
      `line ${headerLine}: the header row lacks the column${missing.length > 1 ? 's' : ''} ${missing.join(', ')}.`,
      headerLine,
    );
  }
  const volumeColumn = names.indexOf('volume');
  const clockColumn = names[timeColumn] === 'date' ? names.indexOf('time') : -1;
  const decimalComma = delimiter !== ',';
  const bars = createBars(lines.length - headerIndex - 1);
  const lineOfRow = new Int32Array(bars.length);
  let count = 0;

  for (let li = headerIndex + 1; li < lines.length; li++) {
    if ((li - headerIndex) % CSV_ROWS_PER_CHUNK === 0) yield;
    const raw = lines[li];
    if (raw.trim() === '') continue;
    const line = li + 1;
    const cells = splitRow(raw, delimiter);
    if (cells.length < names.length) {
      throw new DataSourceError(
        'parse',
        `line ${line}: expected ${names.length} columns like the header, found ${cells.length}.`,
        line,
      );
    }
    for (let c = names.length; c < cells.length; c++) {
      if (cells[c].trim() !== '') {
        throw new DataSourceError(
          'parse',
          `line ${line}: expected ${names.length} columns like the header, found ${cells.length}.`,
          line,
        );
      }
    }
    const number = (column: number, name: string, emptyAsZero: boolean): number => {
      let cell = cells[column].trim();
      if (cell === '') {
        if (emptyAsZero) return 0;
        throw new DataSourceError('parse', `line ${line}: ${name} is empty.`, line);
      }
      if (decimalComma && /^[+-]?\d*,\d+$/.test(cell)) cell = cell.replace(',', '.');
      if (!NUMBER.test(cell))
        throw new DataSourceError('parse', `line ${line}: ${name} ${quoteCell(cell)} is not a number.`, line);
      return Number(cell);
    };
    // "Date,Time,Open,…" exports split the timestamp in two columns.
    const clock = clockColumn >= 0 ? cells[clockColumn].trim() : '';
    const timeCell = CLOCK.test(clock) ? `${cells[timeColumn].trim()} ${clock}` : cells[timeColumn];
    const time = parseTimeValue(timeCell, timeZone);
    if (time === null) {
      throw new DataSourceError(
        'parse',
        `line ${line}: time ${quoteCell(timeCell.trim())} is not a recognised time${/^\d{1,5}(\.\d+)?$/.test(timeCell.trim()) ? ' (it looks like a spreadsheet serial date)' : ''} (epoch seconds or ms, ISO 8601, YYYY-MM-DD or YYYY-MM-DD HH:mm).`,
        line,
      );
    }
    const open = number(priceColumns[0], 'open', false);
    const high = number(priceColumns[1], 'high', false);
    const low = number(priceColumns[2], 'low', false);
    const close = number(priceColumns[3], 'close', false);
    const volume = volumeColumn < 0 ? 0 : number(volumeColumn, 'volume', true);
    // Non-finite values (`1e999`), negative volume, high < low, open/close outside [low, high].
    const problem = checkBar(time, open, high, low, close, volume);
    if (problem) throw new DataSourceError('parse', `line ${line}: ${problem.reason}.`, line);
    bars.time[count] = time;
    bars.open[count] = open;
    bars.high[count] = high;
    bars.low[count] = low;
    bars.close[count] = close;
    bars.volume[count] = volume;
    lineOfRow[count] = line;
    count++;
  }
  if (count === 0) {
    // A header with no rows would replace the chart with nothing: an error, not a blank chart.
    throw new DataSourceError(
      'parse',
      `line ${headerLine + 1}: the file has a header row but no bars.`,
      headerLine + 1,
    );
  }
  return {
    bars: orderParsedBars(bars, count, {
      label: (i) => `line ${lineOfRow[i]}`,
      line: (i) => lineOfRow[i],
      timeSuffix: '',
    }),
  };
}

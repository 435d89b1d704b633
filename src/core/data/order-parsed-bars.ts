import type { Bars } from './bars.js';
import { DataSourceError } from './data-source.js';

/** How a parser names row `i` in error messages: `line 12` for CSV, `bars[3]` for JSON. */
export interface RowNaming {
  label(index: number): string;
  /** 1-based line in the file, when the parser knows it. */
  line(index: number): number | undefined;
  /** Suffix after the label for the time field, e.g. `.time` for JSON paths, empty for CSV lines. */
  readonly timeSuffix: string;
}

/**
 * Last step of every file parser: rows must be strictly ascending or strictly descending in time
 * (descending rows are reversed). A duplicate time or a row out of order is an error naming the row;
 * nothing is dropped. Returns exact-size copies of the first `count` rows of `bars`.
 */
export function orderParsedBars(bars: Bars, count: number, naming: RowNaming): Bars {
  const { time } = bars;
  let direction = 0;
  for (let i = 1; i < count; i++) {
    const step = time[i] - time[i - 1];
    const fail = (reason: string): never => {
      throw new DataSourceError('parse', `${naming.label(i)}${naming.timeSuffix}: ${reason}`, naming.line(i));
    };
    if (step === 0) fail(`duplicate time (same as ${naming.label(i - 1)})`);
    const sign = step > 0 ? 1 : -1;
    if (direction === 0) direction = sign;
    else if (sign !== direction) {
      fail(
        `time out of order (rows must be all ascending or all descending; ${naming.label(i - 1)} is ${sign > 0 ? 'earlier' : 'later'})`,
      );
    }
  }
  const out: Bars = {
    time: bars.time.slice(0, count),
    open: bars.open.slice(0, count),
    high: bars.high.slice(0, count),
    low: bars.low.slice(0, count),
    close: bars.close.slice(0, count),
    volume: bars.volume.slice(0, count),
    length: count,
  };
  if (direction < 0) {
    out.time.reverse();
    out.open.reverse();
    out.high.reverse();
    out.low.reverse();
    out.close.reverse();
    out.volume.reverse();
  }
  return out;
}

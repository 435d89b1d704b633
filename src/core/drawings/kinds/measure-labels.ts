import type { DrawingMapper } from '../drawing-mapper.js';
import type { DrawingWords } from '../drawing-words.js';
import { signed } from './kind-helpers.js';

const UNITS = [
  [86_400, 'days'],
  [3_600, 'hours'],
  [60, 'minutes'],
] as const;

/**
 * A time span as TradingView writes it: its largest unit and the next one when not zero (`3d 4h`,
 * `2h`, `45m`; seconds only under a minute), `-` before a span that runs backwards.
 */
export function formatSpan(ms: number, words: DrawingWords): string {
  let s = Math.round(Math.abs(ms) / 1000);
  const parts = UNITS.map(([size, unit]) => {
    const n = Math.floor(s / size);
    s -= n * size;
    return { n, unit };
  });
  const first = parts.findIndex((p) => p.n > 0);
  const text =
    first < 0
      ? words.seconds(s)
      : parts
          .slice(first, first + 2)
          .filter((p) => p.n > 0)
          .map((p) => words[p.unit](p.n))
          .join(' ');
  return ms < 0 ? `-${text}` : text;
}

/** Whole bars from `t0` to `t1` (negative backwards), or null when the mapper knows no bars. */
export function barCount(mapper: DrawingMapper, t0: number, t1: number): number | null {
  return mapper.timeToIndex ? Math.round(mapper.timeToIndex(t1) - mapper.timeToIndex(t0)) : null;
}

/** `42 bars, 3d 4h` from `t0` to `t1`; the span alone when the mapper knows no bars. */
export function barsAndSpan(mapper: DrawingMapper, t0: number, t1: number, words: DrawingWords): string {
  const bars = barCount(mapper, t0, t1);
  const span = formatSpan(t1 - t0, words);
  return bars === null ? span : `${words.bars(bars)}, ${span}`;
}

/** `Δ +10.00 (+20.00%)`: the change from `p0` to `p1` and its percent (none from 0). */
export function priceChange(p0: number, p1: number, formatPrice: (price: number, ref: number) => string): string {
  const delta = p1 - p0;
  const pct = p0 !== 0 ? ` (${signed(((delta / p0) * 100).toFixed(2), delta)}%)` : '';
  return `Δ ${signed(formatPrice(delta, p0), delta)}${pct}`;
}

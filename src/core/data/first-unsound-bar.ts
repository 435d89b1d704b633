import type { BarField, Bars } from './bars.js';

/*
 * The rules a bar must keep to be drawn, in the two forms the first paint runs: which field of one bar
 * breaks them ({@link unsoundField}, for `setBars` and `updateBar` to word a refusal) and the first bad bar
 * of a series in one loop ({@link firstUnsoundBar}). The reasons in words a source's bars get are
 * check-bar.ts, and the first problem of a series worded so is validate-bars.ts: only the data loading
 * chunks use them (issue #12).
 */

/** Relative slack for open/close against [low, high], so float noise from conversions passes. */
export const RELATIVE_TOLERANCE = 1e-9;

const finite = Number.isFinite;

/**
 * The field that makes one bar undrawable, or null when it is sound: the first value (in
 * time, open, high, low, close, volume order) that is not a finite number (`1e999` parses to Infinity),
 * then `volume` when negative, `high` when below low, `open` and then `close` when outside [low, high]
 * (with a relative tolerance of 1e-9 for float noise). Allocates nothing: parsers run it once per bar.
 */
export function unsoundField(
  time: number,
  open: number,
  high: number,
  low: number,
  close: number,
  volume: number,
): BarField | null {
  const slack = RELATIVE_TOLERANCE * Math.max(Math.abs(high), Math.abs(low));
  return !finite(time)
    ? 'time'
    : !finite(open)
      ? 'open'
      : !finite(high)
        ? 'high'
        : !finite(low)
          ? 'low'
          : !finite(close)
            ? 'close'
            : !finite(volume) || volume < 0
              ? 'volume'
              : high < low
                ? 'high'
                : open > high + slack || open < low - slack
                  ? 'open'
                  : close > high + slack || close < low - slack
                    ? 'close'
                    : null;
}

/**
 * The index of the first bar that fails {@link unsoundField} or is not later than the bar before it, or
 * -1. One loop without calls or allocation: it runs over every bar of a series before its first
 * paint, mostly before the engine has optimised it.
 */
export function firstUnsoundBar(bars: Bars): number {
  const { time, open, high, low, close, volume, length } = bars;
  let previous = -Infinity;
  for (let i = 0; i < length; i++) {
    const t = time[i];
    const h = high[i];
    const l = low[i];
    const o = open[i];
    const c = close[i];
    const v = volume[i];
    // unsoundField's rules, inlined, plus the time order. No call at all: this loop mostly runs before the engine
    // has optimised it, where each call per bar costs (Math.max/abs and Number.isFinite here doubled a cold
    // pass: 6.7 against 14.7 ms at 100,000 bars). `x - x === 0` holds exactly for finite x (NaN and ±Infinity
    // give NaN); every comparison is false for NaN, and a finite high and low bound open and close.
    const slack = RELATIVE_TOLERANCE * (h > -l ? (h < 0 ? -h : h) : l < 0 ? -l : l);
    if (
      !(
        t > previous &&
        t - t === 0 &&
        h - h === 0 &&
        l - l === 0 &&
        v - v === 0 &&
        v >= 0 &&
        h >= l &&
        o <= h + slack &&
        o >= l - slack &&
        c <= h + slack &&
        c >= l - slack
      )
    )
      return i;
    previous = t;
  }
  return -1;
}

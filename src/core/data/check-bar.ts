import type { BarField, Bars } from './bars.js';

/*
 * The rules a bar must keep to be drawn, in the two forms the first paint runs (one bar; a whole series
 * in one loop). The first problem worded for a series a source sent is validate-bars.ts, which only
 * the data loading chunks use (issue #12).
 */

/** Relative slack for open/close against [low, high], so float noise from conversions passes. */
const RELATIVE_TOLERANCE = 1e-9;

/**
 * Why one bar cannot be drawn (the field at fault and the reason), or null when it is sound: every value finite (`1e999` parses to
 * Infinity and is refused), volume not negative, `high >= low`, open and close within [low, high]
 * (with a relative tolerance of 1e-9 for float noise).
 */
export function checkBar(
  time: number,
  open: number,
  high: number,
  low: number,
  close: number,
  volume: number,
): { field: BarField; reason: string } | null {
  // A sound bar allocates nothing: this runs once per bar of every series set, and building
  // the field record for each of 100,000 bars cost 10-20 ms of a first paint. The slow path below names the fault.
  const slack = RELATIVE_TOLERANCE * Math.max(Math.abs(high), Math.abs(low));
  if (
    Number.isFinite(time) &&
    Number.isFinite(open) &&
    Number.isFinite(high) &&
    Number.isFinite(low) &&
    Number.isFinite(close) &&
    Number.isFinite(volume) &&
    volume >= 0 &&
    high >= low &&
    open <= high + slack &&
    open >= low - slack &&
    close <= high + slack &&
    close >= low - slack
  )
    return null;
  const values = { time, open, high, low, close, volume };
  for (const field of ['time', 'open', 'high', 'low', 'close', 'volume'] as const) {
    if (!Number.isFinite(values[field])) return { field, reason: `${field} is not a finite number` };
  }
  if (volume < 0) return { field: 'volume', reason: 'volume is negative' };
  if (high < low) return { field: 'high', reason: 'high is lower than low' };
  if (open > high + slack || open < low - slack) return { field: 'open', reason: 'open is outside [low, high]' };
  if (close > high + slack || close < low - slack) return { field: 'close', reason: 'close is outside [low, high]' };
  return null;
}

/**
 * The index of the first bar that fails {@link checkBar} or is not later than the bar before it, or
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
    // checkBar's rules, inlined, plus the time order. No call at all: this loop mostly runs before the engine
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

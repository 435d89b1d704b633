import type { BarField } from './bars.js';
import { unsoundField } from './first-unsound-bar.js';

/*
 * Why one bar cannot be drawn, in words: what the parsers (parse-bars-csv.ts, parse-bars-json.ts) and
 * validate-bars.ts tell about a source's bars. Only the data loading chunks use it; the rules themselves
 * are first-unsound-bar.ts, which the first paint runs (issue #12).
 */

/** The reason for a field that is finite but breaks a rule (`time` and `low` only fail by not being finite). */
const BROKEN: Record<string, string> = {
  volume: 'volume is negative',
  high: 'high is lower than low',
  open: 'open is outside [low, high]',
  close: 'close is outside [low, high]',
};

/**
 * Why one bar cannot be drawn (the field at fault and the reason), or null when it is sound: every value finite (`1e999` parses to
 * Infinity and is refused), volume not negative, `high >= low`, open and close within [low, high]
 * (with a relative tolerance of 1e-9 for float noise). A sound bar allocates nothing.
 */
export function checkBar(
  time: number,
  open: number,
  high: number,
  low: number,
  close: number,
  volume: number,
): { field: BarField; reason: string } | null {
  const field = unsoundField(time, open, high, low, close, volume);
  if (field === null) return null;
  const value = { time, open, high, low, close, volume }[field];
  return { field, reason: Number.isFinite(value) ? BROKEN[field] : `${field} is not a finite number` };
}

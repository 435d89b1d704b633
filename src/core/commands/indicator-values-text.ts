import type { Bars, Period } from '../data/index.js';
import type { IndicatorValues } from '../indicators/index.js';
import { toolTime } from './tool-time.js';

/** A value as compact text: 7 significant digits, NaN (warm-up) as empty. */
export function indicatorValueText(v: number): string {
  if (!Number.isFinite(v)) return '';
  return String(Number(v.toPrecision(7)));
}

/**
 * Header + `time,<output keys>` rows for bars `start..end` (inclusive), times in the market
 * timezone. The compact text the `indicators_query` tool returns.
 */
export function indicatorValuesText(
  title: string,
  bars: Bars,
  values: IndicatorValues,
  keys: readonly string[],
  range: { start: number; end: number; inRange: number },
  tz: string,
  period: Period,
): string {
  const { start, end, inRange } = range;
  const columns = keys.map((k) => values[k]);
  const rows: string[] = [`${title} rows=${end - start + 1} of ${inRange} in range`, `time,${keys.join(',')}`];
  for (let i = start; i <= end; i++) {
    let row = toolTime(bars.time[i], tz, period);
    for (const c of columns) row += `,${c ? indicatorValueText(c[i]) : ''}`;
    rows.push(row);
  }
  return rows.join('\n');
}

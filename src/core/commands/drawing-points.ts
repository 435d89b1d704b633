import type { Series } from '../data/index.js';
import { medianBarSpacing, type DrawingPoint } from '../drawings/index.js';
import { ToolCallError } from '../tools/index.js';
import { parseToolTime, toolTime } from './tool-time.js';

/** A point as a tool receives it: a time in any accepted form and a price. */
export interface DrawingPointLike {
  readonly time: string | number;
  readonly price: number;
}

/** The loaded range as a person reads it, e.g. `2019-01-02 … 2024-03-08 (America/New_York)`. */
export function loadedRangeText(series: Series): string {
  const { bars, instrument, period } = series;
  const tz = instrument.timezone;
  return `${toolTime(bars.time[0], tz, period)} to ${toolTime(bars.time[bars.length - 1], tz, period)} (${tz})`;
}

/**
 * Converts tool points to UTC ms. With `checkRange`, every time must fall inside the loaded bars
 * (from the first bar's open to the end of the last bar); otherwise `out_of_range` names each bad
 * point and states the valid range in the market timezone.
 */
export function toDrawingPoints(
  points: readonly DrawingPointLike[],
  series: Series,
  checkRange: boolean,
  field = 'points',
): DrawingPoint[] {
  const tz = series.instrument.timezone;
  const out = points.map((p, i) => ({ time: parseToolTime(p.time, tz, `${field}[${i}].time`), price: p.price }));
  const nonFinite = out.findIndex((p) => !Number.isFinite(p.price));
  if (nonFinite >= 0) {
    throw new ToolCallError('invalid_input', `'${field}[${nonFinite}].price' must be a finite number.`, {
      details: [{ path: `${field}[${nonFinite}].price`, reason: 'price must be a finite number' }],
    });
  }
  if (!checkRange) return out;
  const { bars } = series;
  const n = bars.length;
  const first = bars.time[0];
  // A time inside the last bar (after its open) still belongs to the loaded data.
  const end = bars.time[n - 1] + Math.max(1, medianBarSpacing(bars.time.subarray(Math.max(0, n - 50), n)));
  const bad = out.map((p, i) => ({ p, i })).filter(({ p }) => p.time < first || p.time >= end);
  if (bad.length > 0) {
    const range = loadedRangeText(series);
    throw new ToolCallError(
      'out_of_range',
      `${bad.map(({ i }) => `${field}[${i}].time`).join(', ')} ${bad.length === 1 ? 'is' : 'are'} outside the loaded data, which covers ${range}.`,
      {
        details: bad.slice(0, 5).map(({ i }) => ({
          path: `${field}[${i}].time`,
          reason: `outside the loaded data; use a time from ${range}`,
        })),
        recommendedAction: `Use times from ${range}, or call chart_set_visible_range / market_bars_query to find the bars you mean.`,
      },
    );
  }
  return out;
}

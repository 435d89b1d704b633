import type { Series } from '../data/index.js';
import type { ChartTarget } from '../state/index.js';

/** Whether a loaded series is what a target asks for (codes may be qualified). */
export function seriesMatchesTarget(series: Series, target: ChartTarget): boolean {
  const i = series.instrument;
  const symbolOk =
    target.symbol === i.symbol || target.symbol.toUpperCase() === `${i.exchange}:${i.symbol}`.toUpperCase();
  return symbolOk && i.sourceId === target.sourceId && series.period === target.period;
}

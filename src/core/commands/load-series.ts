import { DataSourceError, validateBars, type DataSourceRegistry, type Period, type Series } from '../data/index.js';
import { chunkLoadError } from '../data/chunk-load-error.js';
import type { ChartTarget } from '../state/index.js';

const INTRADAY: readonly Period[] = ['1m', '5m', '15m', '30m', '1h', '4h'];

/**
 * The code of the first instrument `sourceId` lists (what a chart without a `symbol` shows), or '' when it
 * lists none (chart-core.ts `defaultSymbol`). Rejects for an unknown source, and as the source does.
 */
export async function firstSymbol(
  sources: DataSourceRegistry,
  sourceId: string,
  signal?: AbortSignal,
): Promise<string> {
  return (await known(sources, sourceId).searchInstruments('', { limit: 1, signal }))[0]?.symbol ?? '';
}

/** The source `sourceId` names; throws a `not_found` DataSourceError listing the known ones when none does. */
function known(sources: DataSourceRegistry, sourceId: string) {
  const source = sources.get(sourceId);
  if (!source)
    throw new DataSourceError('not_found', `Unknown data source '${sourceId}'. Known: ${sources.ids().join(', ')}.`);
  return source;
}

/**
 * Bars for a target: from the source when it serves the period, else aggregated locally from the
 * finest period it has on market-timezone boundaries.
 */
export async function loadSeries(
  sources: DataSourceRegistry,
  target: ChartTarget,
  signal?: AbortSignal,
  onProgress?: (fraction: number, message: string) => void,
): Promise<Series> {
  const source = known(sources, target.sourceId);
  if (source.periods.includes(target.period)) {
    return checked(
      source.id,
      await source.getBars({
        symbol: target.symbol,
        period: target.period,
        signal,
        ...(onProgress ? { onProgress } : {}),
      }),
    );
  }
  const candidates = (
    INTRADAY.includes(target.period) ? INTRADAY : (['1m', '5m', '15m', '30m', '1h', '4h', '1d', '1w'] as Period[])
  ).filter(
    (p) => source.periods.includes(p) && rank(p) < rank(target.period) && !(target.period === '1M' && p === '1w'),
  );
  // The coarsest period below the target: fewest bars to fetch and fold.
  const base = candidates.at(-1);
  if (!base) throw new DataSourceError('unsupported', `Source '${source.id}' cannot provide ${target.period} bars.`);
  const raw = checked(
    source.id,
    await source.getBars({ symbol: target.symbol, period: base, signal, ...(onProgress ? { onProgress } : {}) }),
  );
  // Folding is a chunk (aggregate-bars.ts): most sources serve the period asked for (issue #12).
  const { aggregateBars } = await import('../data/aggregate-bars.js').catch((error: unknown) => {
    throw chunkLoadError(`folding ${base} bars into ${target.period}`, error);
  });
  return { ...raw, period: target.period, bars: aggregateBars(raw.bars, base, target.period, raw.instrument.timezone) };
}

function rank(p: Period): number {
  return ['1m', '5m', '15m', '30m', '1h', '4h', '1d', '1w', '1M'].indexOf(p);
}

/**
 * A series a source returned, refused with a `parse` error naming the bar when it cannot be drawn
 * (non-finite values, negative volume, open/close outside [low, high], unsorted or duplicate
 * times): the chart then keeps what it showed instead of drawing garbage.
 */
export function checked(sourceId: string, series: Series): Series {
  const problem = validateBars(series.bars);
  if (problem) {
    const time = series.bars.time[problem.index];
    const at = Number.isFinite(time) ? ` (${new Date(time).toISOString()})` : '';
    throw new DataSourceError(
      'parse',
      `Source '${sourceId}' sent a bad bar at index ${problem.index}${at}: ${problem.reason}.`,
    );
  }
  return series;
}

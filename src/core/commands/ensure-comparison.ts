import type { Series } from '../data/index.js';
import type { ComparisonEntry } from '../state/index.js';
import { cacheKey, type ComparisonCommands } from './comparison-commands.js';
import { loadSeriesLazily } from './load-series-lazily.js';

/** The comparisons each chart is loading now, by cache key, so a redraw meanwhile asks once. */
const loading = new WeakMap<ComparisonCommands, Set<string>>();

/**
 * Loads the data of a comparison the chart shows but has not loaded for `period` (a restored layout,
 * a period change) and keeps it (`remember`); a failure is `kline-error` `comparison_load_failed`.
 * In the comparisons' chunk (comparison-data.ts), which the chart loads before it draws one.
 */
export async function ensureComparison(
  comparisons: ComparisonCommands,
  entry: ComparisonEntry,
  period: Series['period'],
): Promise<void> {
  const key = cacheKey(entry, period);
  let busy = loading.get(comparisons);
  if (!busy) loading.set(comparisons, (busy = new Set()));
  if (busy.has(key)) return;
  busy.add(key);
  try {
    comparisons.remember(
      entry,
      await loadSeriesLazily(comparisons.ctx.sources, { symbol: entry.symbol, period, sourceId: entry.sourceId }),
    );
  } catch (error) {
    comparisons.ctx.reportError(
      'comparison_load_failed',
      `Could not load ${entry.symbol}: ${(error as Error).message}`,
    );
  } finally {
    busy.delete(key);
  }
}

import { createBars, type DataSource, type Series } from '../data/index.js';
import type { ChartState } from '../state/index.js';
import type { Store } from '../store/index.js';
import { checked } from './load-series.js';

/**
 * Fetches the page of bars just before the oldest shown one and prepends it, shifting the view by
 * the same number of bars; resolves to the number of bars added (0 at the beginning of data, or
 * when the request was aborted or the user switched instrument or period meanwhile). Rejects as the
 * source does (an abort is 0, not a failure). `series` is the one shown when the request started,
 * `generation` the store's `dataGeneration` then (a page that arrives after a new load is dropped);
 * `beforeCommit` runs just before the merged bars are committed (the chart drops its live-append
 * buffer). A chunk of its own, loaded by the first `loadOlder` (chart-core.ts, a scroll to the left
 * edge), so the first paint does without it (issue #12).
 */
export async function loadOlderPage(
  store: Store<ChartState>,
  source: DataSource,
  symbol: string,
  series: Series,
  generation: number,
  pageSize: number,
  signal: AbortSignal,
  beforeCommit: () => void,
): Promise<number> {
  try {
    if (signal.aborted) return 0; // the chart loaded something else while this chunk came
    const oldest = series.bars.time[0];
    const page = checked(
      source.id,
      await source.getBars({
        symbol,
        period: series.period,
        to: oldest - 1,
        limit: pageSize,
        signal,
      }),
    );
    const current = store.peek('series');
    // The user switched instrument or period meanwhile: drop the page.
    if (!current || store.peek('dataGeneration') !== generation || current.bars.time[0] !== oldest) return 0;
    const older = page.bars;
    let count = 0;
    while (count < older.length && older.time[count] < oldest) count++;
    const merged = createBars(count + current.bars.length);
    for (const f of ['time', 'open', 'high', 'low', 'close', 'volume'] as const) {
      merged[f].set(older[f].subarray(0, count), 0);
      merged[f].set(current.bars[f], count);
    }
    const complete = page.complete === true || count === 0;
    const view = store.peek('view');
    beforeCommit();
    store.action(
      'loadOlder',
      (d) => {
        d.set('series', { ...current, bars: merged, complete });
        d.set('dataRevision', d.get('dataRevision') + 1);
        if (view) d.set('view', { start: view.start + count, end: view.end + count });
      },
      { undoable: false },
    );
    return count;
  } catch (error) {
    const e = error as { name?: string; code?: string };
    if (e?.name === 'AbortError' || e?.code === 'aborted') return 0;
    throw error;
  }
}

import { preloadSource, type DataSourceRegistry, type Series } from '../data/index.js';
import { chunkLoadError } from '../data/chunk-load-error.js';
import type { ChartTarget } from '../state/index.js';
import { lazyModule } from '../tools/lazy-module.js';

/**
 * Reading a source's bars (load-series.ts: asking the source, folding a period it lacks, refusing bad
 * bars) is a chunk: a chart whose host gives it bars (`setBars`) never loads it (issue #12).
 */
const loadSeriesCode = lazyModule(() =>
  import('./load-series.js').catch((error: unknown) => {
    throw chunkLoadError('loading bars', error);
  }),
);

/**
 * `firstSymbol` (load-series.ts) once its chunk is in: the code of the first instrument `sourceId` lists. The
 * source's own chunk is fetched alongside, as for {@link loadSeriesLazily}, and the bars are loaded next.
 */
export async function firstSymbolLazily(
  sources: DataSourceRegistry,
  sourceId: string,
  signal?: AbortSignal,
): Promise<string> {
  preloadSource(sources.get(sourceId));
  return (await loadSeriesCode()).firstSymbol(sources, sourceId, signal);
}

/**
 * `loadSeries` (load-series.ts) once its chunk is in. A lazy source's own chunk is fetched alongside,
 * so a chart that loads its data waits for one round trip, as before. A chunk that cannot be fetched
 * fails with a `network` DataSourceError saying so (chunkLoadError).
 */
export async function loadSeriesLazily(
  sources: DataSourceRegistry,
  target: ChartTarget,
  signal?: AbortSignal,
  onProgress?: (fraction: number, message: string) => void,
): Promise<Series> {
  preloadSource(sources.get(target.sourceId));
  return (await loadSeriesCode()).loadSeries(sources, target, signal, onProgress);
}

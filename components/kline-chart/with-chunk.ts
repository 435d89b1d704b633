import { atOnce, type LazyModule } from '../../src/core/tools/lazy-module.js';
import { chartStrings, type ChartStrings } from './chart-strings.js';
import type { ChartInsides } from './chart-insides.js';

/** The notices of the chunks the chart's actions fetch on first use (chart-strings.ts). */
export type ChunkFailure = {
  [K in keyof ChartStrings]: K extends `${string}Failed` ? K : never;
}[keyof ChartStrings];

/**
 * `act` with a lazy chunk's module once `load` has it. When the chunk cannot be fetched, a notice in the
 * chart's language says so (`failed`, also on the console) and this resolves `fallback`, and the next call
 * fetches again (lazyModule). An error of `act` itself is no fetch failure: it rejects with that error.
 */
export function withChunk<M, R>(
  x: ChartInsides,
  load: LazyModule<M>,
  failed: ChunkFailure,
  act: (m: M) => R | PromiseLike<R>,
  fallback: R,
): Promise<R> {
  // Here already: at once, in the event's own task (a popover opened again is there before the next render).
  if (load.loaded) return atOnce(act, load.loaded);
  return load().then(act, (error: unknown) => {
    console.warn(`kline-chart: ${chartStrings(x.lang())[failed]}`, error);
    x.notice(() => chartStrings(x.lang())[failed]);
    return fallback;
  });
}

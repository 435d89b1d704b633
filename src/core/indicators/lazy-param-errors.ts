import { chunkLoadError } from '../data/chunk-load-error.js';
import { lazyModule } from '../tools/lazy-module.js';
import { setParamWording } from './param-wording.js';

/**
 * Loads the words of a params refusal (param-errors.ts, a chunk: issue #12) and gives them to
 * resolve-params.ts. The bundle's `default-param-errors.js` (rollup.config.js): a chart whose
 * `indicators` list is refused loads them before it reports why (kline-chart.ts).
 */
export const loadParamErrors: () => Promise<void> = lazyModule(() =>
  import('./param-errors.js').then(
    (module) => setParamWording(module.paramErrors),
    (error: unknown) => {
      throw chunkLoadError('wording a refused study parameter', error);
    },
  ),
);

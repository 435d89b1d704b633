import type { Static, TObject } from '@sinclair/typebox';
import type { IndicatorColumns, IndicatorUpdater, IndicatorValues } from './indicator-definition.js';
import type { IndicatorSpec } from './indicator-spec.js';
import { createSteppedUpdater } from './stepped-updater.js';

/**
 * The running state a live tick advances (define-indicator.ts `createUpdater`). Node and the unbundled
 * modules have it at once (stepped-updater.ts); the browser bundle replaces this module with
 * lazy-stepped-updater.ts (rollup.config.js), where it is a chunk. `_compute` is the study's full
 * computation, which only the lazy form runs (until the chunk is in).
 */
export function steppedUpdater<P extends TObject>(
  spec: IndicatorSpec<P>,
  columns: IndicatorColumns,
  params: Static<P>,
  _compute: (columns: IndicatorColumns, params: Static<P>) => IndicatorValues,
): IndicatorUpdater {
  return createSteppedUpdater(spec, columns, params);
}

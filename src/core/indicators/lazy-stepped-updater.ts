import type { Static, TObject } from '@sinclair/typebox';
import type { IndicatorColumns, IndicatorUpdater, IndicatorValues } from './indicator-definition.js';
import type { IndicatorSpec } from './indicator-spec.js';
import { lazyModule } from '../tools/lazy-module.js';

type Make = typeof import('./stepped-updater.js').createSteppedUpdater;

/** The stepped updater's maker once its chunk is in. */
let make: Make | null = null;
const load = lazyModule(() =>
  import('./stepped-updater.js').then((module) => {
    make = module.createSteppedUpdater;
  }),
);

/**
 * default-stepped-updater.ts in the bundle (rollup.config.js): a study's running state (stepped-updater.ts)
 * is a chunk, since a first paint computes every study in full and only live ticks step it (issue #12).
 * The first tick starts fetching it; until it is in, each tick recomputes the study in full (`compute`,
 * the values a load shows), then the updater hands over to the stepped one. A chunk that cannot be
 * fetched leaves the full computation in place: the values stay right, only slower per tick.
 */
export function steppedUpdater<P extends TObject>(
  spec: IndicatorSpec<P>,
  columns: IndicatorColumns,
  params: Static<P>,
  compute: (columns: IndicatorColumns, params: Static<P>) => IndicatorValues,
): IndicatorUpdater {
  if (make) return make(spec, columns, params);
  load().catch(() => undefined);
  let values = compute(columns, params);
  let stepped: IndicatorUpdater | null = null;
  return {
    get values() {
      return stepped ? stepped.values : values;
    },
    update(next: IndicatorColumns, appended: boolean) {
      if (stepped) stepped.update(next, appended);
      else if (make) stepped = make(spec, next, params);
      else values = compute(next, params);
    },
  };
}

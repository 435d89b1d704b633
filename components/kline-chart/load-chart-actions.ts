import { lazyModule } from '../../src/core/tools/lazy-module.js';

export type ChartActions = typeof import('./chart-actions.js');

/**
 * The chart's actions chunk (chart-actions.ts): fetched right after the first paint, or by the first action
 * that needs it; a failed fetch is forgotten, so the next call tries again. `loadChartActions.loaded` is the
 * chunk once it is here.
 */
export const loadChartActions = lazyModule((): Promise<ChartActions> => import('./chart-actions.js'));

/**
 * Runs `act` with the actions: at once when they are here (so it may still prevent an event's default), else
 * when they arrive (calls run in the order made). When the chunk cannot be fetched it warns on the console; the
 * next call fetches again.
 */
export function withChartActions(act: (actions: ChartActions) => void): void {
  const actions = loadChartActions.loaded;
  if (actions) return act(actions);
  loadChartActions().then(act, (error: unknown) =>
    console.warn("kline-chart: the chart's actions could not be loaded", error),
  );
}

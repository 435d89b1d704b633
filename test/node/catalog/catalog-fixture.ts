import { ChartCore } from '../../../src/core/commands/chart-core.js';
import type { ToolResult } from '../../../src/protocol/index.js';

/**
 * The first-version catalog of docs/contracts.md ("Tool catalog"): name → safety / execution mode.
 * `ask_user` and `web_search` come from the agent runtime, not from a chart.
 */
export const CONTRACT_CATALOG: Readonly<
  Record<string, readonly ['read-only' | 'mutating', 'parallel' | 'sequential']>
> = {
  chart_get_context: ['read-only', 'parallel'],
  market_bars_query: ['read-only', 'parallel'],
  instruments_query_name: ['read-only', 'parallel'],
  indicators_list: ['read-only', 'parallel'],
  indicators_query: ['read-only', 'parallel'],
  drawings_list: ['read-only', 'parallel'],
  comparisons_list: ['read-only', 'parallel'],
  panes_list: ['read-only', 'parallel'],
  settings_get: ['read-only', 'parallel'],
  chart_capture: ['read-only', 'sequential'],
  chart_set_symbol: ['mutating', 'sequential'],
  chart_set_period: ['mutating', 'sequential'],
  chart_set_visible_range: ['mutating', 'sequential'],
  chart_set_selection: ['mutating', 'sequential'],
  indicators_add: ['mutating', 'sequential'],
  indicators_update: ['mutating', 'sequential'],
  indicators_remove: ['mutating', 'sequential'],
  drawing_create: ['mutating', 'sequential'],
  drawing_update: ['mutating', 'sequential'],
  drawing_delete: ['mutating', 'sequential'],
  drawings_copy: ['mutating', 'sequential'],
  drawings_clear: ['mutating', 'sequential'],
  comparison_create: ['mutating', 'sequential'],
  comparison_remove: ['mutating', 'sequential'],
  settings_update: ['mutating', 'sequential'],
  settings_reset: ['mutating', 'sequential'],
  history_undo: ['mutating', 'sequential'],
  history_redo: ['mutating', 'sequential'],
  // Second round (docs/contracts.md "Additions").
  history_undo_run: ['mutating', 'sequential'],
  // Overlays (issue #17).
  markers_create: ['mutating', 'sequential'],
  markers_list: ['read-only', 'parallel'],
  markers_remove: ['mutating', 'sequential'],
  markers_from_condition: ['mutating', 'sequential'],
  price_lines_create: ['mutating', 'sequential'],
  price_lines_update: ['mutating', 'sequential'],
  price_lines_remove: ['mutating', 'sequential'],
  price_lines_list: ['read-only', 'parallel'],
  // Pane tools (issue #18).
  pane_resize: ['mutating', 'sequential'],
  pane_move: ['mutating', 'sequential'],
};

/** A chart core with every built-in tool listed (their module is loaded on first use). */
export async function readyCore(chartId = 'x'): Promise<ChartCore> {
  const core = new ChartCore({ chartId });
  await core.tools.ready();
  return core;
}

/** A chart core with the sample DEMO daily series loaded (no undo step). */
export async function loadedCore(symbol = 'DEMO'): Promise<ChartCore> {
  const core = new ChartCore({ chartId: 'catalog' });
  // Every built-in tool listed and callable in the same tick (their module loads on first use).
  await core.tools.ready();
  await core.loadTarget({ symbol, period: '1d', sourceId: 'sample' }, null);
  return core;
}

/** The error of a failed result; fails the test when the call succeeded. */
export function failureOf(result: ToolResult): Extract<ToolResult, { success: false }>['error'] & { data?: unknown } {
  if (result.success) throw new Error(`expected a failure, got ${JSON.stringify(result).slice(0, 300)}`);
  return { ...result.error, data: (result as { data?: unknown }).data };
}

/** The data of a successful result; fails the test when the call failed. */
export function dataOf<T>(result: ToolResult): T {
  if (!result.success) throw new Error(`expected success, got ${JSON.stringify(result.error)}`);
  return result.data as T;
}

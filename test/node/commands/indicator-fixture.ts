import { ChartCore } from '../../../src/core/commands/chart-core.js';
import type { ToolResult } from '../../../src/protocol/index.js';

/** A chart core in Node with the sample DEMO daily bars and `indicators` applied. */
export async function loadedCore(indicators = 'MA(5,20),VOL,MACD(12,26,9)'): Promise<ChartCore> {
  const core = new ChartCore({ chartId: 'c1' });
  // Every built-in tool listed and described in the same tick (their module loads on first use).
  await core.tools.ready();
  await core.loadTarget({ symbol: 'DEMO', period: '1d', sourceId: 'sample' }, null);
  core.indicators.applyIndicatorList(indicators);
  return core;
}

/** The exact indicator and pane state, for "undo restores the previous state" checks. */
export function snapshot(core: ChartCore) {
  return { indicators: core.store.peek('indicators'), panes: core.store.peek('panes') };
}

/** Narrows a result to its failure, failing the test when it succeeded. */
export function failureOf(result: ToolResult) {
  if (result.success) throw new Error(`expected a failure, got ${JSON.stringify(result.data)}`);
  return result.error;
}

/** Narrows a result to its success, failing the test with the error otherwise. */
export function successOf(result: ToolResult) {
  if (!result.success) throw new Error(`expected success, got ${result.error.code}: ${result.error.message}`);
  return result;
}

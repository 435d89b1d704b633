import type { ToolResult } from '../../../src/protocol/index.js';
import { ChartCore } from '../../../src/core/commands/chart-core.js';
import type { ChartState } from '../../../src/core/state/index.js';

/** A core with the sample source's DEMO daily bars loaded (no undo step for the load). */
export async function loadedCore(symbol = 'DEMO'): Promise<ChartCore> {
  const core = new ChartCore({ chartId: 'test' });
  await core.loadTarget({ symbol, period: '1d', sourceId: 'sample' }, null);
  return core;
}

/** Runs a tool as the user would and returns its result. */
export function run(core: ChartCore, name: string, input: unknown): Promise<ToolResult> {
  return core.tools.execute(name, input, { origin: 'agent' });
}

/** Runs a tool that must succeed and returns its data. */
export async function ok<T = Record<string, unknown>>(core: ChartCore, name: string, input: unknown): Promise<T> {
  const result = await run(core, name, input);
  if (!result.success) throw new Error(`${name} failed: ${JSON.stringify(result.error)}`);
  return result.data as T;
}

/** Runs a tool that must fail and returns its error. */
export async function fails(core: ChartCore, name: string, input: unknown) {
  const result = await run(core, name, input);
  if (result.success) throw new Error(`${name} unexpectedly succeeded: ${JSON.stringify(result.data)}`);
  return result.error;
}

/** The recorded (undoable) slices, deep-copied, for exact before/after comparisons. */
export function recorded(
  core: ChartCore,
): Pick<ChartState, 'target' | 'indicators' | 'panes' | 'drawings' | 'selection' | 'comparisons' | 'settings'> {
  const s = core.store;
  return structuredClone({
    target: s.peek('target'),
    indicators: s.peek('indicators'),
    panes: s.peek('panes'),
    drawings: s.peek('drawings'),
    selection: s.peek('selection'),
    comparisons: s.peek('comparisons'),
    settings: s.peek('settings'),
  });
}

/** Bar time `i` of the loaded series (negative counts from the end). */
export function barTime(core: ChartCore, i: number): number {
  const bars = core.store.peek('series')!.bars;
  return bars.time[i < 0 ? bars.length + i : i];
}

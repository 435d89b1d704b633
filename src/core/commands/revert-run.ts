import type { RunChangeSet, RunRevertResult } from '../../protocol/index.js';
import type { RunLedger, RunTrackedSlice } from '../runs/run-ledger.js';
import { planRunRevert } from '../runs/plan-run-revert.js';
import { summarizeRunChanges } from '../runs/summarize-run-changes.js';
import type { CommandContext } from './command-context.js';
import type { ChartState } from '../state/index.js';

/**
 * Reverts (`undo`) or re-applies (`redo`) the run change set `set` as one undo step
 * (run-commands.ts `revert`): a chunk of its own with the three-way merge, loaded by the first
 * revert, so a chart that never undoes a run never downloads it (issue #12).
 */
export async function revertRun(
  ctx: Pick<CommandContext, 'store' | 'syncToTarget'>,
  ledger: RunLedger<ChartState> | null,
  set: RunChangeSet,
  direction: 'undo' | 'redo',
  summarize: typeof summarizeRunChanges = summarizeRunChanges,
): Promise<RunRevertResult> {
  const store = ctx.store;
  const plan = planRunRevert(set, (slice) => store.peek(slice), direction);
  if (!plan.ok) return plan;
  if (plan.changes !== set) ledger?.revise(plan.changes);
  const keys = Object.keys(plan.writes) as RunTrackedSlice[];
  if (keys.length > 0) {
    store.action(direction === 'undo' ? 'history_undo_run' : 'history_redo_run', (d) => {
      for (const key of keys) d.set(key, plan.writes[key] as never); // never: one slice per key, checked by planRunRevert's merge
    });
    if (keys.includes('target')) await ctx.syncToTarget();
  }
  return { ok: true, summary: summarize(set) };
}

import type { RunChangeSet, RunRevertResult } from '../../protocol/index.js';
import type { RunTrackedSlice } from '../runs/run-ledger.js';
import { EN_RUN_CONFLICTS } from '../runs/describe-run-conflict.js';
import { planRunRevert } from '../runs/plan-run-revert.js';
import { summarizeRunChanges } from '../runs/summarize-run-changes.js';
import { setRangeSummary } from './build-chart-context.js';
import type { RunCommands } from './run-commands.js';
import { summarizeRange } from './summarize-range.js';

/**
 * Reverts (`undo`) or re-applies (`redo`) the changes of run `runId` (what `runs` remembers of it, else
 * `changes` from a stored session) as one undo step (run-commands.ts `revert`): a chunk of its own with
 * the three-way merge, loaded by the first revert, so a chart that never undoes a run never downloads
 * it (issue #12).
 */
export async function revertRun(
  runs: RunCommands,
  runId: string,
  direction: 'undo' | 'redo',
  changes?: RunChangeSet,
): Promise<RunRevertResult> {
  const { ctx, ledger } = runs;
  const summarize = runs.summarize ?? summarizeRunChanges;
  const set = ledger?.changes(runId) ?? changes;
  // A set stored without its units (too large for the session) holds nothing to revert.
  if (!set || Object.keys(set.slices).length === 0)
    return { ok: false, conflicts: [EN_RUN_CONFLICTS.nothing], reasons: [{ reason: 'nothing' }] };
  const store = ctx.store;
  const plan = planRunRevert(set, (slice) => store.peek(slice), direction);
  if (!plan.ok) return plan;
  if (plan.changes !== set) ledger?.revise(plan.changes);
  const keys = Object.keys(plan.writes) as RunTrackedSlice[];
  if (keys.length > 0) {
    // A stored run (after a reload) may put a selection back before the tools' chunk, which installs the
    // context's summary of it, is here (or while it cannot be fetched): install it for the context.
    if (keys.includes('selection')) setRangeSummary(summarizeRange);
    store.action(direction === 'undo' ? 'history_undo_run' : 'history_redo_run', (d) => {
      for (const key of keys) d.set(key, plan.writes[key] as never); // never: one slice per key, checked by planRunRevert's merge
    });
    if (keys.includes('target')) await ctx.syncToTarget();
  }
  return { ok: true, summary: summarize(set) };
}

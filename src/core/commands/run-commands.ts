import type { RunChanges, RunChangeSet, RunRevertResult } from '../../protocol/index.js';
import type { RunLedger, RunTrackedSlice } from '../runs/run-ledger.js';
import type { summarizeRunChanges } from '../runs/summarize-run-changes.js';
import type { CommandContext } from './command-context.js';
import type { ChartState } from '../state/index.js';

/**
 * What agent runs changed, and "undo the run": every step a run committed reverted as one undo
 * step, leaving later changes to other things in place (a three-way merge per indicator, drawing,
 * setting…). The panel's "Undo run" button and the `history_undo_run` tool share this code; the tool
 * is {@link import('./run-tools.js').RunTools}, loaded after the first paint (issue #12).
 */
export class RunCommands {
  /**
   * Internal: what runs changed (src/core/runs/run-ledger.ts), made and fed every commit by RunTools
   * with the tools' chunk so the eager bundle does without it (issue #12): run-tagged commits come
   * from tool calls only, and `ToolRegistry.execute` runs none before that chunk is in. Null before:
   * no run changed anything.
   */
  ledger: RunLedger<ChartState> | null = null;

  /**
   * Internal: the summary's wording (src/core/runs/summarize-run-changes.ts), set by RunTools when the
   * tools' chunk is in, so the eager bundle does without it. A run's changes are recorded only by tool
   * calls, and `ToolRegistry.execute` runs none before that chunk is in: whenever {@link changes} has a
   * change set, this is set. {@link revert} loads it itself (a stored session's run, before any tool call).
   */
  summarize: typeof summarizeRunChanges | null = null;

  /** Internal: shared with RunTools (run-tools.ts) and revert-run.ts. */
  readonly ctx: Pick<CommandContext, 'store' | 'syncToTarget'>;

  constructor(ctx: Pick<CommandContext, 'store' | 'syncToTarget'>) {
    this.ctx = ctx;
  }

  /** Rewrites what every run recorded of `slice` (RunLedger.rewrite): a fired once-only alert stays off. */
  rewrite(slice: RunTrackedSlice, fn: (value: unknown) => unknown): void {
    this.ledger?.rewrite(slice, fn);
  }

  /** The run's changes in words and as a change set, or null when it changed nothing. */
  changes(runId: string): RunChanges | null {
    const changes = this.ledger?.changes(runId);
    return changes ? { runId, summary: this.summarize?.(changes) ?? [], changes } : null;
  }

  /**
   * Reverts (`undo`) or re-applies (`redo`) a run's changes as one undo step. `changes` comes
   * from a stored session when this chart no longer remembers the run (a reload). Loaded on first
   * use (revert-run.ts): a chart that never undoes a run never downloads the merge (issue #12).
   */
  async revert(runId: string, direction: 'undo' | 'redo', changes?: RunChangeSet): Promise<RunRevertResult> {
    return (await import('./revert-run.js')).revertRun(this, runId, direction, changes);
  }
}

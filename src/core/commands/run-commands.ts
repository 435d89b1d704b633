import { Type, type Static } from '@sinclair/typebox';
import type { RunChanges, RunChangeSet, RunRevertResult } from '../../protocol/index.js';
import { RunLedger, summarizeRunChanges, type RunTrackedSlice } from '../runs/index.js';
import { tool, ToolCallError, type ToolCallContext, type ToolOutput } from '../tools/index.js';
import type { CommandContext } from './command-context.js';
import type { ChartState } from '../state/index.js';

const UndoRunInput = Type.Object(
  {
    runId: Type.Optional(
      Type.String({
        maxLength: 100,
        description: 'The run to undo; the most recent earlier run that changed the chart when omitted.',
      }),
    ),
  },
  { additionalProperties: false },
);

/**
 * What agent runs changed, and "undo the run": every step a run committed reverted as one undo
 * step, leaving later changes to other things in place (a three-way merge per indicator, drawing,
 * setting…). The panel's "Undo run" button and the `history_undo_run` tool share this code.
 */
export class RunCommands {
  readonly ledger = new RunLedger<ChartState>();

  readonly #ctx: Pick<CommandContext, 'store' | 'syncToTarget'>;

  constructor(ctx: Pick<CommandContext, 'store' | 'syncToTarget'>) {
    this.#ctx = ctx;
    ctx.store.onCommit((info) => this.ledger.record(info));
  }

  /** The run's changes in words and as a change set, or null when it changed nothing. */
  changes(runId: string): RunChanges | null {
    const changes = this.ledger.changes(runId);
    return changes ? { runId, summary: summarizeRunChanges(changes), changes } : null;
  }

  /**
   * Reverts (`undo`) or re-applies (`redo`) a run's changes as one undo step. `changes` comes
   * from a stored session when this chart no longer remembers the run (a reload).
   */
  async revert(runId: string, direction: 'undo' | 'redo', changes?: RunChangeSet): Promise<RunRevertResult> {
    const set = this.ledger.changes(runId) ?? changes;
    // The text is EN_RUN_CONFLICTS.nothing, written out so the eager bundle does without the phrases.
    if (!set)
      return { ok: false, conflicts: ['this run changed nothing on this chart'], reasons: [{ reason: 'nothing' }] };
    const store = this.#ctx.store;
    // Loaded on first use: a chart that never undoes a run never downloads the merge (issue #12).
    const { planRunRevert } = await import('../runs/plan-run-revert.js');
    const plan = planRunRevert(set, (slice) => store.peek(slice), direction);
    if (!plan.ok) return plan;
    const keys = Object.keys(plan.writes) as RunTrackedSlice[];
    if (keys.length > 0) {
      store.action(direction === 'undo' ? 'history_undo_run' : 'history_redo_run', (d) => {
        for (const key of keys) d.set(key, plan.writes[key] as never); // never: one slice per key, checked by planRunRevert's merge
      });
      if (keys.includes('target')) await this.#ctx.syncToTarget();
    }
    return { ok: true, summary: summarizeRunChanges(set) };
  }

  @tool({
    name: 'history_undo_run',
    label: 'Undo a run',
    description:
      "Reverts everything one earlier agent run changed on the chart (symbol, period, indicators, drawings, comparisons, settings) as ONE undo step, keeping changes made after it to other things. Use it when the user says 'undo that' about what you did in an earlier reply. Fails with not_found when no earlier run changed the chart, and with out_of_range (listing what blocks it) when a later change touched the same things; then nothing changes.",
    parameters: UndoRunInput,
    safety: 'mutating',
  })
  async undoRun(input: Static<typeof UndoRunInput>, ctx?: ToolCallContext): Promise<ToolOutput> {
    const runId = input.runId ?? this.ledger.lastRunId(ctx?.runId);
    if (!runId || !this.ledger.changes(runId)) {
      throw new ToolCallError(
        'not_found',
        input.runId ? `Run ${input.runId} changed nothing this chart remembers.` : 'No earlier run changed the chart.',
        {
          recommendedAction: 'Do not retry; tell the user there is no earlier change of yours to undo.',
        },
      );
    }
    const result = await this.revert(runId, 'undo');
    if (!result.ok) {
      throw new ToolCallError('out_of_range', `The run cannot be undone: ${result.conflicts.join('; ')}.`, {
        recommendedAction: 'Tell the user what blocks it; they can undo those later changes first.',
      });
    }
    return { data: { runId, undone: result.summary } };
  }
}

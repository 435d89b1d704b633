import { Type, type Static } from '@sinclair/typebox';
import { RunLedger } from '../runs/run-ledger.js';
import { summarizeRunChanges } from '../runs/summarize-run-changes.js';
import type { ChartState } from '../state/index.js';
import { tool, ToolCallError, type ToolCallContext, type ToolOutput } from '../tools/index.js';
import type { RunCommands } from './run-commands.js';

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
 * `history_undo_run` (docs/contracts.md "Tool catalog"): reverts an earlier agent run as one undo step
 * through {@link RunCommands.revert}, which the panel's "Undo run" button uses too. Loaded with the
 * other tools after the first paint (builtin-tool-hosts.ts, issue #12); it hands {@link RunCommands}
 * the ledger that records what runs change and the summary's wording then. A run's changes are
 * made by tool calls only, and `ToolRegistry.execute` runs none before this is made.
 */
export class RunTools {
  readonly #runs: RunCommands;
  readonly #ledger: RunLedger<ChartState>;

  constructor(runs: RunCommands) {
    this.#runs = runs;
    runs.summarize = summarizeRunChanges;
    // Records every commit from now on; a second chart tools' host for the same chart keeps the first ledger.
    if (!runs.ledger) {
      const ledger = (runs.ledger = new RunLedger<ChartState>());
      runs.ctx.store.onCommit((info) => ledger.record(info));
    }
    this.#ledger = runs.ledger;
  }

  @tool({
    name: 'history_undo_run',
    label: 'Undo a run',
    description:
      "Reverts everything one earlier agent run changed on the chart (symbol, period, indicators, drawings, price lines, markers, comparisons, settings) as ONE undo step, keeping changes made after it to other things. Use it when the user says 'undo that' about what you did in an earlier reply. Fails with not_found when no earlier run changed the chart, and with out_of_range (listing what blocks it) when a later change touched the same things; then nothing changes.",
    parameters: UndoRunInput,
    safety: 'mutating',
  })
  async undoRun(input: Static<typeof UndoRunInput>, ctx?: ToolCallContext): Promise<ToolOutput> {
    const ledger = this.#ledger;
    const runId = input.runId ?? ledger.lastRunId(ctx?.runId);
    if (!runId || !ledger.changes(runId)) {
      throw new ToolCallError(
        'not_found',
        input.runId ? `Run ${input.runId} changed nothing this chart remembers.` : 'No earlier run changed the chart.',
        {
          recommendedAction: 'Do not retry; tell the user there is no earlier change of yours to undo.',
        },
      );
    }
    const result = await this.#runs.revert(runId, 'undo');
    if (!result.ok) {
      throw new ToolCallError('out_of_range', `The run cannot be undone: ${result.conflicts.join('; ')}.`, {
        recommendedAction: 'Tell the user what blocks it; they can undo those later changes first.',
      });
    }
    return { data: { runId, undone: result.summary } };
  }
}

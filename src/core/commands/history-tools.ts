import { Type, type Static } from '@sinclair/typebox';
import { tool, ToolCallError, type ToolCallContext, type ToolOutput } from '../tools/index.js';
import type { CommandContext } from './command-context.js';

const NoInput = Type.Object({}, { additionalProperties: false });

/**
 * The undo and redo tools (history_undo, history_redo): the same steps as the toolbar's buttons and
 * Ctrl/Cmd+Z, which call `ChartCore.undo`/`redo` directly. Undoing a run as a whole is
 * `history_undo_run` (run-commands.ts). Loaded with the other tools after the first paint
 * (builtin-tool-hosts.ts, issue #12).
 */
export class HistoryTools {
  readonly #ctx: Pick<CommandContext, 'store' | 'undo' | 'redo' | 'syncToTarget'>;

  constructor(ctx: Pick<CommandContext, 'store' | 'undo' | 'redo' | 'syncToTarget'>) {
    this.#ctx = ctx;
  }

  @tool({
    name: 'history_undo',
    label: 'Undo',
    description:
      "Reverts the chart's last change (a user gesture or a tool call, each one step) and returns its name. Fails with no_data when there is nothing to undo.",
    parameters: NoInput,
    safety: 'mutating',
  })
  async undo(_input: Static<typeof NoInput>, _ctx?: ToolCallContext): Promise<ToolOutput> {
    const label = this.#ctx.undo();
    if (label === undefined) {
      throw new ToolCallError('no_data', 'Nothing to undo: the history is empty.', {
        recommendedAction: 'Do not retry; tell the user there is nothing to undo.',
      });
    }
    await this.#followTarget();
    const h = this.#ctx.store.history;
    return { data: { undone: label, canUndo: h.canUndo, canRedo: h.canRedo } };
  }

  @tool({
    name: 'history_redo',
    label: 'Redo',
    description:
      'Re-applies the change most recently undone and returns its name. Fails with no_data when there is nothing to redo (any new change clears the redo history).',
    parameters: NoInput,
    safety: 'mutating',
  })
  async redo(_input: Static<typeof NoInput>, _ctx?: ToolCallContext): Promise<ToolOutput> {
    const label = this.#ctx.redo();
    if (label === undefined) {
      throw new ToolCallError('no_data', 'Nothing to redo.', {
        recommendedAction: 'Do not retry; tell the user there is nothing to redo.',
      });
    }
    await this.#followTarget();
    const h = this.#ctx.store.history;
    return { data: { redone: label, canUndo: h.canUndo, canRedo: h.canRedo } };
  }

  async #followTarget(): Promise<void> {
    // core.undo() started the reload already; a second sync aborts and repeats it, which is
    // cheap next to answering the model before the chart shows the restored instrument.
    await this.#ctx.syncToTarget();
  }
}

import { Type, type Static } from '@sinclair/typebox';
import type { PaneLayout } from '../state/index.js';
import { tool, ToolCallError, type ToolCallContext, type ToolOutput } from '../tools/index.js';
import type { IndicatorCommands } from './indicator-commands.js';
import { activeSummaries, indicatorsLiveText } from './indicator-tools.js';
import type { PaneCommands } from './pane-commands.js';
import { livePreview, withWeights } from './pane-preview.js';

const Empty = Type.Object({}, { additionalProperties: false });

const PaneIdInput = (description: string) => Type.String({ minLength: 1, maxLength: 80, description });

const ResizeInput = Type.Object(
  {
    weights: Type.Record(
      Type.String({ minLength: 1, maxLength: 80 }),
      Type.Number({
        minimum: 0.01,
        maximum: 1000,
        description: 'Relative height weight of that pane (0.01 to 1000).',
      }),
      {
        description:
          'Pane id (from panes_list) → new relative weight, e.g. {"price":4,"pane-macd-1":1}. Each pane gets weight / (sum of all weights) of the height; panes not named keep their weight.',
      },
    ),
  },
  { additionalProperties: false },
);

const MOVE_DIRECTIONS = ['up', 'down', 'top', 'bottom'] as const;

const MoveInput = Type.Object(
  {
    paneId: PaneIdInput('Id of the indicator pane to move (from panes_list); the price pane cannot move.'),
    direction: Type.Union(
      MOVE_DIRECTIONS.map((d) => Type.Literal(d)),
      {
        description:
          'up/down: one place; top: right under the price pane; bottom: last. The price pane always stays first.',
      },
    ),
  },
  { additionalProperties: false },
);

/** One pane as `panes_list` reports it. */
export interface PaneSummary {
  readonly id: string;
  readonly weight: number;
  /** Share of the chart height (0–1, three decimals). */
  readonly heightShare: number;
  readonly contents: readonly { readonly instanceId: string; readonly label: string }[];
}

/**
 * The pane tools (docs/contracts.md "Tool catalog"): `panes_list`, `pane_resize`, `pane_move`. The pane
 * separators and the legend's move buttons run these same tools, so a drag, a click and an agent's
 * call are each one undo step named after the tool; the layout and the separators' drag preview are
 * {@link PaneCommands}. Loaded with the other tools after the first paint (builtin-tool-hosts.ts,
 * issue #12).
 */
export class PaneTools {
  readonly #panes: PaneCommands;
  readonly #indicators: IndicatorCommands;

  constructor(panes: PaneCommands, indicators: IndicatorCommands) {
    this.#panes = panes;
    this.#indicators = indicators;
  }

  @tool({
    name: 'panes_list',
    label: 'List panes',
    description:
      'Lists the chart panes top to bottom: id, weight, share of the height and the indicators in each (instanceId and label). The price pane (candles and overlays) is always first. Use a pane id as paneId in indicators_add to share a pane, in pane_resize to change heights, in pane_move to reorder.',
    parameters: Empty,
    safety: 'read-only',
    liveDescription: (host: PaneTools) => indicatorsLiveText(host.#indicators),
  })
  panesList(_input: Static<typeof Empty>, _ctx?: ToolCallContext): ToolOutput {
    const panes = this.panes();
    const text = panes
      .map(
        (p) =>
          `${p.id} weight=${p.weight} share=${p.heightShare} contents=${p.contents.map((c) => `${c.instanceId} ${c.label}`).join('; ') || (p.id === 'price' ? 'candles' : '(empty)')}`,
      )
      .join('\n');
    return { data: { panes }, text, stateChanged: false };
  }

  @tool({
    name: 'pane_resize',
    label: 'Resize panes',
    description:
      'Sets the relative heights of chart panes (one undo step), as dragging the separators does. weights maps pane ids from panes_list to weights; each pane gets weight / (sum of weights) of the height, and panes not named keep their weight. Example: {"weights":{"price":4,"pane-macd-1":1}} makes the price pane four times as tall as the MACD pane. Returns { panes: [{ id, weight, heightShare }] }. An unknown pane id fails with not_found listing the pane ids; weights outside 0.01 to 1000 fail with invalid_input.',
    parameters: ResizeInput,
    safety: 'mutating',
    liveDescription: (host: PaneTools) => host.#liveText(),
  })
  resize(input: Static<typeof ResizeInput>, _ctx?: ToolCallContext): ToolOutput {
    const ids = Object.keys(input.weights);
    if (ids.length === 0) {
      throw new ToolCallError('invalid_input', 'Give at least one pane weight.', {
        details: [{ path: 'weights', reason: 'must name at least one pane' }],
        recommendedAction: `Pass weights by pane id, e.g. {"weights":{"price":4}}; pane ids: ${this.#ids().join(', ')}.`,
      });
    }
    this.#assertKnown(ids, 'weights');
    const base = livePreview(this.#panes)?.base ?? null;
    this.#panes.preview = null;
    const store = this.#panes.ctx.store;
    // Put the pre-drag layout back unrecorded, so the recorded step spans the whole drag.
    if (base) store.action('pane_preview', (d) => d.set('panes', base), { undoable: false });
    const from = this.#panes.layout();
    const next = withWeights(from, input.weights);
    if (next.every((p, i) => p.weight === from[i].weight)) {
      return {
        data: { panes: summary(from) },
        text: 'The panes already have these weights; nothing changed.',
        stateChanged: false,
      };
    }
    store.action('pane_resize', (d) => d.set('panes', next));
    return { data: { panes: summary(next) }, text: `Pane heights: ${describe(next)}.` };
  }

  @tool({
    name: 'pane_move',
    label: 'Move pane',
    description:
      'Moves an indicator pane up or down among the panes (one undo step), as the legend arrows do: direction up/down moves it one place, top puts it right under the price pane, bottom makes it last. The price pane always stays first. Returns { paneId, position, order } (position 1 = right under the price pane); a pane already at that end returns stateChanged false. An unknown paneId fails with not_found listing the pane ids; paneId price fails with invalid_input.',
    parameters: MoveInput,
    safety: 'mutating',
    liveDescription: (host: PaneTools) => host.#liveText(),
  })
  move(input: Static<typeof MoveInput>, _ctx?: ToolCallContext): ToolOutput {
    if (input.paneId === 'price') {
      throw new ToolCallError('invalid_input', 'The price pane always stays on top.', {
        details: [{ path: 'paneId', reason: 'the price pane cannot move' }],
        recommendedAction: 'Move the indicator panes instead (panes_list shows their ids).',
      });
    }
    this.#assertKnown([input.paneId], 'paneId');
    const layout = this.#panes.layout();
    const i = layout.findIndex((p) => p.id === input.paneId);
    const last = layout.length - 1;
    const wanted = { up: i - 1, down: i + 1, top: 1, bottom: last }[input.direction];
    const j = Math.min(Math.max(wanted, 1), last);
    const order = layout.map((p) => p.id);
    if (j === i) {
      const where = j === 1 ? 'right under the price pane' : 'the last pane';
      return {
        data: { paneId: input.paneId, position: i, order },
        text: `Pane ${input.paneId} is already ${where}; nothing changed.`,
        stateChanged: false,
      };
    }
    const next = [...layout];
    next.splice(j, 0, ...next.splice(i, 1));
    this.#panes.preview = null;
    this.#panes.ctx.store.action('pane_move', (d) => d.set('panes', next));
    return {
      data: { paneId: input.paneId, position: j, order: next.map((p) => p.id) },
      text: `Moved pane ${input.paneId} to position ${j} of ${last} (under the price pane): ${next.map((p) => p.id).join(', ')}.`,
    };
  }

  // ---- non-tool methods ----

  /** Panes top to bottom with their weights, height shares and contents. */
  panes(): PaneSummary[] {
    const layout = this.#panes.layout();
    const total = layout.reduce((a, p) => a + p.weight, 0) || 1;
    const active = activeSummaries(this.#indicators);
    return layout.map((p) => ({
      id: p.id,
      weight: p.weight,
      heightShare: Math.round((p.weight / total) * 1000) / 1000,
      contents: active.filter((a) => a.paneId === p.id).map((a) => ({ instanceId: a.instanceId, label: a.label })),
    }));
  }

  // ---- internals ----

  #ids(): string[] {
    return this.#panes.layout().map((p) => p.id);
  }

  #assertKnown(ids: readonly string[], field: string): void {
    const known = this.#ids();
    const unknown = ids.filter((id) => !known.includes(id));
    if (unknown.length === 0) return;
    throw new ToolCallError('not_found', `No pane ${unknown.map((id) => `'${id.slice(0, 80)}'`).join(', ')}.`, {
      details: [{ path: field, reason: `expected pane ids among ${known.join(', ')}` }],
      recommendedAction: `Use the pane ids ${known.join(', ')} (panes_list shows what each holds).`,
      data: { paneIds: known },
    });
  }

  #liveText(): string {
    return `Pane ids top to bottom: ${describe(this.#panes.layout())}.`;
  }
}

function summary(layout: readonly PaneLayout[]) {
  const total = layout.reduce((a, p) => a + p.weight, 0) || 1;
  return layout.map((p) => ({ id: p.id, weight: p.weight, heightShare: Math.round((p.weight / total) * 1000) / 1000 }));
}

function describe(layout: readonly PaneLayout[]): string {
  return summary(layout)
    .map((p) => `${p.id} weight=${p.weight} (${Math.round(p.heightShare * 100)}%)`)
    .join(', ');
}

import { Type, type Static } from '@sinclair/typebox';
import { tool, ToolCallError, type ToolCallContext, type ToolOutput } from '../tools/index.js';
import { withKey, type PriceLine } from '../state/index.js';
import { isCssColor } from '../drawings/index.js';
import { MAX_PRICE_LINES, type PriceLineCommands } from './price-line-commands.js';
import { stripBidiControls } from '../data/strip-bidi-controls.js';
import { applyPriceLine, findPriceLine, requirePriceLineKey } from './price-line-edits.js';

const MAX_PRICE_LINE_LABEL = 40;
const DEFAULT_COLOR = '#2962ff';

const lit = <T extends string>(values: readonly T[], description: string) =>
  Type.Union(
    values.map((v) => Type.Literal(v)),
    { description },
  );

const Fields = {
  price: Type.Number({ exclusiveMinimum: -1e15, exclusiveMaximum: 1e15, description: 'Price the line is drawn at.' }),
  label: Type.String({
    maxLength: MAX_PRICE_LINE_LABEL,
    description: 'Text at the left end of the line, e.g. "Stop" (at most 40 characters).',
  }),
  color: Type.String({ minLength: 1, maxLength: 64, description: 'CSS colour, e.g. #ef5350 or red.' }),
  style: lit(['solid', 'dashed', 'dotted'] as const, 'Line style.'),
  axisLabel: Type.Boolean({ description: 'Show the price in a tag on the price axis.' }),
  draggable: Type.Boolean({
    description: 'Let the user move the line with the pointer (the element fires kline-price-line-moved).',
  }),
  alert: lit(
    ['off', 'cross', 'cross_up', 'cross_down'] as const,
    'Price alert: a live bar whose close crosses the line (either way, only upward, only downward) notifies the user and fires kline-price-alert; off: none.',
  ),
  alertOnce: Type.Boolean({ description: 'The alert turns itself off after it fires once.' }),
};

const CreateInput = Type.Object(
  {
    price: Fields.price,
    label: Type.Optional(Fields.label),
    color: Type.Optional(
      Type.String({ ...Fields.color, description: 'CSS colour, e.g. #ef5350 or red; default blue.' }),
    ),
    style: Type.Optional(lit(['solid', 'dashed', 'dotted'] as const, 'Line style; default dashed.')),
    axisLabel: Type.Optional(Type.Boolean({ description: 'Show the price in a tag on the price axis; default true.' })),
    draggable: Type.Optional(
      Type.Boolean({ description: 'Let the user move the line with the pointer; default false.' }),
    ),
    alert: Type.Optional(Fields.alert),
    alertOnce: Type.Optional(
      Type.Boolean({ description: 'The alert turns itself off after it fires once; default true.' }),
    ),
  },
  { additionalProperties: false },
);

const UpdateInput = Type.Object(
  {
    id: Type.String({ minLength: 1, maxLength: 32, description: 'Id of the price line (price_lines_list).' }),
    price: Type.Optional(Fields.price),
    label: Type.Optional(Fields.label),
    color: Type.Optional(Fields.color),
    style: Type.Optional(Fields.style),
    axisLabel: Type.Optional(Fields.axisLabel),
    draggable: Type.Optional(Fields.draggable),
    alert: Type.Optional(Fields.alert),
    alertOnce: Type.Optional(Fields.alertOnce),
  },
  { additionalProperties: false },
);

const RemoveInput = Type.Object(
  {
    ids: Type.Optional(
      Type.Array(Type.String({ minLength: 1, maxLength: 32, description: 'A price line id.' }), {
        minItems: 1,
        maxItems: MAX_PRICE_LINES,
        description: 'Ids to remove (price_lines_list); all price lines of the instrument when omitted.',
      }),
    ),
  },
  { additionalProperties: false },
);

const Empty = Type.Object({}, { additionalProperties: false });

/**
 * The `price_lines_*` tools (docs/contracts.md "Tool catalog"): horizontal price lines (orders, stops,
 * targets) of the loaded instrument, kept by {@link PriceLineCommands}. Loaded with the other tools
 * after the first paint (builtin-tool-hosts.ts, issue #12).
 */
export class PriceLineTools {
  #counter = 0;

  readonly #lines: PriceLineCommands;

  constructor(lines: PriceLineCommands) {
    this.#lines = lines;
  }

  @tool({
    name: 'price_lines_create',
    label: 'Add price line',
    description:
      'Draws a horizontal line at a price on the current instrument (an entry, stop, target or alert level), with an optional label, colour, style (solid|dashed|dotted, default dashed), a price tag on the axis (axisLabel, default true), draggable (default false: the user may move it) and a price alert (alert: off|cross|cross_up|cross_down, default off: a live close across the line notifies the user; alertOnce, default true: it then turns off). Not a drawing. Returns the new `id`. One undo step; kept with the layout. Fails with no_data when nothing is loaded, invalid_input for a bad colour, out_of_range past 100 lines.',
    parameters: CreateInput,
    safety: 'mutating',
    liveDescription: (host: PriceLineTools) => host.activeText(),
  })
  create(input: Static<typeof CreateInput>, _ctx?: ToolCallContext): ToolOutput {
    const key = requirePriceLineKey(this.#lines);
    const existing = this.#lines.current();
    if (existing.length >= MAX_PRICE_LINES) {
      throw new ToolCallError('out_of_range', `An instrument holds at most ${MAX_PRICE_LINES} price lines.`, {
        recommendedAction: 'Remove some with price_lines_remove first.',
      });
    }
    const color = input.color ?? DEFAULT_COLOR;
    checkColor(color, 'color');
    const taken = new Set(Object.values(this.#lines.ctx.store.peek('priceLines')).flatMap((l) => l.map((p) => p.id)));
    let id: string;
    do id = `pl-${++this.#counter}`;
    while (taken.has(id));
    const line: PriceLine = {
      id,
      price: input.price,
      label: stripBidiControls(input.label ?? ''),
      color,
      style: input.style ?? 'dashed',
      axisLabel: input.axisLabel ?? true,
      draggable: input.draggable ?? false,
      alert: input.alert ?? 'off',
      alertOnce: input.alertOnce ?? true,
    };
    this.#lines.ctx.store.action('price_lines_create', (d) =>
      d.set('priceLines', withKey(d.get('priceLines'), key, [...existing, line])),
    );
    return { data: { id, line } };
  }

  @tool({
    name: 'price_lines_update',
    label: 'Update price line',
    description:
      'Changes a price line by id: any of price, label, color, style, axisLabel, draggable, alert, alertOnce (re-arm a fired alert with alert); fields left out keep their value. Returns `previous` and `line`. One undo step. Unknown id fails with not_found, a bad colour with invalid_input; nothing changes then.',
    parameters: UpdateInput,
    safety: 'mutating',
    liveDescription: (host: PriceLineTools) => host.activeText(),
  })
  update(input: Static<typeof UpdateInput>, _ctx?: ToolCallContext): ToolOutput {
    const previous = findPriceLine(this.#lines, input.id);
    if (input.color !== undefined) checkColor(input.color, 'color');
    return applyPriceLine(this.#lines, previous, input, 'price_lines_update');
  }

  @tool({
    name: 'price_lines_remove',
    label: 'Remove price lines',
    description:
      'Removes price lines of the current instrument by id (price_lines_list), or all when `ids` is omitted. Returns `removed` (the count). One undo step. An unknown id fails with not_found and nothing is removed.',
    parameters: RemoveInput,
    safety: 'mutating',
  })
  remove(input: Static<typeof RemoveInput>, _ctx?: ToolCallContext): ToolOutput {
    const key = this.#lines.currentKey();
    const list = this.#lines.current();
    if (input.ids) {
      const known = new Set(list.map((l) => l.id));
      const unknown = input.ids.filter((id) => !known.has(id));
      if (unknown.length) {
        throw new ToolCallError(
          'not_found',
          `Unknown price line id${unknown.length > 1 ? 's' : ''}: ${unknown.join(', ')}.`,
          {
            details: unknown.map((id) => ({ path: 'ids', reason: `no price line '${id}'` })),
            recommendedAction: list.length
              ? `Price lines: ${list.map((l) => l.id).join(', ')}.`
              : 'There are no price lines.',
          },
        );
      }
    }
    if (!key || list.length === 0) return { data: { removed: 0 }, stateChanged: false };
    const drop = input.ids ? new Set(input.ids) : null;
    const next = drop ? list.filter((l) => !drop.has(l.id)) : [];
    this.#lines.ctx.store.action('price_lines_remove', (d) =>
      d.set('priceLines', withKey(d.get('priceLines'), key, next)),
    );
    return { data: { removed: list.length - next.length } };
  }

  @tool({
    name: 'price_lines_list',
    label: 'List price lines',
    description:
      'Lists the price lines of the current instrument as `lines`: id, price, label, color, style, axisLabel, draggable, alert (off|cross|cross_up|cross_down; a fired once-only alert reads off), alertOnce. Never fails (empty when there are none).',
    parameters: Empty,
    safety: 'read-only',
  })
  list(_input?: Static<typeof Empty>, _ctx?: ToolCallContext): ToolOutput {
    return { data: { lines: this.#lines.current() }, stateChanged: false };
  }

  activeText(): string {
    const list = this.#lines.current();
    return `Price lines: ${list.length ? list.map((l) => `${l.id}@${l.price}${l.label ? ` "${l.label}"` : ''}${l.alert !== 'off' ? ` alert ${l.alert}` : ''}`).join(', ') : 'none'}.`;
  }
}

/** `invalid_input` naming `path` unless `color` is a CSS colour. */
export function checkColor(color: string, path: string): void {
  if (!isCssColor(color)) {
    throw new ToolCallError('invalid_input', `'${String(color).slice(0, 40)}' is not a CSS colour.`, {
      details: [{ path, reason: 'expected a CSS colour such as #ef5350, rgb(239,83,80) or red' }],
    });
  }
}

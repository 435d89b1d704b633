import { ToolCallError, type ToolOutput } from '../tools/index.js';
import { withKey, type PriceLine } from '../state/index.js';
import { stripBidiControls } from '../data/strip-bidi-controls.js';
import type { PriceLineCommands } from './price-line-commands.js';

/*
 * Changing a price line: what the `price_lines_*` tools (price-line-tools.ts) and the pointer drag
 * (components/kline-chart/price-line-drag.ts) share. Both are chunks loaded after the first paint, and
 * so is this with them: the first paint only reads the lines (price-line-commands.ts, issue #12).
 */

/** Fields of a price line a change may set (`price_lines_update`, a pointer drag). */
export interface PriceLineChanges {
  readonly id: string;
  readonly price?: number;
  readonly label?: string;
  readonly color?: string;
  readonly style?: PriceLine['style'];
  readonly axisLabel?: boolean;
  readonly draggable?: boolean;
  readonly alert?: PriceLine['alert'];
  readonly alertOnce?: boolean;
}

/** The loaded instrument's key; `no_data` when nothing is loaded. */
export function requirePriceLineKey(lines: PriceLineCommands): string {
  const key = lines.currentKey();
  if (!key)
    throw new ToolCallError('no_data', 'The chart has no instrument loaded.', {
      retryable: true,
      recommendedAction: 'Call chart_set_symbol first.',
    });
  return key;
}

/** The loaded instrument's line with this id; `no_data` or `not_found` when there is none. */
export function findPriceLine(lines: PriceLineCommands, id: string): PriceLine {
  requirePriceLineKey(lines);
  const list = lines.current();
  const previous = list.find((l) => l.id === id);
  if (!previous) {
    throw new ToolCallError('not_found', `No price line '${id}'.`, {
      details: [
        {
          path: 'id',
          reason: list.length ? `expected one of ${list.map((l) => l.id).join(', ')}` : 'there are no price lines',
        },
      ],
      recommendedAction: 'Call price_lines_list for the ids.',
    });
  }
  return previous;
}

/**
 * Applies `input` to `previous` (from {@link findPriceLine}) as one undo step called `label`; nothing
 * changes when it fails. A colour in `input` must be checked already (`checkColor`).
 */
export function applyPriceLine(
  lines: PriceLineCommands,
  previous: PriceLine,
  input: PriceLineChanges,
  label: string,
): ToolOutput {
  const key = requirePriceLineKey(lines);
  const list = lines.current();
  if (input.price !== undefined && !Number.isFinite(input.price)) {
    throw new ToolCallError('invalid_input', 'price must be a finite number.', {
      details: [{ path: 'price', reason: 'expected a finite number' }],
    });
  }
  const { id: _id, label: text, ...rest } = input;
  // A label from a model loses its bidi controls (one left open reorders the canvas text after it).
  const changes = { ...rest, ...(text !== undefined ? { label: stripBidiControls(text) } : {}) };
  const line: PriceLine = {
    ...previous,
    ...Object.fromEntries(Object.entries(changes).filter(([, v]) => v !== undefined)),
  };
  if (JSON.stringify(line) === JSON.stringify(previous)) return { data: { previous, line }, stateChanged: false };
  lines.ctx.store.action(label, (d) =>
    d.set(
      'priceLines',
      withKey(
        d.get('priceLines'),
        key,
        list.map((l) => (l === previous ? line : l)),
      ),
    ),
  );
  return { data: { previous, line } };
}

/** A pointer drag ended: moves a line (one undo step named `price_line_move`). */
export function movePriceLine(lines: PriceLineCommands, id: string, price: number): ToolOutput {
  return applyPriceLine(lines, findPriceLine(lines, id), { id, price }, 'price_line_move');
}

import { ToolCallError, type ToolOutput } from '../tools/index.js';
import type { CommandContext } from './command-context.js';
import { instrumentKey, withKey, type PriceLine } from '../state/index.js';
import { stripBidiControls } from '../data/strip-bidi-controls.js';

/** Most price lines one instrument holds. */
export { MAX_PRICE_LINES } from '../state/study-limits.js';

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

/**
 * Horizontal price lines (orders, stops, targets) of the loaded instrument. Not drawings: not in the
 * drawing toolbar, not selectable; a draggable one moves with the pointer through
 * {@link PriceLineCommands.move}. What the element needs at once lives here; the `price_lines_*`
 * tools are {@link import('./price-line-tools.js').PriceLineTools}, loaded after the first paint
 * (issue #12), and check colours there (`checkColor`, price-line-tools.ts), so the CSS colour parser
 * stays out of the first paint. Each mutating call is one undo step.
 */
export class PriceLineCommands {
  readonly ctx: Pick<CommandContext, 'store'>;

  constructor(ctx: Pick<CommandContext, 'store'>) {
    this.ctx = ctx;
  }

  currentKey(): string | null {
    const series = this.ctx.store.peek('series');
    return series ? instrumentKey(series.instrument.sourceId, series.instrument.symbol) : null;
  }

  /** Price lines of the loaded instrument. */
  current(): readonly PriceLine[] {
    const key = this.currentKey();
    return key ? (this.ctx.store.peek('priceLines')[key] ?? []) : [];
  }

  /** A pointer drag ended: moves a line (one undo step named `price_line_move`). */
  move(id: string, price: number): ToolOutput {
    return this.apply(this.find(id), { id, price }, 'price_line_move');
  }

  /** The loaded instrument's line with this id; `no_data` or `not_found` when there is none. */
  find(id: string): PriceLine {
    this.requireKey();
    const list = this.current();
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
   * Applies `input` to `previous` (from {@link find}) as one undo step called `label`; nothing
   * changes when it fails. A colour in `input` must be checked already (`checkColor`).
   */
  apply(previous: PriceLine, input: PriceLineChanges, label: string): ToolOutput {
    const key = this.requireKey();
    const list = this.current();
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
    this.ctx.store.action(label, (d) =>
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

  /** The loaded instrument's key; `no_data` when nothing is loaded. */
  requireKey(): string {
    const key = this.currentKey();
    if (!key)
      throw new ToolCallError('no_data', 'The chart has no instrument loaded.', {
        retryable: true,
        recommendedAction: 'Call chart_set_symbol first.',
      });
    return key;
  }
}

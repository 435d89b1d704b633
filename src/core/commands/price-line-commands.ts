import type { CommandContext } from './command-context.js';
import { instrumentKey, type PriceLine } from '../state/index.js';

/** Most price lines one instrument holds. */
export { MAX_PRICE_LINES } from '../state/study-limits.js';

/**
 * Horizontal price lines (orders, stops, targets) of the loaded instrument. Not drawings: not in the
 * drawing toolbar, not selectable; a draggable one moves with the pointer through `movePriceLine`
 * (price-line-edits.ts). What the element needs at once lives here; the `price_lines_*` tools are
 * {@link import('./price-line-tools.js').PriceLineTools}, loaded after the first paint (issue #12),
 * and check colours there (`checkColor`, price-line-tools.ts), so the CSS colour parser stays out of
 * the first paint; they and the drag (in the overlay layer's parts chunk) change lines through
 * price-line-edits.ts, which travels with them. Each mutating call is one undo step.
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
}

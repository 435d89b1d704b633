import type { ChartContext, ContextItem } from '../../../src/protocol/index.js';
import { formatMarketTime, isPeriod } from '../../../src/core/data/index.js';

/**
 * A context item as a chip: `key` identifies what it shows (kind, label, tooltip), so a removal
 * sticks to it while the chart pans (the visible range is only in `text`, what the model reads).
 */
export interface ContextChip extends ContextItem {
  readonly key: string;
  /** Longer description for the tooltip. */
  readonly title: string;
}

/** Locale-dependent chip labels. */
export interface ContextChipLabels {
  bars(count: number): string;
  drawings(count: number): string;
}

/**
 * The context chips of a chart context: the chart's symbol and period, the selected time range and
 * a summary of its bars (when a range is selected), and the selected drawings. Times are in the
 * market's timezone. `text` is what the model reads, so it is English and unambiguous.
 */
export function buildContextChips(context: ChartContext | null, labels: ContextChipLabels): ContextChip[] {
  if (!context) return [];
  const tz = context.timezone;
  const period = isPeriod(context.period) ? context.period : undefined;
  const time = (ms: number) => formatMarketTime(ms, tz, period);
  const chips: ContextChip[] = [];
  const add = (kind: string, label: string, title: string, text: string) =>
    chips.push({ key: `${kind}\u0000${label}\u0000${title}`, kind, label, title, text });

  const name = context.symbolName && context.symbolName !== context.symbol ? ` "${context.symbolName}"` : '';
  const where = context.exchange ? ` on ${context.exchange}` : '';
  add(
    'chart-symbol',
    `${context.symbol} · ${context.period}`,
    [context.symbolName || context.symbol, context.exchange, context.period, tz].filter(Boolean).join(' · '),
    `Chart: ${context.symbol}${name}${where}, period ${context.period}, timezone ${tz}, source ${context.source}; ` +
      `visible ${time(context.visibleRange.from)} to ${time(context.visibleRange.to)} (${context.visibleRange.bars} bars).`,
  );

  const sel = context.selection;
  if (sel) {
    const range = `${time(sel.from)} – ${time(sel.to)}`;
    add(
      'selected-time-range',
      range,
      `${range} (${tz})`,
      `Selected time range: ${time(sel.from)} to ${time(sel.to)} (${sel.bars} bars, timezone ${tz}).`,
    );
    const change = `${sel.changePct >= 0 ? '+' : ''}${sel.changePct.toFixed(2)}%`;
    add(
      'selected-kline-bars',
      `${labels.bars(sel.bars)} · ${change}`,
      `O ${sel.open} H ${sel.high} L ${sel.low} C ${sel.close} · ${change}`,
      `Selected bars: ${sel.bars} bars of ${context.symbol} ${context.period} from ${time(sel.from)} to ${time(sel.to)}: ` +
        `open ${sel.open}, high ${sel.high}, low ${sel.low}, close ${sel.close}, change ${change}, volume ${sel.volume}.`,
    );
  }

  const drawings = context.drawingSelection.drawings.filter((d) => context.drawingSelection.selectedIds.includes(d.id));
  if (drawings.length > 0) {
    const describe = drawings.map((d) => {
      const points = d.points.map((p) => `(${time(p.time)}, ${p.price})`).join(' ');
      return `${d.id} ${d.kind}${d.label ? ` "${d.label}"` : ''} ${points}`.trim();
    });
    add(
      'drawing-selection',
      labels.drawings(drawings.length),
      drawings.map((d) => d.label || d.kind).join(', '),
      `Selected drawings: ${describe.join('; ')}.`,
    );
  }
  return chips;
}

/**
 * Whether two chip lists show the same thing: the same keys (kind, label, tooltip) in order. The
 * chart's visible range is only in `text` (what the model reads), so a pan or a live tick gives an
 * equal list and the chips do not render again.
 */
export function sameChipsShown(a: readonly ContextChip[], b: readonly ContextChip[]): boolean {
  return a === b || (a.length === b.length && a.every((chip, i) => chip.key === b[i].key));
}

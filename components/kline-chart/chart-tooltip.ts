import type { Series } from '../../src/core/data/index.js';
import { formatBarTime, type ZonedClock } from '../../src/render/index.js';
import { formatPrice, formatVolume } from './chart-legend.js';

/** Labels of the tooltip rows. */
export interface TooltipLabels {
  readonly open: string;
  readonly high: string;
  readonly low: string;
  readonly close: string;
  readonly volume: string;
  /** BCP-47 tag for number formats (compact volume); default `en`. */
  readonly locale?: string;
}

/**
 * A floating box by the pointer with the time and OHLCV of the bar under it (`legendMode`
 * `tooltip` or `both`). Built with DOM text nodes only.
 */
export class ChartTooltip {
  readonly element: HTMLDivElement;

  constructor(parent: HTMLElement) {
    const el = document.createElement('div');
    el.setAttribute('part', 'tooltip');
    el.setAttribute('role', 'tooltip');
    el.className = 'kline-tooltip';
    Object.assign(el.style, {
      position: 'absolute',
      zIndex: '4',
      pointerEvents: 'none',
      display: 'none',
      padding: '4px 6px',
      borderRadius: '4px',
      font: 'var(--kline-font)',
      lineHeight: '15px',
      fontVariantNumeric: 'tabular-nums',
      whiteSpace: 'pre',
      background: 'var(--kline-tooltip-background, rgba(255,255,255,0.92))',
      color: 'var(--kline-text-color, #131722)',
      boxShadow: '0 1px 4px rgba(0,0,0,0.25)',
    });
    parent.append(el);
    this.element = el;
  }

  hide(): void {
    this.element.style.display = 'none';
  }

  /** Shows bar `index` at (x, y) in the parent's CSS px, kept inside `bounds`. */
  show(
    series: Series,
    index: number,
    clock: ZonedClock,
    labels: TooltipLabels,
    x: number,
    y: number,
    bounds: { width: number; height: number },
  ): void {
    const { bars, instrument, period } = series;
    const i = Math.max(0, Math.min(bars.length - 1, index));
    const p = instrument.pricePrecision;
    const lines = [
      formatBarTime(bars.time[i], clock, !['1d', '1w', '1M'].includes(period)),
      `${labels.open} ${formatPrice(bars.open[i], p)}`,
      `${labels.high} ${formatPrice(bars.high[i], p)}`,
      `${labels.low} ${formatPrice(bars.low[i], p)}`,
      `${labels.close} ${formatPrice(bars.close[i], p)}`,
      `${labels.volume} ${formatVolume(bars.volume[i], labels.locale)}`,
    ];
    this.showLines(lines, x, y, bounds);
  }

  /** Shows `lines` of text at (x, y) in the parent's CSS px, kept inside `bounds`. */
  showLines(lines: readonly string[], x: number, y: number, bounds: { width: number; height: number }): void {
    const el = this.element;
    el.textContent = lines.join('\n');
    el.style.display = 'block';
    const w = el.offsetWidth;
    const h = el.offsetHeight;
    const left = x + 14 + w > bounds.width ? x - 14 - w : x + 14;
    const top = Math.max(0, Math.min(bounds.height - h, y + 14));
    el.style.left = `${Math.max(0, left)}px`;
    el.style.top = `${top}px`;
  }
}

import { html, nothing, type TemplateResult } from 'lit';
import { styleMap } from 'lit/directives/style-map.js';
import {
  renderIndicatorLegendEntry,
  type IndicatorLegendActions,
} from '../indicator-settings/indicator-legend-entry.js';
import type { Series } from '../../src/core/data/index.js';
import { formatBarTime, type PaneLayoutSpec, type ZonedClock } from '../../src/render/index.js';

/** Formats a price with the instrument's precision or a sensible default. */
export function formatPrice(v: number, precision?: number): string {
  if (!Number.isFinite(v)) return '—';
  if (precision !== undefined) return v.toFixed(precision);
  const a = Math.abs(v);
  return v.toFixed(a >= 1000 ? 2 : a >= 1 ? 2 : 4);
}

export function formatVolume(v: number): string {
  if (!Number.isFinite(v)) return '—';
  const a = Math.abs(v);
  if (a >= 1e9) return `${(v / 1e9).toFixed(2)}B`;
  if (a >= 1e6) return `${(v / 1e6).toFixed(2)}M`;
  if (a >= 1e3) return `${(v / 1e3).toFixed(2)}K`;
  return v.toFixed(0);
}

/** The price legend: instrument, then OHLCV and change % of the bar under the crosshair (or the last). */
export function renderPriceLegend(
  series: Series | null,
  index: number | null,
  clock: ZonedClock,
  labels: { open: string; high: string; low: string; close: string; volume: string; change: string },
): TemplateResult | typeof nothing {
  if (!series || series.bars.length === 0) return nothing;
  const { bars, instrument, period } = series;
  const i = index === null ? bars.length - 1 : Math.max(0, Math.min(bars.length - 1, index));
  const prevClose = i > 0 ? bars.close[i - 1] : bars.open[i];
  const change = bars.close[i] - prevClose;
  const pct = prevClose !== 0 ? (change / prevClose) * 100 : 0;
  const dir = change >= 0 ? 'up' : 'down';
  const p = instrument.pricePrecision;
  const intraday = !['1d', '1w', '1M'].includes(period);
  return html`<div class="row">
      <span class="title">${instrument.symbol} · ${instrument.name} · ${period} · ${instrument.exchange}</span>
      <span class="muted">${formatBarTime(bars.time[i], clock, intraday)}</span>
    </div>
    <div class="row ${dir}" data-testid="ohlc">
      <span><span class="muted">${labels.open}</span> ${formatPrice(bars.open[i], p)}</span>
      <span><span class="muted">${labels.high}</span> ${formatPrice(bars.high[i], p)}</span>
      <span><span class="muted">${labels.low}</span> ${formatPrice(bars.low[i], p)}</span>
      <span><span class="muted">${labels.close}</span> ${formatPrice(bars.close[i], p)}</span>
      <span>${change >= 0 ? '+' : ''}${formatPrice(change, p)} (${change >= 0 ? '+' : ''}${pct.toFixed(2)}%)</span>
      <span><span class="muted">${labels.volume}</span> ${formatVolume(bars.volume[i])}</span>
    </div>`;
}

/** A study value: compact for volumes and large numbers, price-like otherwise. */
export function formatValue(v: number, kind: PaneLayoutSpec['kind']): string {
  if (!Number.isFinite(v)) return '—';
  if (kind === 'volume' || Math.abs(v) >= 1e5) return formatVolume(v);
  const a = Math.abs(v);
  return v.toFixed(a >= 100 ? 2 : a >= 1 ? 3 : 4);
}

/** Values of a pane's series at the crosshair, with the study label. */
export function renderSeriesValues(
  spec: PaneLayoutSpec,
  index: number | null,
  titles: ReadonlyMap<string, string>,
  actions?: IndicatorLegendActions,
): TemplateResult {
  const seen = new Set<string>();
  return html`${spec.series.map((s) => {
    const instanceId = s.key.split(':')[0];
    const title = !seen.has(instanceId) ? titles.get(instanceId) : undefined;
    seen.add(instanceId);
    const i = index === null ? s.values.length - 1 : index;
    const v = s.values[i];
    const heading = title
      ? actions
        ? renderIndicatorLegendEntry({ instanceId, label: title }, actions)
        : html`<span class="title">${title}</span>`
      : nothing;
    return html`${heading}<span style=${styleMap({ color: s.color })}>${s.label} ${formatValue(v, spec.kind)}</span>`;
  })}`;
}

/** Comparison legend: each overlaid symbol with its change from the first visible bar. */
export function renderComparisonValues(
  lines: readonly { symbol: string; color: string; closes: Float64Array }[],
  index: number | null,
  view: { start: number; end: number } | null,
  actions?: { label: string; remove(symbol: string): void },
): TemplateResult | typeof nothing {
  if (!lines.length || !view) return nothing;
  return html`<div class="row" data-testid="comparisons">${lines.map((l) => {
    const n = l.closes.length;
    let base = Math.max(0, Math.ceil(view.start));
    while (base < n && !Number.isFinite(l.closes[base])) base++;
    const i = index === null ? Math.min(n - 1, Math.ceil(view.end) - 1) : index;
    const v = l.closes[i];
    const pct = base < n && Number.isFinite(v) ? (v / l.closes[base] - 1) * 100 : NaN;
    return html`<span style=${styleMap({ color: l.color })}>${l.symbol} ${Number.isFinite(v) ? formatPrice(v) : '—'} ${Number.isFinite(pct) ? `${pct >= 0 ? '+' : ''}${pct.toFixed(2)}%` : ''}${
      actions
        ? html`<button class="legend-remove" part="comparison-remove" title=${actions.label} aria-label=${`${actions.label} ${l.symbol}`} @click=${() => actions.remove(l.symbol)}>×</button>`
        : nothing
    }</span>`;
  })}</div>`;
}

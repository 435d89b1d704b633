import { html, nothing, type TemplateResult } from 'lit';
import { styleProps } from '../style-props.js';
import { formatPrice, userText } from './chart-legend.js';

// A chunk of its own (issue #12): a chart shows it once it has comparisons (kline-chart.ts #renderComparisons).

/** Comparison legend: each overlaid symbol with its change from the first visible bar; `lead` as in {@link renderSeriesValues}. */
export function renderComparisonValues(
  lines: readonly { symbol: string; color: string; closes: Float64Array }[],
  index: number | null,
  view: { start: number; end: number } | null,
  actions?: { label: string; remove(symbol: string): void; lead?: boolean },
): TemplateResult | typeof nothing {
  if (!lines.length || !view) return nothing;
  return html`<div class="row" data-testid="comparisons">${lines.map((l, li) => {
    const n = l.closes.length;
    let base = Math.max(0, Math.ceil(view.start));
    while (base < n && !Number.isFinite(l.closes[base])) base++;
    const i = index === null ? Math.min(n - 1, Math.ceil(view.end) - 1) : index;
    const v = l.closes[i];
    const pct = base < n && Number.isFinite(v) ? (v / l.closes[base] - 1) * 100 : NaN;
    return html`<span ${styleProps({ color: l.color })}>${userText(l.symbol)} ${Number.isFinite(v) ? formatPrice(v) : '—'} ${Number.isFinite(pct) ? `${pct >= 0 ? '+' : ''}${pct.toFixed(2)}%` : ''}${
      actions
        ? html`<button class="legend-remove" part="comparison-remove" tabindex=${actions.lead && !li ? 0 : -1} title=${actions.label} aria-label=${`${actions.label} ${l.symbol}`} @click=${() => actions.remove(l.symbol)}>×</button>`
        : nothing
    }</span>`;
  })}</div>`;
}

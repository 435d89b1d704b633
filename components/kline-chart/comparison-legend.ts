import { css, html, nothing, type TemplateResult } from 'lit';
import { styleProps } from '../style-props.js';
import { userText } from './chart-legend.js';
import { comparisonChange } from './comparison-change.js';

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
    const [value, change] = comparisonChange(l.closes, index, view);
    return html`<span ${styleProps({ color: l.color })}>${userText(l.symbol)} ${value} ${change}${
      actions
        ? html`<button class="legend-remove" part="comparison-remove" tabindex=${actions.lead && !li ? 0 : -1} title=${actions.label} aria-label=${`${actions.label} ${l.symbol}`} @click=${() => actions.remove(l.symbol)}>×</button>`
        : nothing
    }</span>`;
  })}</div>`;
}

/**
 * The × of each comparison, with the chunk rather than in the chart's first-paint styles
 * (kline-chart.styles.ts): the chart adopts them when the chunk arrives, before it renders the legend
 * (kline-chart.ts #renderComparisons).
 */
export const comparisonLegendStyles = css`
  .legend .legend-remove {
    pointer-events: auto; border: 0; background: transparent; color: inherit; cursor: pointer;
    font: inherit; padding: 0 3px; margin-left: 2px; border-radius: 3px; opacity: 0.7;
  }
  .legend .legend-remove:hover { opacity: 1; background: var(--kline-grid-color); }
  @media (pointer: coarse) { .legend .legend-remove { min-width: 24px; min-height: 24px; } }
`;

import { css, html, nothing, type TemplateResult } from 'lit';

/** One study in a pane legend. */
export interface IndicatorLegendEntry {
  readonly instanceId: string;
  /** e.g. `MACD(12,26,9)`. */
  readonly label: string;
}

/** What the legend entry's buttons do; the move handlers are optional (pane studies only). */
export interface IndicatorLegendActions {
  /** Open the settings popover; `anchor` is the clicked title's box (viewport coordinates). */
  open(instanceId: string, anchor: DOMRect): void;
  remove(instanceId: string): void;
  moveUp?(instanceId: string): void;
  moveDown?(instanceId: string): void;
}

/**
 * A legend title that opens the study's settings when clicked, followed by small remove (and
 * optional move) buttons. Replaces `<span class="title">` in `renderSeriesValues`; add
 * {@link indicatorLegendStyles} to the chart's styles (the legend itself ignores the pointer).
 */
export function renderIndicatorLegendEntry(
  entry: IndicatorLegendEntry,
  actions: IndicatorLegendActions,
): TemplateResult {
  const { instanceId, label } = entry;
  const { moveUp, moveDown } = actions;
  return html`<span class="indicator-entry" data-instance-id=${instanceId}>
    <button class="title indicator-title" part="legend-entry" title=${`${label}: settings`} aria-haspopup="dialog"
      @click=${(e: MouseEvent) => actions.open(instanceId, (e.currentTarget as HTMLElement).getBoundingClientRect())}>${label}</button>
    ${moveUp ? html`<button class="indicator-action" part="legend-move-up" aria-label=${`Move ${label} up`} title="Move up" @click=${() => moveUp(instanceId)}>↑</button>` : nothing}
    ${moveDown ? html`<button class="indicator-action" part="legend-move-down" aria-label=${`Move ${label} down`} title="Move down" @click=${() => moveDown(instanceId)}>↓</button>` : nothing}
    <button class="indicator-action" part="legend-remove" aria-label=${`Remove ${label}`} title="Remove" @click=${() => actions.remove(instanceId)}>×</button>
  </span>`;
}

/** Styles for {@link renderIndicatorLegendEntry}: clickable inside a pointer-transparent legend. */
export const indicatorLegendStyles = css`
  .indicator-entry { display: inline-flex; align-items: center; gap: 2px; pointer-events: auto; }
  .indicator-entry button {
    font: inherit; color: inherit; background: transparent; border: 1px solid transparent; border-radius: 3px;
    padding: 0 3px; line-height: 15px; cursor: pointer;
  }
  .indicator-entry .indicator-title { font-weight: 600; }
  .indicator-entry button:hover, .indicator-entry button:focus-visible { border-color: var(--kline-border-color); background: var(--kline-background); }
  .indicator-entry .indicator-action { opacity: 0; color: var(--kline-muted-color); }
  .indicator-entry:hover .indicator-action, .indicator-entry:focus-within .indicator-action { opacity: 1; }
`;

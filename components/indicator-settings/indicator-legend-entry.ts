import { css, html, nothing, type TemplateResult } from 'lit';
import { EN_CHART, type ChartStrings } from '../kline-chart/chart-strings.js';

/** One study in a pane legend. */
export interface IndicatorLegendEntry {
  readonly instanceId: string;
  /** e.g. `MACD(12,26,9)`. */
  readonly label: string;
  /** The legends' first control: the Tab stop until the roving-focus chunk takes over (legend-roving.ts). */
  readonly lead?: boolean;
}

/** Words of the entry's buttons (from the chart's strings, components/kline-chart/chart-strings.ts). */
export type IndicatorLegendStrings = Pick<
  ChartStrings,
  'studySettings' | 'moveUp' | 'moveDown' | 'remove' | 'moveStudyUp' | 'moveStudyDown' | 'removeStudy'
>;

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
 * optional move) buttons, out of the Tab order but for the title of the `lead` entry. Replaces `<span class="title">` in `renderSeriesValues`; add
 * {@link indicatorLegendStyles} to the chart's styles (the legend itself ignores the pointer).
 */
export function renderIndicatorLegendEntry(
  entry: IndicatorLegendEntry,
  actions: IndicatorLegendActions,
  t: IndicatorLegendStrings = EN_CHART,
): TemplateResult {
  const { instanceId, label, lead } = entry;
  const { moveUp, moveDown } = actions;
  const { name, params } = splitStudyLabel(label);
  // The accessible name stays the whole label when a narrow chart hides the parameters.
  return html`<span class="indicator-entry" data-instance-id=${instanceId}>
    <button class="title indicator-title" part="legend-entry" tabindex=${lead ? 0 : -1} title=${t.studySettings(label)} aria-label=${label} aria-haspopup="dialog"
      @click=${(e: MouseEvent) => actions.open(instanceId, (e.currentTarget as HTMLElement).getBoundingClientRect())}>${name}${params ? html`<span class="study-params">${params}</span>` : nothing}</button>
    ${moveUp ? html`<button class="indicator-action" part="legend-move-up" tabindex="-1" aria-label=${t.moveStudyUp(label)} title=${t.moveUp} @click=${() => moveUp(instanceId)}>↑</button>` : nothing}
    ${moveDown ? html`<button class="indicator-action" part="legend-move-down" tabindex="-1" aria-label=${t.moveStudyDown(label)} title=${t.moveDown} @click=${() => moveDown(instanceId)}>↓</button>` : nothing}
    <button class="indicator-action" part="legend-remove" tabindex="-1" aria-label=${t.removeStudy(label)} title=${t.remove} @click=${() => actions.remove(instanceId)}>×</button>
  </span>`;
}

/**
 * A study's label as its name and its parameters: `MACD(12,26,9)` → `MACD` and `(12,26,9)`. A narrow
 * chart shows the name only (each line's own label, e.g. `MA20`, still tells the lines apart).
 */
export function splitStudyLabel(label: string): { name: string; params: string } {
  const open = label.indexOf('(');
  if (open <= 0 || !label.endsWith(')')) return { name: label, params: '' };
  return { name: label.slice(0, open), params: label.slice(open) };
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
  /* A finger's target (WCAG 2.5.8): 24 px on a touch screen, the line's values on the name's baseline. */
  @media (pointer: coarse) {
    .indicator-entry button { min-width: 24px; min-height: 24px; }
    .legend .row, .pane-legend { align-items: baseline; }
  }
`;

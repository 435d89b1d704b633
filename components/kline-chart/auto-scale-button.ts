import { css, html, type TemplateResult } from 'lit';
import type { ChartCore } from '../../src/core/commands/index.js';
import { offsetWithin, type ChartRenderer } from '../../src/render/index.js';
import { styleProps } from '../style-props.js';

/** What the button reads from and asks of `<kline-chart>`. */
export interface AutoScaleDeps {
  readonly core: ChartCore;
  renderer(): ChartRenderer | null;
  /** The chart's `.main` box (the panes fill it). */
  main(): HTMLElement | null;
  /** Pane tops after the last layout (a signal read: the button moves with the panes). */
  layout(): unknown;
  /** Prices of the tags on the price axis (price lines, the last price). */
  tagPrices(): readonly number[];
  label(): string;
  /** Moves focus back to the chart (the focused button is going away). */
  focusChart(): void;
}

/** The button's height and its gap to the plot's bottom edge and to a tag, CSS px. */
const HEIGHT = 18;
const GAP = 2;
/** Half a price tag's height on the axis (paint-price-lines.ts). */
const TAG_HALF = 8;

/**
 * TradingView's "Auto (fits data to screen)" button (a lazy chunk, rendered by auto-scale-mark.ts while
 * a drag on the price axis holds the price pane's scale fixed): an "A" at the bottom of the main pane's
 * price axis, centred in the axis however wide it grew, lifted above a price tag that would be under it.
 * Pressing it fits the prices to the bars in view again; it then goes, and a keyboard user's focus
 * returns to the chart.
 */
export function renderAutoScaleButton(d: AutoScaleDeps): TemplateResult {
  const s = d.core.store.state;
  // Read so the button follows a tag that moves (a live bar, a price line) and the axis's side.
  s.series.get();
  s.priceLines.get();
  const left = s.settings.get().priceAxisSide === 'left';
  d.layout();
  const label = d.label();
  const press = (e: Event) => {
    const el = e.currentTarget as HTMLElement;
    const focused = (el.getRootNode() as ShadowRoot).activeElement === el;
    d.renderer()?.setPriceRange(null);
    if (focused) d.focusChart();
  };
  return html`<button type="button" class=${left ? 'auto-scale left' : 'auto-scale'} part="auto-scale-button"
    title=${label} aria-label=${label} ${styleProps({ top: `${top(d)}px` })} @click=${press}>A</button>`;
}

/** The button's top in `.main`'s CSS px: just above the price plot's bottom edge, or above the lowest tag there. */
function top(d: AutoScaleDeps): number {
  const plot = d.renderer()?.pane('price')?.plot;
  const main = d.main();
  if (!plot || !main) return 0;
  const plotTop = offsetWithin(plot.over, main).y;
  const height = plot.over.clientHeight;
  let bottom = height - GAP;
  const ys = d
    .tagPrices()
    .map((p) => plot.valToPos(p, 'price'))
    .filter((y) => y >= 0 && y <= height)
    .sort((a, b) => b - a);
  for (const y of ys) if (y + TAG_HALF > bottom - HEIGHT && y - TAG_HALF < bottom) bottom = y - TAG_HALF - GAP;
  return plotTop + Math.max(0, bottom - HEIGHT);
}

/** Its look: a small "A" in the toolbar's colours, over the axis (centred in `--_kline-axis-width`). */
export const autoScaleStyles = css`
  .auto-scale {
    position: absolute; z-index: 3; right: calc(var(--_kline-axis-width, 64px) / 2 - 11px); width: 22px; height: 18px;
    padding: 0; display: grid; place-items: center; cursor: pointer; font: var(--kline-font); font-weight: 600;
    border: 1px solid var(--kline-border-color); border-radius: 3px;
    background: var(--kline-toolbar-background); color: var(--kline-accent-text-color);
  }
  .auto-scale.left { right: auto; left: calc(var(--_kline-axis-width, 64px) / 2 - 11px); }
  .auto-scale:hover { filter: brightness(0.95); }
  .auto-scale:focus-visible { outline: var(--kline-focus-width) solid var(--kline-accent-color); outline-offset: 1px; }
  @media (forced-colors: active) {
    .auto-scale { border-color: ButtonText; color: ButtonText; background: ButtonFace; }
  }
`;

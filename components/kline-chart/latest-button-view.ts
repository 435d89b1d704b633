import { css, html, type TemplateResult } from 'lit';
import type { ChartCore } from '../../src/core/commands/index.js';
import { defaultView } from '../../src/core/state/index.js';

/**
 * The "Scroll to the most recent bar" button itself and its styles: a chunk latest-button.ts loads the
 * first time the newest bar leaves the view. Pressing it brings the newest bar back with the current zoom
 * (as the End key does). `shown`: false while the newest bar is in view again.
 */
export function renderLatestButton(core: ChartCore, label: () => string, shown = true): TemplateResult {
  const go = () => {
    const n = core.store.peek('series')?.bars.length ?? 0;
    const view = core.store.peek('view');
    if (n > 0 && view) core.setView(defaultView(n, Math.round(view.end - view.start)));
  };
  // Hidden (`.gone`, visibility): out of the tab order, the accessibility tree and hit testing, as if absent.
  return html`<button class=${shown ? 'to-latest' : 'to-latest gone'} part="latest-button" title=${label()} aria-label=${label()} @click=${go}>
    <svg viewBox="0 0 16 16" width="14" height="14" aria-hidden="true">
      <path d="M3 3l5 5-5 5M9 3l5 5-5 5" fill="none" stroke="currentColor" stroke-width="1.6" />
    </svg>
  </button>`;
}

/** Adopted into the chart's shadow root with the chunk (kline-chart.styles.ts keeps the notice's place above it). */
export const latestButtonStyles = css`
  .to-latest {
    position: absolute; z-index: 3; right: calc(var(--_kline-axis-width, 64px) + 10px); bottom: 36px;
    display: grid; place-items: center; width: 28px; height: 28px; padding: 0; cursor: pointer;
    border: 1px solid var(--kline-border-color); border-radius: 4px;
    background: var(--kline-toolbar-background); color: var(--kline-text-color);
  }
  .to-latest.gone { visibility: hidden; }
  .to-latest:hover { filter: brightness(0.95); }
  .to-latest:focus-visible { outline: var(--kline-focus-width) solid var(--kline-accent-color); outline-offset: 1px; }
`;

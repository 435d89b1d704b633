import { html, nothing, type TemplateResult } from 'lit';
import { Signal } from 'signal-polyfill';
import type { ChartCore } from '../../src/core/commands/index.js';
import { defaultView } from '../../src/core/state/index.js';

/**
 * TradingView's "Scroll to the most recent bar" button: shown while the newest bar is right of the
 * view, it brings it back with the current zoom (as the End key does). A computed template for
 * `watchSignal()`: `away` changes only when the newest bar leaves or enters the view, so a pan frame
 * renders nothing.
 */
export function latestButton(core: ChartCore, label: () => string): Signal.Computed<TemplateResult | typeof nothing> {
  const away = new Signal.Computed(() => {
    const n = core.store.state.series.get()?.bars.length ?? 0;
    const view = core.store.state.view.get();
    return n > 0 && view !== null && view.end < n - 0.5;
  });
  const go = () => {
    const n = core.store.peek('series')?.bars.length ?? 0;
    const view = core.store.peek('view');
    if (n > 0 && view) core.setView(defaultView(n, Math.round(view.end - view.start)));
  };
  return new Signal.Computed(() =>
    away.get()
      ? html`<button class="to-latest" part="latest-button" title=${label()} aria-label=${label()} @click=${go}>
          <svg viewBox="0 0 16 16" width="14" height="14" aria-hidden="true">
            <path d="M3 3l5 5-5 5M9 3l5 5-5 5" fill="none" stroke="currentColor" stroke-width="1.6" />
          </svg>
        </button>`
      : nothing,
  );
}

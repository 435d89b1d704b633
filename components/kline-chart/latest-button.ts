import { nothing, type CSSResult, type TemplateResult } from 'lit';
import { Signal } from 'signal-polyfill';
import type { ChartCore } from '../../src/core/commands/index.js';
import { lazyModule } from '../../src/core/tools/lazy-module.js';

type LatestButtonModule = typeof import('./latest-button-view.js');
const load = lazyModule(() => import('./latest-button-view.js'));

/**
 * TradingView's "Scroll to the most recent bar" button: shown while the newest bar is right of the
 * view, it brings it back with the current zoom (as the End key does). A computed template for
 * `watchSignal()`: `away` changes only when the newest bar leaves or enters the view, so a pan frame
 * renders nothing. The button and its styles are a chunk (latest-button-view.ts, issue #12) loaded the
 * first time it is to show, and shown once it is here. A chunk that cannot be fetched leaves it out (the
 * End key still goes there) and is said once (`failed`, a notice) until it loads; it is fetched again the
 * next time the newest bar leaves the view, and while it is away 5 s later, then twice as long each time
 * up to a minute.
 */
export function latestButton(
  core: ChartCore,
  label: () => string,
  adopt: (styles: CSSResult) => void,
  failed: () => void,
): Signal.Computed<TemplateResult | typeof nothing> {
  const away = new Signal.Computed(() => {
    const n = core.store.state.series.get()?.bars.length ?? 0;
    const view = core.store.state.view.get();
    return n > 0 && view !== null && view.end < n - 0.5;
  });
  const module = new Signal.State<LatestButtonModule | null>(null);
  /** Failed fetches since the last success: set to fetch again while the button is wanted. */
  const tries = new Signal.State(0);
  /** The fetch again that is waited for: a failure meanwhile (the newest bar left the view again) adds none. */
  let retry = 0;
  return new Signal.Computed(() => {
    const shown = away.get();
    const m = module.get();
    // Once loaded (the newest bar left the view once), the button stays in the DOM and is hidden while that bar
    // is in view: a wheel zoom at the right edge that takes it in and out of view each step toggles a class,
    // not a node that is styled, laid out, layerized and hit-tested anew (about 1 ms a step, bench/README.md).
    if (m) return m.renderLatestButton(core, label, shown);
    if (!shown) return nothing;
    const n = tries.get();
    void load().then(
      (loaded) => {
        adopt(loaded.latestButtonStyles);
        module.set(loaded);
      },
      (error: unknown) => {
        console.warn('kline-chart: the "scroll to the most recent bar" button could not be loaded', error);
        // Said once, not again for each time the newest bar leaves the view before the fetch again (a wheel zoom
        // at the right edge takes it in and out each step): that would keep the notice up and hide any other.
        if (!retry) {
          if (!n) failed();
          retry = window.setTimeout(
            () => {
              retry = 0;
              tries.set(n + 1);
            },
            Math.min(60_000, 5000 * 2 ** n),
          );
        }
      },
    );
    return nothing;
  });
}

import { nothing, type CSSResult } from 'lit';
import { Signal } from 'signal-polyfill';
import { lazyModule } from '../../src/core/tools/lazy-module.js';
import type { PriceRange } from '../../src/render/index.js';
import type { AutoScaleDeps } from './auto-scale-button.js';

type AutoScaleModule = typeof import('./auto-scale-button.js');
const load = lazyModule(() => import('./auto-scale-button.js'));

/**
 * TradingView's "Auto (fits data to screen)" mark, as a computed template for `watchSignal()`: nothing
 * while the price scale fits the bars; while a drag on the price axis holds it `fixed`, the button
 * (auto-scale-button.ts, a lazy chunk fetched with the first fixed scale) that fits it again.
 */
export function autoScaleMark(
  fixed: Signal.State<PriceRange | null>,
  deps: AutoScaleDeps & { adopt(styles: CSSResult): void },
): Signal.Computed<unknown> {
  const module = new Signal.State<AutoScaleModule | null>(null);
  return new Signal.Computed(() => {
    if (!fixed.get()) return nothing;
    const m = module.get();
    if (m) return m.renderAutoScaleButton(deps);
    void load().then(
      (loaded) => {
        deps.adopt(loaded.autoScaleStyles);
        module.set(loaded);
      },
      (error: unknown) => console.warn('kline-chart: the auto-scale button could not be loaded', error),
    );
    return nothing;
  });
}

import { Signal } from 'signal-polyfill';
import type { ChartCore } from '../../src/core/commands/index.js';
import { createBars, type Period } from '../../src/core/data/index.js';
import type { RenderSource } from '../../src/render/render-source.js';
import { ZonedClock } from '../../src/render/zoned-clock.js';

const EMPTY = createBars(0);

/**
 * The selectors the renderer subscribes to, built from the chart's store (read-only signals; the
 * renderer never sees the core). Each is a computed over the slices it needs, so a pan (a `view`
 * write) wakes only the `view` selector.
 */
export function chartRenderSource(
  core: ChartCore,
  zone: () => string = () =>
    core.store.state.settings.get().timezone || core.store.state.series.get()?.instrument.timezone || 'UTC',
  /** True until a saved layout is on the chart: no bars are shown before it (its scale, studies, view). */
  held: { get(): boolean } = { get: () => false },
): RenderSource {
  const s = core.store.state;
  // The display zone: the setting, else the data's own (a test stage may fix one).
  const timeZone = new Signal.Computed(zone);
  return {
    bars: new Signal.Computed(() => (held.get() ? EMPTY : (s.series.get()?.bars ?? EMPTY))),
    period: new Signal.Computed((): Period => s.series.get()?.period ?? '1d'),
    dataRevision: s.dataRevision,
    view: s.view,
    settings: s.settings,
    pricePrecision: new Signal.Computed(() => s.series.get()?.instrument.pricePrecision),
    // Computed from the zone's name only: a settings change that keeps the zone keeps the clock (and its cache).
    clock: new Signal.Computed(() => new ZonedClock(timeZone.get())),
    comparisons: core.comparisons.lines,
    overlays: new Signal.Computed(() => [
      s.drawings.get(),
      s.markers.get(),
      s.priceLines.get(),
      s.drawingSelection.get(),
      s.selection.get(),
    ]),
  };
}

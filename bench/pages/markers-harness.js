// Markers bench page (issue #17): one <kline-chart> with 10,000 1-minute bars, the whole range in
// view, panned through the public API (`chart_set_visible_range`) one step per frame, first without
// markers, then with one marker on every bar (10,000, drawn in one path per style).
import { generateBars } from './generate-bars.js';

const params = new URLSearchParams(location.search);
const MODULE = params.get('module') ?? '/dist/kline-chart.js';
let el = null;
let bars = null;

const frame = () => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));

async function execute(name, input) {
  const result = await el.tools.execute(name, input);
  if (!result.success) throw new Error(`${name}: ${result.error.message}`);
  return result;
}

window.markersBench = {
  async mount(count) {
    await import(MODULE);
    await customElements.whenDefined('kline-chart');
    bars = generateBars(count, 42);
    el = document.createElement('kline-chart');
    el.setAttribute('toolbar', 'none');
    el.setAttribute('indicators', '');
    el.style.cssText = 'display:block;width:1200px;height:600px';
    document.body.append(el);
    el.setBars(bars);
    await el.whenPainted();
  },
  /** Shows all bars but the last `step × steps` (room to pan), then returns. */
  async showAll(steps, step) {
    await execute('chart_set_visible_range', { from: bars.time[0], to: bars.time[bars.length - 1 - steps * step] });
    await el.whenPainted();
  },
  /** One marker per bar, alternating above/below arrows; resolves after the frame that paints them. */
  async addMarkers() {
    const markers = [];
    for (let i = 0; i < bars.length; i++)
      markers.push({ time: bars.time[i], position: i % 2 ? 'above' : 'below', shape: i % 2 ? 'arrow' : 'circle' });
    const t0 = performance.now();
    const result = await execute('markers_create', { markers });
    await el.whenPainted();
    return { added: result.data?.ids?.length ?? 0, ms: performance.now() - t0, frames: el.paintCount };
  },
  /** `steps` API pans of `step` bars forward in time, one per frame. */
  async pan(steps, step) {
    const ctx = el.context.get();
    let from = ctx.visibleRange.from;
    let to = ctx.visibleRange.to;
    const index = (t) => bars.time.indexOf(t);
    let i0 = index(from);
    let i1 = index(to);
    for (let s = 0; s < steps; s++) {
      i0 += step;
      i1 += step;
      from = bars.time[i0];
      to = bars.time[i1];
      await execute('chart_set_visible_range', { from, to });
      await frame();
    }
  },
  paintCount: () => el.paintCount,
};

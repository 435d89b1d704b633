/**
 * Our `<kline-chart>` (the built bundle `/dist/kline-chart.js`): indicators attribute set before
 * data, `setBars(columns)` then `await whenPainted()`.
 */
const DEFAULT_MODULE = '/dist/kline-chart.js';

export const id = 'ours';

/** Imports the bundle and waits for the element definition (fails fast when it is not built). */
export async function load(module = DEFAULT_MODULE) {
  await import(module);
  await Promise.race([
    customElements.whenDefined('kline-chart'),
    new Promise((_, reject) => setTimeout(() => reject(new Error('kline-chart was not defined')), 10_000)),
  ]);
  return module;
}

/** Native input: the columns themselves. */
export function prepare(bars) {
  return bars;
}

/** Creates the element with data; resolves when the element says its canvas has painted. */
export async function mount(host, input) {
  const el = document.createElement('kline-chart');
  el.setAttribute('toolbar', 'none');
  // Volume without its moving averages, as the lightweight-charts and uPlot pages draw it (same work).
  el.setAttribute('indicators', 'MA(20),VOL(periods=[]),MACD(12,26,9)');
  el.style.cssText = 'display:block;width:1200px;height:600px';
  host.append(el);
  el.setBars(input);
  await el.whenPainted();
  return { el, length: input.length };
}

/** Shows the last `count` bars through the same tool a user or model would use. */
export async function showLastBars(handle, count) {
  const result = await handle.el.tools?.execute?.('chart_set_visible_range', { lastBars: count });
  if (result && result.success === false) throw new Error(`chart_set_visible_range: ${result.error?.message}`);
  await handle.el.whenPainted();
}

/** Bars currently on screen, from the context signal. */
export function visibleBars(handle) {
  return handle.el.context?.get?.()?.visibleRange?.bars ?? null;
}

/** What is on screen, for checking that a drag or wheel changed it. */
export function view(handle) {
  const range = handle.el.context?.get?.()?.visibleRange;
  return range ? `${range.from}..${range.to}` : '';
}

/** Bars the chart holds (context `dataRange.bars`), to check it kept everything it was given. */
export function loadedBars(handle) {
  return handle.el.context?.get?.()?.dataRange?.bars ?? null;
}

/** Public API pan: `chart_set_visible_range` with the view shifted `bars` bars back in time (1-minute bars). */
export async function panBars(handle, bars) {
  const range = handle.el.context.get().visibleRange;
  const step = (range.to - range.from) / Math.max(1, range.bars - 1);
  const r = await handle.el.tools.execute('chart_set_visible_range', {
    from: range.from - bars * step,
    to: range.to - bars * step,
  });
  if (r.success === false) throw new Error(`chart_set_visible_range: ${r.error?.message}`);
}

/** Public API zoom: `chart_set_visible_range` with the window scaled by `factor` about its centre. */
export async function zoomBars(handle, factor) {
  const range = handle.el.context.get().visibleRange;
  const centre = (range.from + range.to) / 2;
  const half = ((range.to - range.from) / 2) * factor;
  const r = await handle.el.tools.execute('chart_set_visible_range', { from: centre - half, to: centre + half });
  if (r.success === false) throw new Error(`chart_set_visible_range: ${r.error?.message}`);
}

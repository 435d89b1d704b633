/**
 * klinecharts 10 adapter: `init`, indicators created before data (MA(20) stacked on the candle
 * pane, VOL and MACD(12,26,9) in their own panes), then v10's data loader
 * (`setSymbol` / `setPeriod` / `setDataLoader`; v10 has no `applyNewData`).
 */
import { nextFrames } from '../frame-probe.js';

const SCRIPT = '/node_modules/klinecharts/dist/umd/klinecharts.min.js';

export const id = 'klinecharts';

/** Loads the UMD build (defines `window.klinecharts`). */
export function load() {
  return new Promise((resolve, reject) => {
    const script = document.createElement('script');
    script.src = SCRIPT;
    script.onload = () => resolve(window.klinecharts.version?.() ?? '10');
    script.onerror = () => reject(new Error(`cannot load ${SCRIPT}`));
    document.head.append(script);
  });
}

/** Native input: `KLineData` objects. */
export function prepare(bars) {
  const data = new Array(bars.length);
  for (let i = 0; i < bars.length; i++) {
    data[i] = {
      timestamp: bars.time[i],
      open: bars.open[i],
      high: bars.high[i],
      low: bars.low[i],
      close: bars.close[i],
      volume: bars.volume[i],
    };
  }
  return data;
}

function indicatorsReady(chart, length) {
  const indicators = chart.getIndicators();
  return indicators.length === 3 && indicators.every((indicator) => indicator.result.length === length);
}

/**
 * Creates the chart with data; resolves two animation frames after the (asynchronous)
 * indicator calculations have finished, since klinecharts paints indicators only then.
 */
export async function mount(host, input) {
  const chart = window.klinecharts.init(host);
  chart.createIndicator({ name: 'MA', calcParams: [20], paneId: 'candle_pane' }, true);
  chart.createIndicator({ name: 'VOL', calcParams: [] }); // volume only, like every other page
  chart.createIndicator({ name: 'MACD', calcParams: [12, 26, 9] });
  chart.setSymbol({ ticker: 'BENCH', pricePrecision: 2, volumePrecision: 0 });
  chart.setPeriod({ type: 'minute', span: 1 });
  chart.setDataLoader({ getBars: ({ callback }) => callback(input, false) });
  await nextFrames(2);
  while (!indicatorsReady(chart, input.length)) await nextFrames(1);
  await nextFrames(2);
  return { chart, length: input.length };
}

/** Shows the last `count` bars by setting the bar width to the main pane's width / count. */
export async function showLastBars(handle, count) {
  const size = handle.chart.getSize('candle_pane', 'main');
  handle.chart.setBarSpace(size.width / count);
  handle.chart.scrollToRealTime(0);
  await nextFrames(2);
}

/** Bars currently on screen. */
export function visibleBars(handle) {
  const range = handle.chart.getVisibleRange();
  return range.realTo - range.realFrom;
}

/** What is on screen, for checking that a drag or wheel changed it. */
export function view(handle) {
  const range = handle.chart.getVisibleRange();
  return `${range.realFrom}..${range.realTo}@${handle.chart.getBarSpace().bar.toFixed(3)}`;
}

/** Bars the chart holds, to check it kept everything it was given. */
export function loadedBars(handle) {
  return handle.chart.getDataList().length;
}

/** Public API pan: scrolled `bars` bar widths back in time, without animation. */
export function panBars(handle, bars) {
  handle.chart.scrollByDistance(bars * handle.chart.getBarSpace().bar, 0);
}

/** Public API zoom: `zoomAtCoordinate` about the main pane's centre, without animation (scale > 1 zooms in). */
export function zoomBars(handle, factor) {
  const size = handle.chart.getSize('candle_pane', 'main');
  handle.chart.zoomAtCoordinate(1 / factor, { x: size.width / 2, y: size.height / 2 }, 0);
}

/**
 * lightweight-charts 5 adapter: candlesticks + volume histogram (overlay scale) + MA(20) line in
 * pane 0, MACD(12,26,9) lines and histogram in pane 1. MA/MACD are computed inside the timed
 * mount, since the other two libraries compute their indicators inside theirs.
 */
import { macd, sma } from '../indicator-math.js';
import { nextFrames } from '../frame-probe.js';

const SCRIPT = '/node_modules/lightweight-charts/dist/lightweight-charts.standalone.production.js';
const UP = '#26a69a';
const DOWN = '#ef5350';

export const id = 'lightweight-charts';

/** Loads the standalone build (defines `window.LightweightCharts`). */
export function load() {
  return new Promise((resolve, reject) => {
    const script = document.createElement('script');
    script.src = SCRIPT;
    script.onload = () => resolve(window.LightweightCharts.version?.() ?? '5');
    script.onerror = () => reject(new Error(`cannot load ${SCRIPT}`));
    document.head.append(script);
  });
}

/** Native input: bar objects with times in seconds, and volume histogram points. */
export function prepare(bars) {
  const candles = new Array(bars.length);
  const volume = new Array(bars.length);
  for (let i = 0; i < bars.length; i++) {
    const time = bars.time[i] / 1000;
    candles[i] = { time, open: bars.open[i], high: bars.high[i], low: bars.low[i], close: bars.close[i] };
    volume[i] = { time, value: bars.volume[i], color: bars.close[i] >= bars.open[i] ? UP : DOWN };
  }
  return { candles, volume };
}

function linePoints(candles, values) {
  const out = [];
  for (let i = 0; i < values.length; i++) {
    if (!Number.isNaN(values[i])) out.push({ time: candles[i].time, value: values[i] });
  }
  return out;
}

/** Creates the chart with data; resolves after two animation frames (the chart paints in rAF). */
export async function mount(host, input) {
  const { createChart, CandlestickSeries, HistogramSeries, LineSeries } = window.LightweightCharts;
  const chart = createChart(host, { width: 1200, height: 600 });
  const candleSeries = chart.addSeries(CandlestickSeries, {
    upColor: UP,
    downColor: DOWN,
    wickUpColor: UP,
    wickDownColor: DOWN,
    borderVisible: false,
  });
  const volumeSeries = chart.addSeries(HistogramSeries, { priceFormat: { type: 'volume' }, priceScaleId: 'volume' });
  volumeSeries.priceScale().applyOptions({ scaleMargins: { top: 0.8, bottom: 0 } });
  const maSeries = chart.addSeries(LineSeries, {
    color: '#2962ff',
    lineWidth: 1,
    priceLineVisible: false,
    lastValueVisible: false,
  });
  const difSeries = chart.addSeries(LineSeries, { color: '#2962ff', lineWidth: 1, priceLineVisible: false }, 1);
  const deaSeries = chart.addSeries(LineSeries, { color: '#ff6d00', lineWidth: 1, priceLineVisible: false }, 1);
  const histSeries = chart.addSeries(HistogramSeries, { priceLineVisible: false }, 1);

  const { candles } = input;
  candleSeries.setData(candles);
  volumeSeries.setData(input.volume);

  const close = new Float64Array(candles.length);
  for (let i = 0; i < candles.length; i++) close[i] = candles[i].close;
  maSeries.setData(linePoints(candles, sma(close, 20)));
  const m = macd(close, 12, 26, 9);
  difSeries.setData(linePoints(candles, m.dif));
  deaSeries.setData(linePoints(candles, m.dea));
  const hist = new Array(candles.length);
  for (let i = 0; i < candles.length; i++) {
    hist[i] = { time: candles[i].time, value: m.hist[i], color: m.hist[i] >= 0 ? UP : DOWN };
  }
  histSeries.setData(hist);
  await nextFrames(2);
  return { chart, candleSeries, length: candles.length };
}

/** Shows the last `count` bars. */
export async function showLastBars(handle, count) {
  handle.chart.timeScale().setVisibleLogicalRange({ from: handle.length - count, to: handle.length - 1 });
  await nextFrames(2);
}

/** Bars currently on screen. */
export function visibleBars(handle) {
  const range = handle.chart.timeScale().getVisibleLogicalRange();
  return range ? Math.round(range.to - range.from + 1) : null;
}

/** What is on screen, for checking that a drag or wheel changed it. */
export function view(handle) {
  const range = handle.chart.timeScale().getVisibleLogicalRange();
  return range ? `${range.from.toFixed(2)}..${range.to.toFixed(2)}` : '';
}

/** Bars the chart holds (the candle series), to check it kept everything it was given. */
export function loadedBars(handle) {
  return handle.candleSeries.data().length;
}

/** Public API pan: the visible logical range shifted `bars` bars back in time. */
export function panBars(handle, bars) {
  const ts = handle.chart.timeScale();
  const range = ts.getVisibleLogicalRange();
  ts.setVisibleLogicalRange({ from: range.from - bars, to: range.to - bars });
}

/** Public API zoom: the visible logical range scaled by `factor` about its centre. */
export function zoomBars(handle, factor) {
  const ts = handle.chart.timeScale();
  const range = ts.getVisibleLogicalRange();
  const centre = (range.from + range.to) / 2;
  const half = ((range.to - range.from) / 2) * factor;
  ts.setVisibleLogicalRange({ from: centre - half, to: centre + half });
}

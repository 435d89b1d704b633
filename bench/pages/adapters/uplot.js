/**
 * Plain uPlot 1.6 (our floor: the library we draw with, without our element): three synced plots
 * (candles + MA(20), volume, MACD(12,26,9) lines + histogram) of 1200×600 in total, candles,
 * volume columns and the histogram drawn in `draw` hooks over the visible index range (uPlot's
 * candlestick demo, batched by colour), x in bar-index space. Drag pans and the wheel zooms through
 * a few lines of plugin code, the usual way a uPlot page adds them. MA/MACD are computed inside the
 * timed mount, as the other libraries compute theirs inside theirs.
 */
import { macd, sma } from '../indicator-math.js';
import { nextFrames } from '../frame-probe.js';

const SCRIPT = '/node_modules/uplot/dist/uPlot.iife.min.js';
const CSS = '/node_modules/uplot/dist/uPlot.min.css';
const UP = '#26a69a';
const DOWN = '#ef5350';
const WIDTH = 1200;
const HEIGHTS = [360, 120, 120];

export const id = 'uplot';

/** Loads the IIFE build (defines `window.uPlot`) and its stylesheet. */
export function load() {
  const link = document.createElement('link');
  link.rel = 'stylesheet';
  link.href = CSS;
  document.head.append(link);
  return new Promise((resolve, reject) => {
    const script = document.createElement('script');
    script.src = SCRIPT;
    script.onload = () => resolve('uPlot 1.6');
    script.onerror = () => reject(new Error(`cannot load ${SCRIPT}`));
    document.head.append(script);
  });
}

/** Native input: columns (uPlot takes typed arrays as they are). */
export function prepare(bars) {
  return bars;
}

/** Candles (or one high/low line per pixel column when bars are narrower than 2 px), up then down. */
function drawCandles(u, bars) {
  const { open, high, low, close } = bars;
  const min = u.scales.x.min;
  const max = u.scales.x.max;
  const i0 = Math.max(0, Math.floor(min));
  const i1 = Math.min(bars.length - 1, Math.ceil(max));
  const slot = u.bbox.width / (max - min);
  const ctx = u.ctx;
  ctx.save();
  ctx.beginPath();
  ctx.rect(u.bbox.left, u.bbox.top, u.bbox.width, u.bbox.height);
  ctx.clip();
  const bodyW = Math.max(1, Math.round(slot * 0.7));
  for (const up of [true, false]) {
    ctx.beginPath();
    for (let i = i0; i <= i1; i++) {
      if (close[i] >= open[i] !== up) continue;
      const x = Math.round(u.valToPos(i, 'x', true)) + 0.5;
      ctx.moveTo(x, u.valToPos(high[i], 'y', true));
      ctx.lineTo(x, u.valToPos(low[i], 'y', true));
    }
    ctx.strokeStyle = up ? UP : DOWN;
    ctx.lineWidth = 1;
    ctx.stroke();
    if (slot < 2) continue;
    ctx.beginPath();
    for (let i = i0; i <= i1; i++) {
      if (close[i] >= open[i] !== up) continue;
      const x = Math.round(u.valToPos(i, 'x', true));
      const yo = u.valToPos(open[i], 'y', true);
      const yc = u.valToPos(close[i], 'y', true);
      ctx.rect(x - bodyW / 2, Math.min(yo, yc), bodyW, Math.max(1, Math.abs(yc - yo)));
    }
    ctx.fillStyle = up ? UP : DOWN;
    ctx.fill();
  }
  ctx.restore();
}

/** Columns from zero: volume (coloured by the bar) or the MACD histogram (coloured by sign). */
function drawColumns(u, values, rising) {
  const min = u.scales.x.min;
  const max = u.scales.x.max;
  const i0 = Math.max(0, Math.floor(min));
  const i1 = Math.min(values.length - 1, Math.ceil(max));
  const slot = u.bbox.width / (max - min);
  const w = Math.max(1, Math.round(slot * 0.7));
  const zero = u.valToPos(0, 'y', true);
  const ctx = u.ctx;
  ctx.save();
  ctx.beginPath();
  ctx.rect(u.bbox.left, u.bbox.top, u.bbox.width, u.bbox.height);
  ctx.clip();
  for (const up of [true, false]) {
    ctx.beginPath();
    for (let i = i0; i <= i1; i++) {
      const v = values[i];
      if (v !== v || rising(i) !== up) continue;
      const x = Math.round(u.valToPos(i, 'x', true));
      const y = u.valToPos(v, 'y', true);
      ctx.rect(x - w / 2, Math.min(y, zero), w, Math.max(1, Math.abs(zero - y)));
    }
    ctx.fillStyle = up ? UP : DOWN;
    ctx.fill();
  }
  ctx.restore();
}

function plot(host, height, data, series, draw, showX) {
  const hidden = { paths: () => null, points: { show: false } };
  return new window.uPlot(
    {
      width: WIDTH,
      height,
      legend: { show: false },
      cursor: { drag: { x: false, y: false, setScale: false }, points: { show: false }, sync: { key: 'bench' } },
      scales: { x: { time: false, auto: false }, y: { auto: true } },
      axes: [
        { show: true, size: showX ? 26 : 0 },
        { size: 64, side: 1 },
      ],
      series: [{}, ...series.map((s) => (s ? { ...s, points: { show: false } } : hidden))],
      hooks: { draw: [draw] },
    },
    data,
    host,
  );
}

/** Creates the three plots with data; resolves after two animation frames. */
export async function mount(host, bars) {
  const n = bars.length;
  const x = new Float64Array(n);
  for (let i = 0; i < n; i++) x[i] = i;
  const ma = sma(bars.close, 20);
  const m = macd(bars.close, 12, 26, 9);
  const rising = (i) => bars.close[i] >= bars.open[i];
  const plots = [
    plot(
      host,
      HEIGHTS[0],
      [x, bars.low, bars.high, ma],
      [null, null, { stroke: '#2962ff' }],
      (u) => drawCandles(u, bars),
      false,
    ),
    plot(host, HEIGHTS[1], [x, bars.volume], [null], (u) => drawColumns(u, bars.volume, rising), false),
    plot(
      host,
      HEIGHTS[2],
      [x, m.dif, m.dea, m.hist],
      [{ stroke: '#2962ff' }, { stroke: '#ff6d00' }, null],
      (u) => drawColumns(u, m.hist, (i) => m.hist[i] >= 0),
      true,
    ),
  ];
  const handle = { plots, length: n, view: { min: Math.max(0, n - 200) - 0.5, max: n - 0.5 } };
  setView(handle, handle.view.min, handle.view.max);
  addPanZoom(handle, host);
  await nextFrames(2);
  return handle;
}

/** One x range for every plot: uPlot batches its redraws itself (a microtask commit per plot). */
function setView(handle, min, max) {
  handle.view = { min, max };
  for (const u of handle.plots) u.setScale('x', { min, max });
}

/** Drag pans and the wheel zooms at the pointer: what a uPlot page adds with a small plugin. */
function addPanZoom(handle, host) {
  let drag = null;
  const plotWidth = () => handle.plots[0].bbox.width / devicePixelRatio;
  host.addEventListener('mousedown', (e) => {
    drag = { x: e.clientX, view: { ...handle.view } };
  });
  window.addEventListener('mousemove', (e) => {
    if (!drag) return;
    const span = drag.view.max - drag.view.min;
    const shift = ((e.clientX - drag.x) / plotWidth()) * span;
    setView(handle, drag.view.min - shift, drag.view.max - shift);
  });
  window.addEventListener('mouseup', () => (drag = null));
  host.addEventListener(
    'wheel',
    (e) => {
      e.preventDefault();
      const rect = handle.plots[0].over.getBoundingClientRect();
      const frac = Math.min(1, Math.max(0, (e.clientX - rect.left) / rect.width));
      zoomAt(handle, Math.pow(1.0015, e.deltaY), frac);
    },
    { passive: false },
  );
}

function zoomAt(handle, factor, frac) {
  const { min, max } = handle.view;
  const span = max - min;
  const next = Math.max(5, span * factor);
  const anchor = min + span * frac;
  setView(handle, anchor - (anchor - min) * (next / span), anchor + (max - anchor) * (next / span));
}

/** Shows the last `count` bars. */
export async function showLastBars(handle, count) {
  setView(handle, handle.length - count - 0.5, handle.length - 0.5);
  await nextFrames(2);
}

/** Bars currently on screen. */
export function visibleBars(handle) {
  return Math.round(handle.view.max - handle.view.min);
}

/** What is on screen, for checking that a drag or wheel changed it. */
export function view(handle) {
  return `${handle.view.min.toFixed(2)}..${handle.view.max.toFixed(2)}`;
}

/** Bars the plots hold. */
export function loadedBars(handle) {
  return handle.plots[0].data[0].length;
}

/** Public API pan: `setScale('x')` on every plot, `bars` bars back in time. */
export function panBars(handle, bars) {
  setView(handle, handle.view.min - bars, handle.view.max - bars);
}

/** Public API zoom: the x range scaled by `factor` about its centre. */
export function zoomBars(handle, factor) {
  zoomAt(handle, factor, 0.5);
}

/**
 * The in-page side of `npm run bench`: loads one library (`?lib=`), generates the bars from a seed,
 * and exposes `window.bench` for the Node runner to drive step by step.
 */
import { generateBars } from './generate-bars.js';
import { createFrameProbe, nextFrames } from './frame-probe.js';

const ADAPTERS = {
  ours: () => import('./adapters/ours.js'),
  'lightweight-charts': () => import('./adapters/lightweight-charts.js'),
  klinecharts: () => import('./adapters/klinecharts.js'),
};

const params = new URLSearchParams(location.search);
const lib = params.get('lib') ?? '';
const host = document.getElementById('host');
const probe = createFrameProbe();
let adapter = null;
let input = null;
let handle = null;

function withTimeout(promise, ms, what) {
  let timer;
  return Promise.race([
    promise,
    new Promise((_, reject) => {
      timer = setTimeout(() => reject(new Error(`${what} did not finish within ${ms} ms`)), ms);
    }),
  ]).finally(() => clearTimeout(timer));
}

const ready = (async () => {
  const load = ADAPTERS[lib];
  if (!load) throw new Error(`unknown lib "${lib}"`);
  adapter = await load();
  return adapter.load(params.get('module') || undefined);
})();

window.bench = {
  /** Resolves to the library's version text; rejects when it cannot load. */
  ready: () => ready,
  /** Generates `length` bars from `seed` and converts them to the library's input format (untimed). */
  prepare(length, seed) {
    input = adapter.prepare(generateBars(length, seed));
    return input.length ?? length;
  },
  /** Timed: create the chart with data until its canvas has painted. Returns ms. */
  async firstPaint() {
    const start = performance.now();
    handle = await adapter.mount(host, input);
    return performance.now() - start;
  },
  /** Drops the page's own reference to the input so the heap counts only what the chart keeps. */
  releaseInput() {
    input = null;
  },
  usedHeap: () => performance.memory.usedJSHeapSize,
  /** How many bars the chart says it holds. */
  loadedBars: () => adapter.loadedBars(handle),
  /** Shows the last `count` bars and returns how many the chart reports visible. */
  async showLastBars(count) {
    await withTimeout(adapter.showLastBars(handle, count), 10_000, 'showLastBars');
    await nextFrames(2);
    return adapter.visibleBars(handle);
  },
  /** A text key of the visible range: equal keys mean the view did not change. */
  view: () => adapter.view(handle),
  startFrames: () => probe.start(),
  settled: () => withTimeout(probe.settled(), 10_000, 'frame'),
  stopFrames: () => probe.stop(),
  idle: () => nextFrames(2),
  /**
   * Pans `steps` times by 5 bars through the library's public API; each sample runs from the call
   * to the task after the next animation frame (the frame that shows it). Returns ms per step.
   */
  async apiPan(steps) {
    const frames = [];
    for (let i = 0; i < steps; i++) {
      const start = performance.now();
      await adapter.panBars(handle, 5);
      await new Promise((resolve) =>
        requestAnimationFrame(() => {
          const channel = new MessageChannel();
          channel.port1.onmessage = resolve;
          channel.port2.postMessage(0);
        }),
      );
      frames.push(performance.now() - start);
    }
    return frames;
  },
};

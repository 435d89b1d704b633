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
  uplot: () => import('./adapters/uplot.js'),
};

/** Resolves in the task after the next frame's rendering steps (a message posted from rAF runs then). */
function afterNextFrame() {
  return new Promise((resolve) =>
    requestAnimationFrame(() => {
      const channel = new MessageChannel();
      channel.port1.onmessage = () => resolve(performance.now());
      channel.port2.postMessage(0);
    }),
  );
}

/** Resolves in the next task (a message): after the current task and what the browser runs at its end. */
function nextTask() {
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => resolve(performance.now());
    channel.port2.postMessage(0);
  });
}

/**
 * Runs `act(i)` `steps` times, one step per frame, and returns per step `{ work, total, taskEnd }` in ms:
 * `total` from the call to the task after the next animation frame (what a caller waits; a library
 * that paints in its own animation frame cannot beat one frame, ≈16.7 ms at 60 Hz); `work` the time
 * the main thread was busy for it: the call's task (its microtasks and what Chromium runs at the end of
 * the task included) plus the next frame, from its first rAF callback (ours, registered before the call)
 * through every library callback, style, layout, paint and commit, to the task after it. The call's task
 * ends with the next task's message: a canvas drawn outside an animation frame (uPlot draws during the
 * call) is rasterised when its task ends (Chromium's `CanvasRenderingContext2D::FinalizeFrame`), after the
 * call's own microtasks, while one drawn in a rAF callback is rasterised in the frame's commit, so timing
 * the call alone would leave the first library's rasterisation out and count the second's. Idle time
 * waiting for the frame is left out, so `work` compares libraries where `total` cannot. `taskEnd`: from the
 * call's return to the next task, the part of `work` that timing the call alone missed.
 * `work` also counts the frame after that one (`secondFrame`, from its first rAF callback, asked for by the
 * first callback of the frame before, so it runs ahead of any library's own, to the task after it): a library
 * may render again there. lightweight-charts does: its first render asks for another frame, which draws four
 * of its canvases again (the same pixels) at about the cost of the first, so counting one frame left about
 * half of its work out (bench/README.md). For a library that is done it is an idle frame, about 0.2 ms of this
 * harness's own callbacks and an aborted commit, the same for each.
 */
async function apiSteps(steps, act) {
  const samples = [];
  for (let i = 0; i < steps; i++) {
    await afterNextFrame(); // a fresh task after a frame: no step shares a frame with the previous one
    let frameBegan = 0;
    let secondBegan = 0;
    // The first callback of the next frame, which asks for the first callback of the frame after it.
    requestAnimationFrame(() => {
      frameBegan = performance.now();
      requestAnimationFrame(() => (secondBegan = performance.now()));
    });
    const start = performance.now();
    await act(i);
    const returned = performance.now();
    const called = await nextTask();
    const end = await afterNextFrame();
    const secondEnd = await afterNextFrame();
    const secondFrame = secondEnd - secondBegan;
    samples.push({
      work: called - start + (end - Math.max(frameBegan, called)) + secondFrame,
      total: end - start,
      taskEnd: called - returned,
      secondFrame,
    });
  }
  return samples;
}

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
  /** Pans `steps` times by 5 bars back in time through the library's public API (see `apiSteps`). */
  apiPan: (steps) => apiSteps(steps, () => adapter.panBars(handle, 5)),
  /** The same loop with a call that does nothing: the harness's own cost per step (subtracted from CPU figures). */
  apiIdle: (steps) => apiSteps(steps, () => undefined),
  /** Zooms `steps` times through the public API, alternately in (×0.8) and out (×1.25) about the centre. */
  apiZoom: (steps) => apiSteps(steps, (i) => adapter.zoomBars(handle, i % 2 === 0 ? 0.8 : 1.25)),
};

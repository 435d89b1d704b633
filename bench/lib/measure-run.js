/**
 * One benchmark run: a fresh browser context and page, one library, one size.
 * first paint → heap after a forced GC → show the last 200 bars → pan drags → wheel zooms.
 */
import { median } from './median.js';

/** Where the drags and wheels happen: inside the main (price) pane of every library's layout. */
const POINTER_Y = 150;
const PAN_START_X = 280;
const ZOOM_X = 600;
const STEP_PX = 10;
const WARMUP_STEPS = 2;

class RunTimeout extends Error {}

function withTimeout(promise, ms) {
  let timer;
  return Promise.race([
    promise,
    new Promise((_, reject) => {
      timer = setTimeout(() => reject(new RunTimeout(`over ${ms} ms`)), ms);
    }),
  ]).finally(() => clearTimeout(timer));
}

/**
 * Real input through CDP `Input.dispatchMouseEvent` (the browser's own input pipeline: hit testing,
 * pointer and mouse events, rAF-aligned delivery), one event per call, each acknowledged by the browser.
 */
function mouse(cdp) {
  let buttons = 0;
  const send = (type, x, y, extra = {}) =>
    cdp.send('Input.dispatchMouseEvent', { type, x, y, buttons, pointerType: 'mouse', ...extra });
  return {
    move: (x, y) => send('mouseMoved', x, y, buttons ? { button: 'left' } : {}),
    down: (x, y) => {
      buttons = 1;
      return send('mousePressed', x, y, { button: 'left', clickCount: 1 });
    },
    up: (x, y) => {
      buttons = 0;
      return send('mouseReleased', x, y, { button: 'left', clickCount: 1 });
    },
    wheel: (x, y, deltaY) => send('mouseWheel', x, y, { deltaX: 0, deltaY }),
  };
}

async function measurePan(page, cdp, steps) {
  const input = mouse(cdp);
  let x = PAN_START_X;
  await input.move(x, POINTER_Y);
  await input.down(x, POINTER_Y);
  // The first moves of a drag pass a start threshold in some libraries: not measured.
  for (let i = 0; i < WARMUP_STEPS; i++) {
    x += STEP_PX;
    await input.move(x, POINTER_Y);
  }
  await page.evaluate(() => window.bench.idle());
  const before = await page.evaluate(() => window.bench.view());
  await page.evaluate(() => window.bench.startFrames());
  for (let i = 0; i < steps; i++) {
    // Dragging right reveals older bars, so no library stops at the end of its data.
    x += STEP_PX;
    await input.move(x, POINTER_Y);
    await page.evaluate(() => window.bench.settled());
  }
  const frames = await page.evaluate(() => window.bench.stopFrames());
  await input.up(x, POINTER_Y);
  await page.evaluate(() => window.bench.idle());
  const after = await page.evaluate(() => window.bench.view());
  return { frames, moved: before !== after };
}

async function measureZoom(page, cdp, steps) {
  const input = mouse(cdp);
  await input.move(ZOOM_X, POINTER_Y);
  await page.evaluate(() => window.bench.idle());
  const before = await page.evaluate(() => window.bench.view());
  let moved = false;
  await page.evaluate(() => window.bench.startFrames());
  for (let i = 0; i < steps; i++) {
    // Alternating in and out keeps about the same number of bars on screen for every step.
    await input.wheel(ZOOM_X, POINTER_Y, i % 2 === 0 ? -100 : 100);
    await page.evaluate(() => window.bench.settled());
    if (i === 0) moved = before !== (await page.evaluate(() => window.bench.view()));
  }
  return { frames: await page.evaluate(() => window.bench.stopFrames()), moved };
}

/**
 * CPU time of the page's main thread in ms (CDP `Performance.getMetrics` ThreadTime): unlike wall
 * time it does not grow while other processes hold the CPU, so it survives a busy machine.
 */
async function threadMs(cdp) {
  const { metrics } = await cdp.send('Performance.getMetrics');
  const m = metrics.find((x) => x.name === 'ThreadTime');
  return m ? m.value * 1000 : NaN;
}

/** Runs the in-page API steps and adds the main thread's CPU time per step to the result. */
async function apiRun(page, cdp, what, steps, timeoutMs) {
  const before = await threadMs(cdp);
  const samples = await withTimeout(
    page.evaluate(([w, n]) => window.bench[w](n), [what, steps]),
    timeoutMs,
  );
  const cpuMs = ((await threadMs(cdp)) - before) / steps;
  return { samples, cpuMs };
}

/**
 * @param {import('playwright-core').Browser} browser
 * @param {{ origin: string, lib: string, size: number, seed: number, timeoutMs: number,
 *   steps: number, visibleBars: number, oursModule?: string, screenshotPath?: string }} options
 * @returns {Promise<object>} `{ status: 'ok', firstPaintMs, heapBytes, panMs, zoomMs, ... }`,
 *   `{ status: 'load-error', error }`, `{ status: 'timeout' }` or `{ status: 'error', error }`
 */
export async function measureRun(browser, options) {
  const { origin, lib, size, seed, timeoutMs, steps, visibleBars, oursModule, screenshotPath } = options;
  const context = await browser.newContext({ viewport: { width: 1200, height: 600 } });
  const pageErrors = [];
  try {
    const page = await context.newPage();
    page.on('pageerror', (error) => pageErrors.push(error.message));
    const query = new URLSearchParams({ lib, module: oursModule ?? '' });
    await page.goto(`${origin}/bench/pages/bench.html?${query}`);
    let version;
    try {
      version = await page.evaluate(() => window.bench.ready());
    } catch (error) {
      return { status: 'load-error', error: firstLine(error), pageErrors };
    }
    const cdp = await context.newCDPSession(page);
    await cdp.send('Performance.enable', { timeDomain: 'threadTicks' });
    await page.evaluate(([n, s]) => window.bench.prepare(n, s), [size, seed]);
    await cdp.send('HeapProfiler.collectGarbage');

    let firstPaintMs;
    try {
      firstPaintMs = await withTimeout(
        page.evaluate(() => window.bench.firstPaint()),
        timeoutMs,
      );
    } catch (error) {
      if (error instanceof RunTimeout) return { status: 'timeout' };
      throw error;
    }

    await page.evaluate(() => window.bench.releaseInput());
    await cdp.send('HeapProfiler.collectGarbage');
    const heapBytes = await page.evaluate(() => window.bench.usedHeap());
    const loadedBars = await page.evaluate(() => window.bench.loadedBars());

    // For a person to check that every library drew the same workload (not timed, after the heap).
    if (screenshotPath) await page.screenshot({ path: screenshotPath });

    const shownBars = await withTimeout(
      page.evaluate((n) => window.bench.showLastBars(n), visibleBars),
      timeoutMs,
    );
    await page.evaluate(() => window.bench.apiPan(4)); // warm-up, not measured
    // CPU figures of the API steps are net of the harness: the same loop with a no-op call is subtracted.
    const { cpuMs: idleCpuMs } = await apiRun(page, cdp, 'apiIdle', steps, timeoutMs);
    const { samples: apiPan, cpuMs: apiPanGrossCpuMs } = await apiRun(page, cdp, 'apiPan', steps, timeoutMs);
    const apiPanCpuMs = apiPanGrossCpuMs - idleCpuMs;
    await page.evaluate((n) => window.bench.showLastBars(n), visibleBars);
    const { samples: apiZoom, cpuMs: apiZoomGrossCpuMs } = await apiRun(page, cdp, 'apiZoom', steps, timeoutMs);
    const apiZoomCpuMs = apiZoomGrossCpuMs - idleCpuMs;
    await page.evaluate((n) => window.bench.showLastBars(n), visibleBars);
    let cpu = await threadMs(cdp);
    const pan = await withTimeout(measurePan(page, cdp, steps), timeoutMs);
    const panCpuMs = ((await threadMs(cdp)) - cpu) / steps;
    cpu = await threadMs(cdp);
    const zoom = await withTimeout(measureZoom(page, cdp, steps), timeoutMs);
    const zoomCpuMs = ((await threadMs(cdp)) - cpu) / steps;
    return {
      status: 'ok',
      version,
      firstPaintMs,
      heapBytes,
      // Should equal `size`; anything else means the chart did not draw the data it was given.
      loadedBars,
      visibleBars: shownBars,
      panMs: median(pan.frames),
      // Main-thread work per API step (see harness.js apiSteps); `*TotalMs`: until the frame showed it.
      apiPanMs: median(apiPan.map((s) => s.work)),
      apiPanTotalMs: median(apiPan.map((s) => s.total)),
      apiZoomMs: median(apiZoom.map((s) => s.work)),
      apiZoomTotalMs: median(apiZoom.map((s) => s.total)),
      // The same work without the frame after the step's (harness.js apiSteps `secondFrame`): what `work` counted
      // before 2026-12-07, printed beside it so either reading can be checked (bench/README.md "The frame after").
      apiPanFirstFrameMs: median(apiPan.map((s) => s.work - s.secondFrame)),
      apiZoomFirstFrameMs: median(apiZoom.map((s) => s.work - s.secondFrame)),
      // Main-thread CPU time per API step, net of the harness's own (`idleCpuMs`, a no-op step).
      apiPanCpuMs,
      apiZoomCpuMs,
      idleCpuMs,
      // Main-thread CPU time per drag / wheel step, gross: the runner's per-step round trip is included
      // (alike for every library), so these ratios lean towards 1.
      panCpuMs,
      zoomCpuMs,
      apiPanSteps: apiPan,
      apiZoomSteps: apiZoom,
      zoomMs: median(zoom.frames),
      // false: the drag / first wheel left the visible range unchanged, so the frames drew nothing new.
      panMoved: pan.moved,
      zoomMoved: zoom.moved,
      panFrames: pan.frames,
      zoomFrames: zoom.frames,
      pageErrors,
    };
  } catch (error) {
    // Only a slow first paint counts as "timeout" (and skips larger sizes); anything else is an error.
    return { status: 'error', error: firstLine(error), pageErrors };
  } finally {
    // Closing the context also ends a renderer still busy with a timed-out paint.
    await context.close().catch(() => {});
  }
}

function firstLine(error) {
  return String(error?.message ?? error)
    .split('\n')[0]
    .replace(/^page\.evaluate: /, '');
}

/**
 * Time to first candle of a cold page under CPU throttling (CDP Emulation.setCPUThrottlingRate): the
 * script-tag page `pages/cold-<lib>.html` (the library included by one tag in its markup, as a CMS page
 * does) from navigation start to the library's first paint, library download, parse and evaluation
 * included; the page's own data generation is subtracted. Ours is always `/dist/kline-chart.js`.
 *
 * @returns {Promise<{ status: 'ok', coldMs: number, scriptBytes: number } | { status: string, error?: string }>}
 */
export async function measureColdStart(browser, options) {
  const { origin, lib, size, seed, timeoutMs, cpuThrottle } = options;
  const context = await browser.newContext({ viewport: { width: 1200, height: 600 } });
  try {
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: cpuThrottle });
    const query = new URLSearchParams({ n: String(size), seed: String(seed) });
    await page.goto(`${origin}/bench/pages/cold-${lib}.html?${query}`);
    await page.waitForFunction(() => window.coldResult !== undefined, null, { timeout: timeoutMs });
    const result = await page.evaluate(() => {
      const scriptBytes = performance
        .getEntriesByType('resource')
        .filter((e) => /\.m?js(\?|$)/.test(e.name) && !e.name.includes('/bench/pages/'))
        .reduce((sum, e) => sum + (e.encodedBodySize || 0), 0);
      return { ...window.coldResult, scriptBytes };
    });
    if (result.error) return { status: 'error', error: result.error };
    return { status: 'ok', coldMs: result.firstCandleMs - result.prepareMs, scriptBytes: result.scriptBytes };
  } catch (error) {
    return { status: /Timeout/i.test(String(error)) ? 'timeout' : 'error', error: firstLine(error) };
  } finally {
    await context.close().catch(() => {});
  }
}

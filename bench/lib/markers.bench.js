/**
 * Markers bench (issue #17): the cost of 10,000 markers on a pan frame. One <kline-chart> with 10,000
 * bars, nearly all in view, is panned through `chart_set_visible_range` one step per frame, first
 * without markers and then with one marker on every bar; the main thread's CPU time per step (CDP
 * `Performance.getMetrics` ThreadTime, robust on a busy machine) is compared in the same page, and the
 * time from `markers_create` to the painted frame is reported: wall time, and main-thread CPU (which
 * includes building the 10,000 input objects in the page and is the figure a busy machine does not
 * inflate). Run by `bench/run.js` (every `bench/lib/*.bench.js`) or alone:
 * `node bench/lib/markers.bench.js` after `npm run build`.
 */
import { median } from './median.js';

export const name = 'markers';
const BARS = 10_000;
const STEPS = 24;
const STEP = 5;

async function threadTime(cdp) {
  const { metrics } = await cdp.send('Performance.getMetrics');
  return (metrics.find((m) => m.name === 'ThreadTime')?.value ?? 0) * 1000;
}

async function cpuPerStep(page, cdp) {
  const before = await threadTime(cdp);
  await page.evaluate(([steps, step]) => window.markersBench.pan(steps, step), [STEPS, STEP]);
  return ((await threadTime(cdp)) - before) / STEPS;
}

async function once(browser, origin) {
  const context = await browser.newContext({ viewport: { width: 1200, height: 600 } });
  try {
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Performance.enable', { timeDomain: 'threadTicks' });
    await page.goto(`${origin}/bench/pages/markers.html`);
    await page.waitForFunction(() => window.markersBench !== undefined);
    await page.evaluate((n) => window.markersBench.mount(n), BARS);
    await page.evaluate(([steps, step]) => window.markersBench.showAll(steps * 2, step), [STEPS, STEP]);
    const plain = await cpuPerStep(page, cdp);
    const cpuBefore = await threadTime(cdp);
    const added = await page.evaluate(() => window.markersBench.addMarkers());
    added.cpu = (await threadTime(cdp)) - cpuBefore;
    const marked = await cpuPerStep(page, cdp);
    return { plain, marked, added };
  } finally {
    await context.close();
  }
}

/** @param {{ root: string, options: { runs?: number }, log: (line: string) => void, withBrowser: Function }} args */
export async function run({ log = () => {}, withBrowser, options = {} }) {
  const runs = Math.max(1, Math.min(5, options.runs ?? 3));
  return withBrowser(async ({ browser, origin }) => {
    const results = [];
    for (let r = 0; r < runs; r++) {
      results.push(await once(browser, origin));
      log(`markers run ${r + 1}/${runs}`);
    }
    const plain = median(results.map((x) => x.plain));
    const marked = median(results.map((x) => x.marked));
    const paintMs = median(results.map((x) => x.added.ms));
    const paintCpu = median(results.map((x) => x.added.cpu));
    const added = results[0].added.added;
    const text = [
      `| 10,000 bars in view, API pan step (CPU ms, median of ${runs}) | ours |`,
      '|---|---|',
      `| no markers | ${plain.toFixed(2)} |`,
      `| ${added.toLocaleString('en')} markers (one per bar) | ${marked.toFixed(2)} |`,
      `| ratio with / without | ${(marked / plain).toFixed(2)} |`,
      `| markers_create → painted frame (wall) | ${paintMs.toFixed(0)} ms |`,
      `| markers_create → painted frame (main-thread CPU) | ${paintCpu.toFixed(0)} ms |`,
    ].join('\n');
    return {
      status: 'ok',
      title: 'Markers (issue #17): 10,000 markers on a pan frame',
      text,
      plain,
      marked,
      paintMs,
      paintCpu,
      added,
    };
  });
}

// Alone: node bench/lib/markers.bench.js
if (import.meta.url === `file://${process.argv[1]}`) {
  const { runAlone } = await import('./run-alone.js');
  await runAlone(run);
}

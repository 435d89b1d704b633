/**
 * First-paint code (issue #12): how much of the eager bundle a chart-only page's first paint calls.
 * `bench/pages/first-paint-code.html` is such a page (one script tag, the default toolbar, MA(20), VOL
 * and MACD, 10,000 bars of its own after `source="custom"`, so no sample data loads first); V8's precise coverage, taken once the chart says it painted, tells which
 * functions of `dist/kline-chart.js` ran. The bytes of the functions that ran, gzipped on their own,
 * are the least an eager part can weigh when everything else is split off at function granularity:
 * the floor of the 60 KB target for this renderer and feature set. The rest is what the page
 * downloads before the first candle without calling it (pan and zoom handlers, tool calls, menus,
 * error paths, uPlot's unused options). Both halves are compressed apart, so they add up to more than
 * the whole. Run by `bench/run.js` (every `bench/lib/*.bench.js`) or alone:
 * `node bench/lib/first-paint-code.bench.js` after `npm run build`.
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

export const name = 'first-paint-code';
const BUNDLE = 'dist/kline-chart.js';

const gzip = (text) => gzipSync(Buffer.from(text), { level: 9 }).length;

/**
 * Marks each byte of `length` as called (1) or not (0) from V8 function coverage: a function's range
 * is its whole text with its call count, inner functions come as ranges of their own, so painting the
 * ranges outer first (by start, longer first) leaves every byte with its innermost function's state.
 */
export function calledBytes(length, functions) {
  const ranges = functions
    .map((fn) => fn.ranges[0])
    .filter(Boolean)
    .sort((a, b) => a.startOffset - b.startOffset || b.endOffset - a.endOffset);
  const called = new Uint8Array(length);
  for (const r of ranges) called.fill(r.count > 0 ? 1 : 0, r.startOffset, Math.min(length, r.endOffset));
  return called;
}

/** Splits `code` into the text of called and of uncalled functions (each in source order). */
export function splitByCoverage(code, called) {
  let ran = '';
  let idle = '';
  let start = 0;
  for (let i = 1; i <= code.length; i++) {
    if (i === code.length || called[i] !== called[start]) {
      if (called[start]) ran += code.slice(start, i);
      else idle += code.slice(start, i);
      start = i;
    }
  }
  return { ran, idle };
}

async function once(browser, origin, root) {
  const context = await browser.newContext({ viewport: { width: 1200, height: 600 } });
  try {
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Profiler.enable');
    await cdp.send('Profiler.startPreciseCoverage', { callCount: true, detailed: false });
    await page.goto(`${origin}/bench/pages/first-paint-code.html`);
    await page.waitForFunction(() => window.painted === true, null, { timeout: 30_000 });
    const { result } = await cdp.send('Profiler.takePreciseCoverage');
    const script = result.find((entry) => new URL(entry.url).pathname === `/${BUNDLE}`);
    if (!script) throw new Error(`no coverage for /${BUNDLE}`);
    const code = await readFile(join(root, BUNDLE), 'utf8');
    const { ran, idle } = splitByCoverage(code, calledBytes(code.length, script.functions));
    return { whole: gzip(code), ran: gzip(ran), idle: gzip(idle), ranMin: ran.length, idleMin: idle.length };
  } finally {
    await context.close();
  }
}

const kib = (bytes) => `${(bytes / 1024).toFixed(1)} KiB`;

/** @param {{ root: string, log: (line: string) => void, withBrowser: Function }} args */
export async function run({ root, log = () => {}, withBrowser }) {
  return withBrowser(async ({ browser, origin }) => {
    // Coverage does not vary from run to run the way timings do: one page load is the figure.
    const r = await once(browser, origin, root);
    log('first-paint code: 1 page load');
    const text = [
      `| ${BUNDLE}, a chart-only page (toolbar, MA, VOL, MACD, 10,000 bars) | min | gzip |`,
      '|---|---|---|',
      `| whole eager file | ${kib(r.ranMin + r.idleMin)} | ${kib(r.whole)} |`,
      `| functions the first paint calls | ${kib(r.ranMin)} | ${kib(r.ran)} |`,
      `| functions it does not call | ${kib(r.idleMin)} | ${kib(r.idle)} |`,
    ].join('\n');
    return {
      status: 'ok',
      title: 'First-paint code (issue #12): the eager bundle split by what the first paint calls (V8 coverage)',
      text,
      ...r,
    };
  });
}

// Alone: node bench/lib/first-paint-code.bench.js
if (import.meta.url === `file://${process.argv[1]}`) {
  const { runAlone } = await import('./run-alone.js');
  await runAlone(run);
}

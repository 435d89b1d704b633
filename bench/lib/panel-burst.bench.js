/**
 * Panel burst bench (QA's frozen-page report): one large Markdown answer that the mock model sends
 * as fast as the page reads it (no chunkDelayMs), as a provider does when its whole answer is
 * already buffered. Reports the run's wall time, the renderer main thread's CPU time, the longest
 * main-thread task (PerformanceObserver 'longtask') and their count, and the panel's Markdown
 * parses for the answer. With `--profile file.cpuprofile` also records a CDP CPU profile of the
 * run and prints the functions with the most self time, mapped to their sources through the
 * bundle's source maps.
 *
 *   node bench/lib/panel-burst.bench.js [--kb 120] [--runs 1] [--profile /tmp/burst.cpuprofile] [--module /dist/kline-chart.js]
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

export const name = 'panel-burst';

/**
 * The plug-in entry `bench/run.js` calls (`{ root, options, log, withBrowser }`): one 120 KiB burst,
 * the median of `options.runs` (at most 3) answers.
 */
export async function run({ root, options = {}, log = () => {}, withBrowser }) {
  const runs = Math.max(1, Math.min(3, options.runs ?? 1));
  const result = await withBrowser(({ browser, origin }) =>
    measureBurst({ root, browser, origin, oursModule: options.oursModule, runs, log }),
  );
  const middle = (pick) => [...result.results.map(pick)].sort((a, b) => a - b)[Math.floor(result.results.length / 2)];
  const text = [
    `| one ${result.kb} KiB Markdown answer in one burst (${runs} run${runs === 1 ? '' : 's'}, median) | value |`,
    '|---|---|',
    `| wall time | ${(middle((r) => r.ms) / 1000).toFixed(2)} s |`,
    `| main-thread CPU | ${(middle((r) => r.cpuMs) / 1000).toFixed(2)} s |`,
    `| longest task | ${middle((r) => r.longestTaskMs).toFixed(0)} ms |`,
    `| tasks over 50 ms | ${middle((r) => r.longTasks)} |`,
    `| answer shown | ${result.answer.chars} characters, ${result.answer.tables} tables |`,
  ].join('\n');
  return { status: 'ok', title: 'Panel burst: a large answer that arrives all at once', text, data: result };
}

/** About `kb` KiB of answer-like Markdown: headings, bold, inline code, small tables and lists. */
export function burstMarkdown(kb) {
  const parts = [];
  let size = 0;
  for (let i = 0; size < kb * 1024; i++) {
    const section =
      `## Section ${i}: **MACD** and \`RSI(14)\`\n\n` +
      `The **MACD** line crossed above its signal on bar ${i} while \`RSI(14)\` stays below seventy; ` +
      `*momentum* is building and the \`MA(20)\` slopes up.\n\n` +
      `| study | value | note |\n| --- | ---: | :---: |\n| MA(20) | ${100 + i}.5 | **up** |\n| RSI(14) | ${40 + (i % 30)} | \`ok\` |\n\n` +
      `- first point about bar ${i}\n- second point with **bold** text\n  - a nested \`code\` item\n\n` +
      `1. step one\n2. step two\n\n`;
    parts.push(section);
    size += section.length;
  }
  return parts.join('').slice(0, kb * 1024);
}

/**
 * @param {{ root: string, browser: import('playwright-core').Browser, origin: string, oursModule?: string,
 *   kb?: number, runs?: number, profile?: string, log?: (line: string) => void }} options
 */
export async function measureBurst({ root, browser, origin, oursModule, kb = 120, runs = 1, profile, log = () => {} }) {
  const mockPath = join(root, 'build/test/mock-model/index.js');
  if (!existsSync(mockPath)) throw new Error('mock model not built (npm run compile)');
  const { startMockModel } = await import(pathToFileURL(mockPath).href);
  const mock = await startMockModel({ host: '127.0.0.1', port: 0 });
  const context = await browser.newContext({ viewport: { width: 1200, height: 600 } });
  try {
    const page = await context.newPage();
    page.on('pageerror', (error) => log(`page error: ${error}`));
    const query = new URLSearchParams({ module: oursModule ?? '/dist/kline-chart.js', model: mock.url });
    await page.goto(`${origin}/bench/pages/panel-stream.html?${query}`);
    await page.evaluate(() => window.panelStream.ready());
    // Warm-up: the Markdown chunk loaded, the page's code compiled.
    mock.script([{ text: 'Warm **up** with `code`.' }]);
    await page.evaluate(() => window.panelStream.send('warm up'));
    const cdp = await context.newCDPSession(page);
    await cdp.send('Performance.enable', { timeDomain: 'threadTicks' });
    const mainThread = async () => {
      const { metrics } = await cdp.send('Performance.getMetrics');
      return metrics.find((m) => m.name === 'ThreadTime')?.value ?? NaN;
    };
    const text = burstMarkdown(kb);
    const results = [];
    for (let r = 0; r < runs; r++) {
      await page.evaluate(() => window.panelStream.newSession());
      mock.script([{ text }]);
      if (profile) {
        await cdp.send('Profiler.enable');
        await cdp.send('Profiler.setSamplingInterval', { interval: 1000 });
        await cdp.send('Profiler.start');
      }
      const cpuBefore = await mainThread();
      const reply = await page.evaluate(async () => {
        const tasks = [];
        const observer = new PerformanceObserver((list) => tasks.push(...list.getEntries().map((e) => e.duration)));
        observer.observe({ type: 'longtask', buffered: false });
        const result = await window.panelStream.send('Write the long report.');
        await new Promise((r) => setTimeout(r, 50)); // the last long task's entry
        observer.disconnect();
        return { ...result, longTasks: tasks.length, longestTaskMs: Math.max(0, ...tasks) };
      });
      const cpuMs = ((await mainThread()) - cpuBefore) * 1000;
      if (reply.status !== 'completed') throw new Error(`run ${reply.status}`);
      results.push({ ...reply, cpuMs });
      log(
        `  ${kb} KiB burst: ${(reply.ms / 1000).toFixed(2)} s wall, ${(cpuMs / 1000).toFixed(2)} s main-thread CPU, ` +
          `longest task ${reply.longestTaskMs.toFixed(0)} ms (${reply.longTasks} tasks over 50 ms)`,
      );
      if (profile && r === runs - 1) {
        const { profile: data } = await cdp.send('Profiler.stop');
        writeFileSync(profile, JSON.stringify(data));
        log(await topSelfTime(data, root, 25));
      }
    }
    const answer = await page.evaluate(() => {
      const panel = document.querySelector('chart-agent-panel');
      const last = [...panel.shadowRoot.querySelectorAll('.message.assistant')].at(-1);
      return { chars: last?.textContent.length ?? 0, tables: last?.querySelectorAll('table').length ?? 0 };
    });
    return { kb, chars: text.length, results, answer };
  } finally {
    await context.close().catch(() => {});
    await mock.close();
  }
}

/** The `count` functions with the most self time in a CPU profile, by source position. */
export async function topSelfTime(profile, root, count) {
  const self = new Map();
  const total = profile.samples.length;
  const hits = new Map();
  for (const id of profile.samples) hits.set(id, (hits.get(id) ?? 0) + 1);
  const consumers = await sourceMaps(root);
  for (const node of profile.nodes) {
    const n = hits.get(node.id) ?? 0;
    if (!n) continue;
    const { functionName, url, lineNumber, columnNumber } = node.callFrame;
    const where = consumers(url, lineNumber, columnNumber);
    const key = `${where?.name || functionName || '(anonymous)'} ${where ? `${where.source}:${where.line}` : url.split('/').pop() || ''}`;
    self.set(key, (self.get(key) ?? 0) + n);
  }
  const rows = [...self].sort((a, b) => b[1] - a[1]).slice(0, count);
  return rows.map(([key, n]) => `${((100 * n) / total).toFixed(1).padStart(5)}%  ${key}`).join('\n');
}

async function sourceMaps(root) {
  const cache = new Map();
  // A dependency of rollup's and terser's, not of ours: without it, positions stay minified.
  const traceMapping = await import('@jridgewell/trace-mapping').catch(() => null);
  return (url, line, column) => {
    if (!url.includes('/dist/')) return null;
    const file = join(root, new URL(url).pathname);
    if (!cache.has(file)) {
      const map = existsSync(`${file}.map`) ? JSON.parse(readFileSync(`${file}.map`, 'utf8')) : null;
      cache.set(file, map && traceMapping ? new traceMapping.TraceMap(map) : null);
    }
    const traced = cache.get(file);
    if (!traced) return null;
    const pos = traceMapping.originalPositionFor(traced, { line: line + 1, column });
    return pos.source ? { source: pos.source.replace(/^(\.\.\/)+/, ''), line: pos.line, name: pos.name } : null;
  };
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  (await import('./run-alone.js')).runMain(async ({ root, browser, origin, option, log }) => {
    const result = await measureBurst({
      root,
      browser,
      origin,
      oursModule: option('--module', '/dist/kline-chart.js'),
      kb: Number(option('--kb', 120)),
      runs: Number(option('--runs', 1)),
      profile: option('--profile', undefined),
      log,
    });
    console.log(JSON.stringify(result, null, 1));
  });
}

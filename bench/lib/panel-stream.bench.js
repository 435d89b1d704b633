/**
 * Panel streaming bench (issue #12, deliverable 4): ms per streamed token in the bundle's
 * <chart-agent-panel> for the first answer of a session and for message ~500 of a session that
 * holds 50 tool cards, plus the animation frames seen while those answers stream and while the
 * 500-message chat is scrolled top to bottom. Target: message 500 within 1.5x of message 1.
 *
 * The session is filled through the project's mock model (build/test/mock-model, real HTTP and SSE)
 * the way a user fills it: short exchanges, every fifth one with a `chart_get_context` tool call.
 * A token is one SSE content delta of ~8 characters; ms per token = wall time of the run / deltas
 * (the mock writes as fast as the page reads, so this is the page's cost per delta).
 *
 *   node bench/lib/panel-stream.bench.js [--module /dist/kline-chart.js] [--messages 500] [--tokens 400] [--runs 5]
 *
 * As a module: `run({ root, browser, origin, oursModule, log })` resolves to `{ status, text, ... }`
 * (`firstMsPerToken` / `laterMsPerToken`: wall; `firstMainMsPerToken` / `laterMainMsPerToken`: CPU).
 */
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { median } from './median.js';

export const name = 'panel-stream';
/** Run by bench/run.js itself (its figures feed the targets), not by the plug-in loader. */
export const builtIn = true;
const TOKEN_CHARS = 8; // the mock's TEXT_DELTA_SIZE
const TOOL_CARDS = 50; // spread over the session's exchanges

/**
 * @param {{ root: string, browser: import('playwright-core').Browser, origin: string, oursModule?: string,
 *   messages?: number, tokens?: number, runs?: number, contentVisibility?: 'visible',
 *   log?: (line: string) => void }} options
 */
export async function run({
  root,
  browser,
  origin,
  oursModule,
  messages = 500,
  tokens = 400,
  runs = 5,
  contentVisibility,
  log = () => {},
}) {
  const mockPath = join(root, 'build/test/mock-model/index.js');
  if (!existsSync(mockPath))
    return { status: 'skipped', text: 'panel streaming bench: mock model not built (npm run compile)' };
  const { startMockModel } = await import(pathToFileURL(mockPath).href);
  const mock = await startMockModel({ host: '127.0.0.1', port: 0 });
  const context = await browser.newContext({ viewport: { width: 1200, height: 600 } });
  try {
    const page = await context.newPage();
    const pageErrors = [];
    page.on('pageerror', (error) => pageErrors.push(String(error)));
    const query = new URLSearchParams({
      module: oursModule ?? '/dist/kline-chart.js',
      model: mock.url,
      ...(contentVisibility ? { contentVisibility } : {}),
    });
    await page.goto(`${origin}/bench/pages/panel-stream.html?${query}`);
    await page.evaluate(() => window.panelStream.ready());
    const words = 'The **MACD** line crossed above its signal while `RSI(14)` stays below seventy.\n\n- MA(20) ';
    const long = words.repeat(Math.ceil((tokens * TOKEN_CHARS) / words.length)).slice(0, tokens * TOKEN_CHARS);
    // The renderer main thread's CPU time (CDP Performance metric ThreadTime, seconds): what the
    // page itself spent, not inflated by other processes taking the CPU as wall time is.
    const cdp = await context.newCDPSession(page);
    await cdp.send('Performance.enable', { timeDomain: 'threadTicks' });
    const mainThread = async () => {
      const { metrics } = await cdp.send('Performance.getMetrics');
      return metrics.find((m) => m.name === 'ThreadTime')?.value ?? NaN;
    };
    const timeReply = async () => {
      mock.script([{ text: long }]);
      const before = await mainThread();
      const reply = await page.evaluate((t) => window.panelStream.send(t, { frames: true }), 'Explain the indicators.');
      const taskMs = ((await mainThread()) - before) * 1000;
      if (reply.status !== 'completed') throw new Error(`run ${reply.status}`);
      return {
        msPerToken: reply.ms / tokens,
        mainMsPerToken: taskMs / tokens,
        longFrames: reply.longFrames,
        maxFrameMs: reply.maxFrameMs,
      };
    };
    // One unmeasured answer warms the page up (Markdown chunk, JIT); then each run times the first
    // answer of a new chat.
    await timeReply();
    const first = [];
    for (let r = 0; r < runs; r++) {
      await page.evaluate(() => window.panelStream.newSession());
      first.push(await timeReply());
    }
    // The last chat goes on to ~500 messages: each exchange adds the user's message and the answer.
    let count = 2;
    let exchange = 0;
    let toolCards = 0;
    const toolEvery = Math.max(1, Math.floor((messages - 1 - count) / 2 / TOOL_CARDS));
    const fillStart = Date.now();
    while (count < messages - 1) {
      const answer = {
        text: `Answer ${count}: **done**, see \`MA(20)\` and [the docs](https://example.com/${count}).`,
      };
      if (toolCards < TOOL_CARDS && exchange % toolEvery === 0) {
        toolCards++;
        mock.script([{ toolCalls: [{ name: 'chart_get_context', arguments: '{}' }] }, answer]);
      } else mock.script([answer]);
      const reply = await page.evaluate((n) => window.panelStream.send(`question ${n}`), count);
      if (reply.status !== 'completed') throw new Error(`filling: run ${reply.status}`);
      count += 2;
      exchange++;
      if (exchange % 50 === 0)
        log(`  panel bench: ${count} messages (${((Date.now() - fillStart) / 1000).toFixed(0)} s)`);
    }
    const later = [];
    for (let r = 0; r < runs; r++) later.push(await timeReply());
    const rows = await page.evaluate(() => window.panelStream.rows());
    const scroll = await page.evaluate(() => window.panelStream.scroll());
    // Mount/unmount: panels that stay alive after removal and a full GC leak (the SignalWatcher
    // mixin's watcher is the suspect named in docs/architecture.md).
    await page.evaluate(() => window.panelStream.churn(20));
    const livePanels = await countLive(cdp);
    const firstMs = median(first.map((x) => x.msPerToken));
    const laterMs = median(later.map((x) => x.msPerToken));
    const firstMain = median(first.map((x) => x.mainMsPerToken));
    const laterMain = median(later.map((x) => x.mainMsPerToken));
    const ratio = laterMs / firstMs;
    const mainRatio = laterMain / firstMain;
    const result = {
      status: 'ok',
      tokens,
      atMessage: count + 1,
      firstMsPerToken: firstMs,
      laterMsPerToken: laterMs,
      ratio,
      firstMainMsPerToken: firstMain,
      laterMainMsPerToken: laterMain,
      mainRatio,
      first,
      later,
      rows,
      scroll,
      livePanels,
      pageErrors,
    };
    const at = String(count + 1);
    result.text =
      `Panel streaming (ours; mock model over HTTP, ${tokens} deltas of ~${TOKEN_CHARS} characters per answer, ` +
      `median of ${runs} answers each; wall = run time / deltas, main thread = CPU time of the renderer's main thread / deltas)\n\n` +
      `${'message'.padEnd(12)}${'wall ms/token'.padStart(14)}${'main-thread CPU ms/token'.padStart(26)}\n` +
      `${'1'.padEnd(12)}${firstMs.toFixed(3).padStart(14)}${firstMain.toFixed(3).padStart(26)}\n` +
      `${at.padEnd(12)}${laterMs.toFixed(3).padStart(14)}${laterMain.toFixed(3).padStart(26)}\n` +
      `${'ratio'.padEnd(12)}${`×${ratio.toFixed(2)}`.padStart(14)}${`×${mainRatio.toFixed(2)}`.padStart(26)}` +
      `   target ≤ ×1.5 (CPU): ${mainRatio <= 1.5 ? 'holds' : 'MISSED'}\n` +
      `session: ${rows.rows} rows, ${rows.toolCards} tool cards; frames over 33 ms while streaming at message ${at}: ` +
      `${later.map((x) => x.longFrames).join('/')} (max ${Math.max(...later.map((x) => x.maxFrameMs)).toFixed(1)} ms)\n` +
      `scroll through the ${rows.rows} rows and back (400 px per frame): ${scroll.frames} frames, ${scroll.longFrames} over 33 ms, ` +
      `p95 ${scroll.p95FrameMs.toFixed(1)} ms, max ${scroll.maxFrameMs.toFixed(1)} ms\n` +
      `panels alive after 20 more were mounted, connected and removed, and a full GC: ${livePanels} (1 is the page's own)`;
    return result;
  } catch (error) {
    const message = String(error?.message ?? error).split('\n')[0];
    return { status: 'error', error: message, text: `panel streaming bench: error ${message}` };
  } finally {
    await context.close().catch(() => {});
    await mock.close();
  }
}

/** How many <chart-agent-panel> objects the page's heap holds after a full garbage collection. */
async function countLive(cdp) {
  await cdp.send('HeapProfiler.collectGarbage');
  const proto = await cdp.send('Runtime.evaluate', { expression: "customElements.get('chart-agent-panel').prototype" });
  const { objects } = await cdp.send('Runtime.queryObjects', { prototypeObjectId: proto.result.objectId });
  const { result } = await cdp.send('Runtime.callFunctionOn', {
    objectId: objects.objectId,
    functionDeclaration: 'function () { return this.length; }',
    returnByValue: true,
  });
  return result.value;
}

/** The signature `bench/run.js` calls (`runPanelBench`): the same bench, browser first. */
export function measurePanelStreaming(browser, options) {
  return run({ browser, ...options });
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  (await import('./run-alone.js')).runMain(async ({ root, browser, origin, args, option, log }) => {
    const result = await run({
      root,
      browser,
      origin,
      oursModule: option('--module', '/dist/kline-chart.js'),
      messages: Number(option('--messages', 500)),
      tokens: Number(option('--tokens', 400)),
      runs: Number(option('--runs', 5)),
      log,
    });
    console.log(result.text);
    if (result.status !== 'ok') process.exitCode = 1;
    else if (args.includes('--json')) console.log(JSON.stringify(result, null, 1));
  });
}

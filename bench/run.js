/**
 * `npm run bench`: renders the same seeded random-walk bars with our <kline-chart>,
 * lightweight-charts and klinecharts in one headless Chromium, runs interleaved
 * (A, B, C, A, B, C, ...), a fresh page per run, and prints medians with ratios to ours.
 * Results are saved to bench/results/ (gitignored). See `node bench/run.js --help`.
 */
import { existsSync } from 'node:fs';
import { mkdir, readdir, writeFile } from 'node:fs/promises';
import { cpus, loadavg } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { chromium } from 'playwright-core';
import { startStaticServer } from './lib/static-server.js';
import { measureColdStart, measureRun } from './lib/measure-run.js';
import { formatBundleSizes, measureBundleSizes } from './lib/bundle-sizes.js';
import { measurePanelStreaming } from './lib/panel-stream.bench.js';
import { median } from './lib/median.js';
import { formatTable } from './lib/format-table.js';
import { judgeTargets } from './lib/targets.js';
import { DEFAULT_OURS_MODULE, parseOptions, runsFor, USAGE } from './lib/parse-options.js';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const RESULTS_DIR = join(ROOT, 'bench', 'results');
const INDICATOR_BENCH = join(ROOT, 'build', 'bench', 'indicators.js');
const VISIBLE_BARS = 200;
/** Cold start: time to first candle from navigation, CPU throttled ×4, 10k bars, 3 runs per library. */
const COLD = { cpuThrottle: 4, size: 10_000, runs: 3 };
const CHROME_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--no-first-run',
  // performance.memory is bucketed and rounded without this.
  '--enable-precise-memory-info',
];

const loadErrorLabel = (lib) => (lib === 'ours' ? 'not built' : 'load error');
const log = (text) => process.stderr.write(`${text}\n`);
const fmt = (value, digits) => (typeof value === 'number' ? value.toFixed(digits) : '-');

function summarizeLib(lib, runs) {
  const ok = runs.filter((run) => run.status === 'ok');
  if (ok.length === 0) {
    const status = runs.find((run) => run.status !== 'ok')?.status ?? 'skipped';
    return { status: status === 'load-error' ? loadErrorLabel(lib) : status, runs: 0 };
  }
  return {
    status: 'ok',
    runs: ok.length,
    firstPaintMs: median(ok.map((run) => run.firstPaintMs)),
    panMs: median(ok.map((run) => run.panMs)),
    apiPanMs: median(ok.map((run) => run.apiPanMs)),
    apiZoomMs: median(ok.map((run) => run.apiZoomMs)),
    apiPanFirstFrameMs: median(ok.map((run) => run.apiPanFirstFrameMs)),
    apiZoomFirstFrameMs: median(ok.map((run) => run.apiZoomFirstFrameMs)),
    apiPanTotalMs: median(ok.map((run) => run.apiPanTotalMs)),
    panCpuMs: median(ok.map((run) => run.panCpuMs)),
    zoomCpuMs: median(ok.map((run) => run.zoomCpuMs)),
    apiPanCpuMs: median(ok.map((run) => run.apiPanCpuMs)),
    apiZoomCpuMs: median(ok.map((run) => run.apiZoomCpuMs)),
    apiZoomTotalMs: median(ok.map((run) => run.apiZoomTotalMs)),
    zoomMs: median(ok.map((run) => run.zoomMs)),
    heapMB: median(ok.map((run) => run.heapBytes / 1024 / 1024)),
    visibleBars: median(ok.map((run) => run.visibleBars)),
    loadedBars: median(ok.map((run) => run.loadedBars)),
    panMoved: ok.every((run) => run.panMoved),
    zoomMoved: ok.every((run) => run.zoomMoved),
  };
}

async function runRenderBench(options, stamp) {
  const server = await startStaticServer(ROOT);
  const browser = await chromium.launch({
    executablePath: process.env.CHROME_PATH || '/usr/bin/chromium',
    args: CHROME_ARGS,
  });
  const skipped = new Map(); // lib -> why it is no longer run ('timeout' | 'not built')
  const results = [];
  const shotsDir = join(RESULTS_DIR, `shots-${stamp}`);
  await mkdir(shotsDir, { recursive: true });
  try {
    log(`Chromium ${browser.version()}, serving ${ROOT} at ${server.origin}`);
    for (const size of options.sizes) {
      const runs = runsFor(size, options.runs);
      const bySize = { size, runs: Object.fromEntries(options.libs.map((lib) => [lib, []])) };
      results.push(bySize);
      for (let r = 0; r < runs; r++) {
        for (const lib of options.libs) {
          if (skipped.has(lib)) {
            bySize.runs[lib].push({ status: skipped.get(lib) });
            continue;
          }
          const run = await measureRun(browser, {
            origin: server.origin,
            lib,
            size,
            seed: options.seed,
            timeoutMs: options.timeoutMs,
            steps: options.steps,
            visibleBars: VISIBLE_BARS,
            oursModule: options.oursModule,
            screenshotPath: r === 0 ? join(shotsDir, `${lib}-${size}.png`) : undefined,
          });
          bySize.runs[lib].push(run);
          const tag = `[${size} bars, run ${r + 1}/${runs}] ${lib}:`;
          if (run.status === 'ok') {
            log(
              `${tag} first paint ${fmt(run.firstPaintMs, 0)} ms, pan ${fmt(run.panMs, 1)} ms, ` +
                `zoom ${fmt(run.zoomMs, 1)} ms, API pan ${fmt(run.apiPanMs, 1)} / zoom ${fmt(run.apiZoomMs, 1)} ms work, ` +
                `heap ${fmt(run.heapBytes / 1048576, 1)} MB, ${run.visibleBars} bars visible`,
            );
            if (run.loadedBars !== size)
              log(`  warning: ${lib} holds ${run.loadedBars} bars, not the ${size} it was given`);
            if (!run.panMoved)
              log(`  warning: the drag did not move ${lib}'s visible range; its pan frames drew nothing new`);
            if (!run.zoomMoved)
              log(`  warning: the wheel did not change ${lib}'s visible range; its zoom frames drew nothing new`);
          } else if (run.status === 'load-error') {
            // Our bundle may not exist yet: keep measuring the peers.
            log(lib === 'ours' ? `ours: not built (${run.error})` : `${tag} cannot load: ${run.error}`);
            skipped.set(lib, loadErrorLabel(lib));
          } else if (run.status === 'timeout') {
            // A larger size would only time out again: skip this library from here on.
            log(`${tag} timeout (first paint over ${options.timeoutMs / 1000} s)`);
            skipped.set(lib, 'timeout');
          } else {
            log(`${tag} error: ${run.error}`);
          }
          if (run.pageErrors?.length) log(`  page errors: ${run.pageErrors.slice(0, 3).join(' | ')}`);
        }
      }
    }
    return { chromium: browser.version(), results, shotsDir };
  } finally {
    await browser.close().catch(() => {});
    await server.close();
  }
}

async function runColdStartBench(options) {
  const server = await startStaticServer(ROOT);
  const browser = await chromium.launch({
    executablePath: process.env.CHROME_PATH || '/usr/bin/chromium',
    args: CHROME_ARGS,
  });
  const runs = Object.fromEntries(options.libs.map((lib) => [lib, []]));
  try {
    for (let r = 0; r < COLD.runs; r++) {
      for (const lib of options.libs) {
        const run = await measureColdStart(browser, {
          origin: server.origin,
          lib,
          size: COLD.size,
          seed: options.seed,
          timeoutMs: options.timeoutMs,
          oursModule: options.oursModule,
          cpuThrottle: COLD.cpuThrottle,
        });
        runs[lib].push(run);
        log(
          `[cold start, CPU ×${COLD.cpuThrottle}, run ${r + 1}/${COLD.runs}] ${lib}: ` +
            (run.status === 'ok'
              ? `first candle ${fmt(run.coldMs, 0)} ms after navigation`
              : `${run.status} ${run.error ?? ''}`),
        );
      }
    }
  } finally {
    await browser.close().catch(() => {});
    await server.close();
  }
  const summary = Object.fromEntries(
    Object.entries(runs).map(([lib, list]) => {
      const ok = list.filter((run) => run.status === 'ok');
      return [
        lib,
        ok.length
          ? { coldMs: median(ok.map((run) => run.coldMs)), runs: ok.length }
          : { status: list[0]?.status ?? 'skipped' },
      ];
    }),
  );
  return { summary, runs };
}

function formatColdStart(summary) {
  const ours = summary.ours?.coldMs;
  return Object.entries(summary)
    .map(
      ([lib, s]) =>
        `${lib.padEnd(20)} ${s.coldMs === undefined ? s.status : `${s.coldMs.toFixed(0).padStart(6)} ms`}` +
        (s.coldMs !== undefined && ours ? `  ×${(s.coldMs / ours).toFixed(2)} of ours` : ''),
    )
    .join('\n');
}

async function runPanelBench(options) {
  if (!options.libs.includes('ours')) return { status: 'skipped' };
  if (!existsSync(join(ROOT, 'build', 'test', 'mock-model', 'index.js')))
    return { status: 'mock model not built (npm run compile)' };
  const server = await startStaticServer(ROOT);
  const browser = await chromium.launch({
    executablePath: process.env.CHROME_PATH || '/usr/bin/chromium',
    args: CHROME_ARGS,
  });
  try {
    return await measurePanelStreaming(browser, { root: ROOT, origin: server.origin, oursModule: options.oursModule });
  } finally {
    await browser.close().catch(() => {});
    await server.close();
  }
}

/**
 * The plug-in point for further benchmarks: every `bench/lib/*.bench.js` is imported and its
 * `run(context)` awaited, in file-name order, after the built-in ones. `context` is
 * `{ root, options, log, withBrowser(fn) }`; `withBrowser(fn)` calls `fn({ browser, origin })` with a
 * fresh Chromium and a static server of the repo, and closes both after. `run` resolves to
 * `{ title, text, status?, data? }`: `title` and `text` are printed, `data` goes to the JSON.
 */
async function runPluginBenches(options) {
  const dir = join(ROOT, 'bench', 'lib');
  const files = (await readdir(dir)).filter((f) => f.endsWith('.bench.js')).sort();
  const withBrowser = async (fn) => {
    const server = await startStaticServer(ROOT);
    const browser = await chromium.launch({
      executablePath: process.env.CHROME_PATH || '/usr/bin/chromium',
      args: CHROME_ARGS,
    });
    try {
      return await fn({ browser, origin: server.origin });
    } finally {
      await browser.close().catch(() => {});
      await server.close();
    }
  };
  const out = {};
  for (const file of files) {
    try {
      const module = await import(pathToFileURL(join(dir, file)).href);
      if (module.builtIn) continue; // run above, with its own options
      const result = await module.run({ root: ROOT, options, log, withBrowser });
      out[file] = result;
      console.log(`\n${result.title ?? file}\n\n${result.text ?? ''}`);
    } catch (error) {
      out[file] = { status: 'error', error: String(error?.stack ?? error) };
      log(`\n${file}: ${out[file].error}`);
    }
  }
  return out;
}

async function runIndicatorBench() {
  if (!existsSync(INDICATOR_BENCH)) return { status: 'absent' };
  const module = await import(pathToFileURL(INDICATOR_BENCH).href);
  if (typeof module.runIndicatorBench !== 'function') return { status: 'no runIndicatorBench export' };
  const output = await module.runIndicatorBench();
  return { status: 'ok', text: typeof output === 'string' ? output : JSON.stringify(output, null, 2) };
}

async function main() {
  let options;
  try {
    options = parseOptions(process.argv.slice(2));
  } catch (error) {
    log(`${error.message}\n${USAGE}`);
    process.exitCode = 2;
    return;
  }
  if (options.help) {
    console.log(USAGE);
    return;
  }
  const startedAt = Date.now();
  const loadBefore = loadavg()[0];
  const stamp = new Date(startedAt).toISOString().replace(/[:.]/g, '-');
  const skip = new Set(options.skip);
  const sizes = skip.has('sizes') ? null : await measureBundleSizes(join(ROOT, 'dist'));
  if (sizes)
    console.log(
      `Bundle sizes (ours: dist/; peers: their package bundled with the same rollup + terser)\n\n${formatBundleSizes(sizes)}`,
    );
  const render = skip.has('render')
    ? { chromium: null, results: [], shotsDir: null }
    : await runRenderBench(options, stamp);
  const summary = render.results.map(({ size, runs }) => ({
    size,
    libs: Object.fromEntries(Object.entries(runs).map(([lib, list]) => [lib, summarizeLib(lib, list)])),
  }));
  const renderSeconds = (Date.now() - startedAt) / 1000;

  const loadAfter = loadavg()[0];
  console.log(
    `\nChart rendering, 1200x600, candles + volume + MA(20) + MACD(12,26,9), medians ` +
      `(pan/zoom: median frame of ${options.steps} steps with ~${VISIBLE_BARS} bars visible)` +
      (options.oursModule === DEFAULT_OURS_MODULE ? '' : `; ours = ${options.oursModule}`) +
      '\n',
  );
  console.log(formatTable(summary, options.libs));
  const busy = Math.max(loadBefore, loadAfter);
  if (busy > cpus().length) {
    // Other processes competed for the CPU: absolute times are inflated, ratios less so.
    console.log(
      `\nnote: load average ${busy.toFixed(1)} on ${cpus().length} cores during the run; absolute times are noisy.`,
    );
  }

  const cold = skip.has('cold') ? { summary: {}, runs: {} } : await runColdStartBench(options);
  if (!skip.has('cold'))
    console.log(
      `\nTime to first candle of a cold page, CPU throttled ×${COLD.cpuThrottle} (CDP), ${COLD.size} bars, median of ${COLD.runs}` +
        ` (navigation start → first paint: module download, parse and evaluation included)\n\n${formatColdStart(cold.summary)}`,
    );

  const panel = skip.has('panel') ? { status: 'skipped' } : await runPanelBench(options);
  console.log(
    panel.status === 'ok'
      ? `\nPanel streaming (ours only; mock model, ${panel.tokens} deltas of ~8 characters per answer, wall time of the run / deltas)\n\n` +
          `message 1:   ${panel.firstMsPerToken.toFixed(2)} ms per token\nmessage ${panel.atMessage}: ${panel.laterMsPerToken.toFixed(2)} ms per token`
      : `\npanel streaming bench: ${panel.status} ${panel.error ?? ''}`,
  );

  const plugins = skip.has('plugins') ? {} : await runPluginBenches(options);

  // Issue #12's targets, judged on this run's figures.
  const targets = judgeTargets({ sizes, summary, panel });
  console.log(
    `\nTargets (ratios ours / peer from this run; "?" = not measured in this run)\n\n${targets.lines.join('\n')}`,
  );

  let indicators = { status: 'skipped' };
  if (options.indicators) {
    try {
      indicators = await runIndicatorBench();
    } catch (error) {
      indicators = { status: 'error', error: String(error?.stack ?? error) };
    }
    if (indicators.status === 'ok')
      console.log(`\nIndicator kernels (build/bench/indicators.js)\n\n${indicators.text}`);
    else log(`\nindicator bench: ${indicators.status}${indicators.error ? `: ${indicators.error}` : ''}`);
  }

  const totalSeconds = (Date.now() - startedAt) / 1000;
  const file = join(RESULTS_DIR, `bench-${stamp}.json`);
  await mkdir(RESULTS_DIR, { recursive: true });
  await writeFile(
    file,
    JSON.stringify(
      {
        startedAt: new Date(startedAt).toISOString(),
        renderSeconds,
        totalSeconds,
        environment: {
          node: process.version,
          chromium: render.chromium,
          cpus: cpus().length,
          cpuModel: cpus()[0]?.model,
          chromeArgs: CHROME_ARGS,
          viewport: '1200x600',
          loadAverage: { before: loadBefore, after: loadAfter },
        },
        options: { ...options, visibleBars: VISIBLE_BARS },
        sizes,
        summary,
        runs: render.results,
        coldStart: { ...COLD, ...cold },
        panelStreaming: panel,
        plugins,
        targets: targets.verdicts,
        indicators,
      },
      null,
      1,
    ),
  );
  log(
    `\nrender bench ${renderSeconds.toFixed(0)} s, total ${totalSeconds.toFixed(0)} s; saved ${file}` +
      ` (first-paint screenshots in ${render.shotsDir})`,
  );
}

main().catch((error) => {
  log(error?.stack ?? String(error));
  process.exitCode = 1;
});

// `npm run test:examples`: the package as a consumer gets it. Run after `npm run build`.
//
// 1. Packs the package (`npm pack`) to examples/kline-chart-agent.tgz.
// 2. In a fresh temporary folder outside the repo: installs the tarball with TypeScript, React's types,
//    vue-tsc and solid-js; a React TSX file, a Vue SFC (and a Solid TSX file) that use <kline-chart>
//    and <chart-agent-panel> must type-check, and files with a wrong attribute value or event detail
//    field must not; every entry
//    (`kline-chart-agent`, `/elements`, `/elements/kline-chart`, `/elements/chart-agent-panel`,
//    `/server`) imports in Node without throwing.
// 3. Installs (`npm ci`, from each example's committed lock file plus the tarball) and builds
//    examples/react, vue, svelte and angular, serves the built apps on 127.0.0.1, opens them all in
//    one Chromium and checks in each: candles drawn, app state → chart (period, theme), chart → app
//    state (a tool call changes the period; the app hears kline-change), kline-ready/kline-change
//    received, no kline-error, no console error, and after 20 unmount/mount cycles a forced GC
//    leaves one live <kline-chart> and a flat heap.
// Prints "ok"/"not ok" per check, the time of each phase, and "N passed, N failed".
//
// `node scripts/test-examples.js --update-locks` refreshes the examples' lock files instead.
import { spawn } from 'node:child_process';
import {
  createReadStream,
  existsSync,
  mkdtempSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import { extname, join, resolve } from 'node:path';
import { chromium } from 'playwright-core';

const ROOT = resolve(import.meta.dirname, '..');
const EXAMPLES_DIR = join(ROOT, 'examples');
const EXAMPLES = ['react', 'vue', 'svelte', 'angular'];
const TARBALL = join(EXAMPLES_DIR, 'kline-chart-agent.tgz');
const CHROME = process.env.CHROME_PATH || '/usr/bin/chromium';
const TOGGLES = 20;
/** Heap growth allowed over 20 mount/unmount cycles after a forced GC (a leaked chart holds far more). */
const HEAP_GROWTH_LIMIT = 2 * 1024 * 1024;
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';

let passed = 0;
let failed = 0;
const failures = [];
function check(name, ok, detail = '') {
  if (ok) passed += 1;
  else {
    failed += 1;
    failures.push(`${name}${detail ? `: ${detail}` : ''}`);
  }
  console.log(`${ok ? 'ok' : 'not ok'} - ${name}${detail ? ` (${detail})` : ''}`);
  return ok;
}

/** Runs a command; resolves with { code, output } (stdout+stderr, for the failure message). */
function run(cmd, args, cwd, { quiet = true } = {}) {
  return new Promise((done) => {
    const child = spawn(cmd, args, { cwd, env: { ...process.env, npm_config_update_notifier: 'false' } });
    let output = '';
    child.stdout.on('data', (d) => {
      output += d;
      if (!quiet) process.stdout.write(d);
    });
    child.stderr.on('data', (d) => {
      output += d;
      if (!quiet) process.stderr.write(d);
    });
    child.on('close', (code) => done({ code, output }));
    child.on('error', (error) => done({ code: -1, output: String(error) }));
  });
}
const tail = (text, lines = 15) => text.trim().split('\n').slice(-lines).join('\n');
const seconds = (t0) => `${((performance.now() - t0) / 1000).toFixed(1)} s`;

/** The tarball's integrity changes with every build: the lock files keep its path, not its hash. */
function stripTarballIntegrity(example) {
  const file = join(EXAMPLES_DIR, example, 'package-lock.json');
  const lock = JSON.parse(readFileSync(file, 'utf8'));
  const entry = lock.packages?.['node_modules/kline-chart-agent'];
  if (entry) delete entry.integrity;
  writeFileSync(file, `${JSON.stringify(lock, null, 2)}\n`);
}

async function pack() {
  for (const f of ['dist/kline-chart.js', 'build/components/kline-chart-agent.js', 'build/types/react.d.ts']) {
    if (!existsSync(join(ROOT, f))) throw new Error(`${f} is missing: run \`npm run build\` first`);
  }
  const r = await run(npm, ['pack', '--ignore-scripts', '--json', '--pack-destination', EXAMPLES_DIR], ROOT);
  if (r.code !== 0) throw new Error(`npm pack failed:\n${tail(r.output)}`);
  const [{ filename }] = JSON.parse(r.output.slice(r.output.indexOf('[')));
  renameSync(join(EXAMPLES_DIR, filename.replace(/^.*\//, '')), TARBALL);
  return statSync(TARBALL).size;
}

// ---- acceptance: a fresh consumer project --------------------------------------------------------

const ACCEPTANCE_FILES = {
  'package.json': JSON.stringify({ name: 'consumer', private: true, type: 'module' }),
  // Two projects: React TSX through tsc, Vue SFCs through vue-tsc. Each holds a file that must pass
  // and one that must fail with the expected errors (proving the element types are not \`any\`).
  'tsconfig.json': JSON.stringify({
    compilerOptions: {
      target: 'ES2022',
      module: 'ESNext',
      moduleResolution: 'Bundler',
      jsx: 'react-jsx',
      strict: true,
      noEmit: true,
      skipLibCheck: false,
      lib: ['ES2023', 'DOM', 'DOM.Iterable'],
      types: [],
    },
    include: ['App.tsx', 'Bad.tsx', 'Solid.tsx', 'BadSolid.tsx'],
  }),
  'tsconfig.vue.json': JSON.stringify({ extends: './tsconfig.json', include: ['App.vue', 'Bad.vue', 'shims.d.ts'] }),
  'shims.d.ts':
    "declare module '*.vue' { import type { DefineComponent } from 'vue'; const c: DefineComponent; export default c; }\n",
  'App.tsx': `import { useRef, useState } from 'react';
import type {} from 'kline-chart-agent/react';
import type { KlineChart, KlineChartEventMap } from 'kline-chart-agent';

export function App() {
  const [period, setPeriod] = useState('1d');
  const chart = useRef<KlineChart>(null);
  const onChange = (e: KlineChartEventMap['kline-change']) => setPeriod(chart.current?.context.get()?.period ?? e.detail.action);
  return (
    <>
      <kline-chart ref={chart} id="main" symbol="DEMO" period={period} theme="dark" color-convention="red-up" toolbar="minimal"
        agent="read-only" onkline-change={onChange} onkline-error={(e) => console.warn(e.detail.code, e.detail.message)}
        onkline-ready={(e) => console.log(e.detail.chartId)} />
      <chart-agent-panel for="main" base-url="/v1" model="gpt-test" max-steps={5} read-only theme="auto"
        onagent-run-end={(e) => console.log(e.detail.status)} />
    </>
  );
}
document.querySelector('kline-chart')?.addEventListener('kline-change', (e) => e.detail.undoable);
`,
  'App.vue': `<script setup lang="ts">
import { ref } from 'vue';
import type {} from 'kline-chart-agent/vue';
import type { KlineChart, KlineChartEventMap } from 'kline-chart-agent';

const period = ref('1d');
const chart = ref<KlineChart | null>(null);
function onChange(e: KlineChartEventMap['kline-change']) {
  period.value = chart.value?.context.get()?.period ?? e.detail.action;
}
</script>

<template>
  <kline-chart ref="chart" id="main" symbol="DEMO" :period="period" theme="dark" color-convention="red-up"
    @kline-change="onChange" @kline-error="(e) => console.warn(e.detail.code)" />
  <chart-agent-panel for="main" base-url="/v1" :max-steps="5" read-only @agent-run-end="(e) => console.log(e.detail.status)" />
</template>
`,
  'Bad.tsx': `import type {} from 'kline-chart-agent/react';
export const bad = <kline-chart theme="purple" onkline-change={(e) => e.detail.nope} />;
`,
  'Solid.tsx': `/** @jsxImportSource solid-js */
import type {} from 'kline-chart-agent/solid';
export const chart = <>
  <kline-chart id="main" period="1w" theme="dark" color-convention="red-up" on:kline-change={(e) => e.detail.action} />
  <chart-agent-panel for="main" max-steps={5} read-only on:agent-run-end={(e) => e.detail.status} />
</>;
`,
  'BadSolid.tsx': `/** @jsxImportSource solid-js */
import type {} from 'kline-chart-agent/solid';
export const chart = <kline-chart theme="purple" on:kline-change={(e) => e.detail.nope} />;
`,
  'Bad.vue': `<script setup lang="ts">
import type {} from 'kline-chart-agent/vue';
</script>
<template>
  <kline-chart theme="purple" @kline-change="(e) => e.detail.nope" />
</template>
`,
};
const ACCEPTANCE_DEPS = [
  'typescript@5.9.3',
  '@types/react@19.3.3',
  'react@19.3.1',
  'vue@3.5.45',
  'vue-tsc@3.3.14',
  'solid-js@1.9.20',
];
const NODE_ENTRIES = [
  'kline-chart-agent',
  'kline-chart-agent/elements',
  'kline-chart-agent/elements/kline-chart',
  'kline-chart-agent/elements/chart-agent-panel',
  'kline-chart-agent/server',
];

async function acceptanceInstall() {
  const dir = mkdtempSync(join(tmpdir(), 'kline-consumer-'));
  for (const [name, text] of Object.entries(ACCEPTANCE_FILES)) writeFileSync(join(dir, name), text);
  const r = await run(
    npm,
    ['install', '--no-audit', '--no-fund', '--prefer-offline', TARBALL, ...ACCEPTANCE_DEPS],
    dir,
  );
  return { dir, install: r };
}

async function acceptanceChecks(consumer) {
  try {
    await consumerChecks(consumer);
  } finally {
    rmSync(consumer.dir, { recursive: true, force: true });
  }
}

async function consumerChecks({ dir, install }) {
  if (
    !check(
      'consumer: npm install <tarball> in a fresh folder',
      install.code === 0,
      install.code ? tail(install.output) : '',
    )
  )
    return;
  const pkg = JSON.parse(readFileSync(join(dir, 'node_modules/kline-chart-agent/package.json'), 'utf8'));
  check(
    'consumer: openai is not installed (optional peer; the bundle carries its own copy)',
    !existsSync(join(dir, 'node_modules/openai')),
  );
  check(
    'consumer: LICENSE shipped',
    existsSync(join(dir, 'node_modules/kline-chart-agent/LICENSE')) && pkg.license === 'MIT',
  );
  const [tsc, vueTsc] = await Promise.all([
    run(process.execPath, [join(dir, 'node_modules/typescript/bin/tsc'), '--noEmit', '-p', 'tsconfig.json'], dir),
    run(
      process.execPath,
      [join(dir, 'node_modules/vue-tsc/bin/vue-tsc.js'), '--noEmit', '-p', 'tsconfig.vue.json'],
      dir,
    ),
  ]);
  const errorsIn = (output, file) =>
    output.split('\n').filter((line) => line.startsWith(file) && /error TS/.test(line));
  const typeCheck = (label, output, good, bad, expected) => {
    const goodErrors = errorsIn(output, good);
    check(
      `consumer: ${label} of ${good} with <kline-chart> and <chart-agent-panel> attributes and events passes`,
      goodErrors.length === 0,
      goodErrors.slice(0, 5).join('\n'),
    );
    const badErrors = errorsIn(output, bad).join('\n');
    const missing = expected.filter((re) => !re.test(badErrors));
    check(
      `consumer: ${label} reports a wrong attribute value and a wrong event detail field in ${bad}`,
      missing.length === 0,
      missing.length ? `not reported: ${missing.join(', ')}\n${tail(output)}` : '',
    );
  };
  typeCheck('tsc --noEmit', tsc.output, 'App.tsx', 'Bad.tsx', [/"purple"/, /'nope'/]);
  typeCheck('tsc --noEmit (Solid JSX)', tsc.output, 'Solid.tsx', 'BadSolid.tsx', [/"purple"/, /'nope'/]);
  typeCheck('vue-tsc --noEmit', vueTsc.output, 'App.vue', 'Bad.vue', [/"purple"/, /'nope'/]);
  for (const entry of NODE_ENTRIES) {
    const r = await run(
      process.execPath,
      ['--input-type=module', '-e', `const m = await import('${entry}'); console.log(Object.keys(m).length);`],
      dir,
    );
    check(
      `consumer: import('${entry}') in Node does not throw`,
      r.code === 0 && Number(r.output.trim()) > 0,
      r.code ? tail(r.output, 6) : '',
    );
  }
}

// ---- the examples --------------------------------------------------------------------------------

async function installExample(example) {
  const cwd = join(EXAMPLES_DIR, example);
  return run(npm, ['ci', '--no-audit', '--no-fund', '--prefer-offline'], cwd);
}

async function buildExample(example) {
  const t0 = performance.now();
  const r = await run(npm, ['run', 'build'], join(EXAMPLES_DIR, example));
  const ok = check(
    `${example}: build (type check + bundle)`,
    r.code === 0 && existsSync(join(EXAMPLES_DIR, example, 'dist/index.html')),
    r.code ? tail(r.output) : seconds(t0),
  );
  return ok;
}

const TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript',
  '.css': 'text/css',
  '.svg': 'image/svg+xml',
  '.json': 'application/json',
};
function serve(examples) {
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    if (url.pathname === '/favicon.ico') return res.writeHead(204).end();
    const [, example, ...rest] = url.pathname.split('/');
    if (!examples.includes(example)) return res.writeHead(404).end();
    const dist = join(EXAMPLES_DIR, example, 'dist');
    const file = resolve(dist, rest.join('/') || 'index.html');
    if (!file.startsWith(dist) || !existsSync(file) || !statSync(file).isFile()) return res.writeHead(404).end();
    res.writeHead(200, {
      'content-type': TYPES[extname(file)] ?? 'application/octet-stream',
      'cache-control': 'no-store',
    });
    createReadStream(file).pipe(res);
  });
  return new Promise((done) => server.listen(0, '127.0.0.1', () => done(server)));
}

/** Polls `fn` in the page until it returns a truthy value or `timeout` passes; returns the last value. */
async function waitFor(page, fn, arg, timeout = 15_000) {
  try {
    const handle = await page.waitForFunction(fn, arg, { timeout, polling: 50 });
    return await handle.jsonValue();
  } catch {
    return page.evaluate(fn, arg).catch(() => undefined);
  }
}
const appState = (page) => page.evaluate(() => JSON.parse(document.getElementById('state')?.textContent || '{}'));

/** Live `<kline-chart>` objects on the heap after a forced GC, and the used heap size. */
async function heapSnapshot(cdp) {
  await cdp.send('HeapProfiler.collectGarbage');
  await cdp.send('HeapProfiler.collectGarbage');
  const { result: proto } = await cdp.send('Runtime.evaluate', {
    expression: "customElements.get('kline-chart').prototype",
  });
  const { objects } = await cdp.send('Runtime.queryObjects', { prototypeObjectId: proto.objectId });
  const { result: count } = await cdp.send('Runtime.callFunctionOn', {
    objectId: objects.objectId,
    functionDeclaration: 'function () { return this.length; }',
    returnByValue: true,
  });
  await cdp.send('Runtime.releaseObject', { objectId: objects.objectId });
  await cdp.send('Runtime.releaseObject', { objectId: proto.objectId });
  const { usedSize } = await cdp.send('Runtime.getHeapUsage');
  return { charts: count.value, heap: usedSize };
}

/** Candle-coloured pixels (default up #26a69a / down #ef5350) on the chart's canvases. */
function countCandlePixels() {
  const chart = document.querySelector('kline-chart');
  const canvases = [...(chart?.shadowRoot?.querySelectorAll('.pane canvas') ?? [])];
  let up = 0;
  let down = 0;
  const near = (d, i, r, g, b) =>
    Math.abs(d[i] - r) < 24 && Math.abs(d[i + 1] - g) < 24 && Math.abs(d[i + 2] - b) < 24 && d[i + 3] > 200;
  for (const c of canvases) {
    if (!c.width || !c.height) continue;
    const d = c.getContext('2d').getImageData(0, 0, c.width, c.height).data;
    for (let i = 0; i < d.length; i += 4) {
      if (near(d, i, 0x26, 0xa6, 0x9a)) up += 1;
      else if (near(d, i, 0xef, 0x53, 0x50)) down += 1;
    }
  }
  return { canvases: canvases.length, up, down };
}

async function testApp(browser, base, example) {
  const page = await browser.newPage({ viewport: { width: 1100, height: 800 } });
  const errors = [];
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(`${m.text()} ${m.location()?.url ?? ''}`.trim());
  });
  page.on('pageerror', (e) => errors.push(String(e)));
  const cdp = await page.context().newCDPSession(page);
  try {
    await page.goto(`${base}/${example}/`);
    const ready = await waitFor(
      page,
      () => JSON.parse(document.getElementById('state')?.textContent || '{}').ready >= 1,
    );
    check(`${example}: kline-ready received by the app`, ready === true);
    await page.evaluate(() => document.querySelector('kline-chart').whenPainted());
    const bars = await page.evaluate(() => document.querySelector('kline-chart').context.get()?.dataRange.bars);
    check(`${example}: setBars from the app loaded its 120 bars`, bars === 120, `context has ${bars} bars`);
    const px = await page.evaluate(countCandlePixels);
    check(
      `${example}: candles drawn on the canvas`,
      px.up > 200 && px.down > 200,
      `${px.up} up / ${px.down} down pixels on ${px.canvases} canvases`,
    );

    // App state → chart: a button sets the period in the app's state; the chart loads that period.
    await page.click('#period-1M');
    const period = await waitFor(
      page,
      () => document.querySelector('kline-chart').context.get()?.period === '1M' && '1M',
    );
    check(
      `${example}: app state period → chart context period`,
      period === '1M',
      `chart period ${await page.evaluate(() => document.querySelector('kline-chart').context.get()?.period)}`,
    );
    await page.click('#theme');
    const theme = await waitFor(page, () => document.querySelector('kline-chart').dataset.resolvedTheme === 'dark');
    check(`${example}: app state theme → chart theme`, theme === true);

    // Chart → app state: an agent's (here the page's) tool call changes the period; kline-change tells the app.
    const result = await page.evaluate(() =>
      document
        .querySelector('kline-chart')
        .tools.execute('chart_set_period', { period: '1w' })
        .then((r) => r.success),
    );
    const followed = await waitFor(page, () => {
      const s = JSON.parse(document.getElementById('state').textContent);
      return s.period === '1w' && s.lastAction === 'chart_set_period';
    });
    const state = await appState(page);
    check(
      `${example}: chart tool call → kline-change → app state period`,
      result === true && followed === true,
      `app state period ${state.period}, last action ${state.lastAction}`,
    );
    check(`${example}: no kline-error`, state.error === 0, state.lastError);

    // Mount/unmount 20 times: after a forced GC one chart is alive and the heap is flat.
    const cycle = async () => {
      const before = await appState(page);
      await page.click('#toggle');
      await waitFor(
        page,
        () =>
          JSON.parse(document.getElementById('state').textContent).mounted === false &&
          !document.querySelector('kline-chart'),
      );
      await page.click('#toggle');
      await waitFor(page, (n) => JSON.parse(document.getElementById('state').textContent).ready >= n, before.ready + 1);
      await page.evaluate(() => document.querySelector('kline-chart')?.whenPainted());
    };
    const WARM_UP = 2;
    for (let i = 0; i < WARM_UP; i++) await cycle(); // warm-up: lazy modules, caches, JIT
    const start = await heapSnapshot(cdp);
    for (let i = 0; i < TOGGLES; i++) await cycle();
    const end = await heapSnapshot(cdp);
    const after = await appState(page);
    check(
      `${example}: ${TOGGLES} unmount/mount cycles, each new chart ready`,
      after.mounted === true && after.mounts === 1 + WARM_UP + TOGGLES && after.ready >= 1 + WARM_UP + TOGGLES,
      `mounts ${after.mounts}, ready ${after.ready}`,
    );
    // Flat: only the mounted chart is alive, the page's first one included (V8 used to keep the first
    // uPlot of a page and its chart: src/render/first-plot-decoy.ts).
    check(
      `${example}: live <kline-chart> count flat after ${TOGGLES} cycles and GC`,
      end.charts <= start.charts && end.charts <= 1,
      `${start.charts} before, ${end.charts} after`,
    );
    const growth = end.heap - start.heap;
    check(
      `${example}: heap flat after ${TOGGLES} cycles and GC`,
      growth < HEAP_GROWTH_LIMIT,
      `${(start.heap / 1048576).toFixed(1)} → ${(end.heap / 1048576).toFixed(1)} MiB (${growth >= 0 ? '+' : ''}${(growth / 1024).toFixed(0)} KiB)`,
    );
    check(`${example}: no console errors`, errors.length === 0, errors.slice(0, 3).join(' | '));
  } catch (error) {
    check(
      `${example}: browser run`,
      false,
      String(error?.stack ?? error)
        .split('\n')
        .slice(0, 4)
        .join(' '),
    );
  } finally {
    await page.close();
  }
}

async function updateLocks() {
  await pack();
  for (const example of EXAMPLES) {
    const cwd = join(EXAMPLES_DIR, example);
    rmSync(join(cwd, 'node_modules'), { recursive: true, force: true });
    rmSync(join(cwd, 'package-lock.json'), { force: true });
    const r = await run(npm, ['install', '--no-audit', '--no-fund'], cwd);
    if (r.code !== 0) throw new Error(`${example}: npm install failed\n${tail(r.output)}`);
    stripTarballIntegrity(example);
    console.log(`${example}: package-lock.json updated`);
  }
}

async function main() {
  if (process.argv.includes('--update-locks')) return updateLocks();
  const t0 = performance.now();
  const size = await pack();
  console.log(`packed examples/kline-chart-agent.tgz (${(size / 1024).toFixed(0)} KiB) in ${seconds(t0)}`);

  // Installs are network- and disk-bound: run them together, then build one at a time (2 cores).
  const t1 = performance.now();
  const [consumer, ...installs] = await Promise.all([acceptanceInstall(), ...EXAMPLES.map(installExample)]);
  console.log(`installs (consumer + ${EXAMPLES.length} examples) in ${seconds(t1)}`);
  const built = [];
  for (const [i, example] of EXAMPLES.entries()) {
    if (
      !check(
        `${example}: npm ci with the packed tarball`,
        installs[i].code === 0,
        installs[i].code ? tail(installs[i].output) : '',
      )
    )
      continue;
    if (await buildExample(example)) built.push(example);
  }
  // The consumer's type checks run beside the browser checks (nothing in either is timed).
  const t2 = performance.now();
  const consumerDone = acceptanceChecks(consumer)
    .then(() => console.log(`consumer checks in ${seconds(t2)}`))
    .catch((error) => check('consumer checks', false, String(error?.stack ?? error)));
  if (built.length) {
    const t3 = performance.now();
    const server = await serve(built);
    const base = `http://127.0.0.1:${server.address().port}`;
    const browser = await chromium.launch({
      executablePath: CHROME,
      args: ['--no-sandbox', '--enable-precise-memory-info'],
    });
    try {
      for (const example of built) await testApp(browser, base, example);
    } finally {
      await browser.close();
      server.close();
    }
    console.log(`browser checks in ${seconds(t3)}`);
  }
  await consumerDone;
  console.log(`examples step took ${seconds(t0)}`);
  if (failures.length) console.log(`\nfailed:\n  ${failures.join('\n  ')}`);
}

try {
  await main();
} catch (error) {
  check('examples run', false, String(error?.message ?? error));
}
console.log(`\n${passed} passed, ${failed} failed`);
process.exit(failed > 0 ? 1 : 0);

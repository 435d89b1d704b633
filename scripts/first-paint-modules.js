// Which source modules the eager bundle's bytes come from, split by whether a chart-only first paint
// calls them (V8 function coverage on bench/pages/first-paint-code.html, as bench/lib/first-paint-code.bench.js
// measures it): the map of issue #12's remaining eager weight. After `npm run build`:
// `node scripts/first-paint-modules.js [--top N]` prints, per module, the minified bytes the first paint
// ran and those it did not (largest first), then both halves gzipped on their own.
import { readFile } from 'node:fs/promises';
import { gzipSync } from 'node:zlib';
import { SourceMapConsumer } from 'source-map';
import { chromium } from 'playwright-core';
import { startStaticServer } from '../bench/lib/static-server.js';
import { calledBytes } from '../bench/lib/first-paint-code.bench.js';

const BUNDLE = 'dist/kline-chart.js';
const topArg = process.argv.indexOf('--top');
const top = topArg > 0 ? Number(process.argv[topArg + 1]) : 60;

async function coverage() {
  const server = await startStaticServer(process.cwd());
  const browser = await chromium.launch({
    executablePath: process.env.CHROME_PATH || '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu'],
  });
  try {
    const context = await browser.newContext({ viewport: { width: 1200, height: 600 } });
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Profiler.enable');
    await cdp.send('Profiler.startPreciseCoverage', { callCount: true, detailed: false });
    await page.goto(`${server.origin}/bench/pages/first-paint-code.html`);
    await page.waitForFunction('window.painted === true', null, { timeout: 30_000 });
    const { result } = await cdp.send('Profiler.takePreciseCoverage');
    const script = result.find((entry) => new URL(entry.url).pathname === `/${BUNDLE}`);
    if (!script) throw new Error(`no coverage for /${BUNDLE}`);
    return script.functions;
  } finally {
    await browser.close();
    await server.close();
  }
}

const code = await readFile(BUNDLE, 'utf8');
const called = calledBytes(code.length, await coverage());
const consumer = await new SourceMapConsumer(JSON.parse(await readFile(`${BUNDLE}.map`, 'utf8')));
const lineStarts = [0];
for (let i = 0; i < code.length; i++) if (code[i] === '\n') lineStarts.push(i + 1);
const marks = [];
consumer.eachMapping((m) => marks.push([lineStarts[m.generatedLine - 1] + m.generatedColumn, m.source ?? '?']));
marks.sort((a, b) => a[0] - b[0]);

const modules = new Map();
const ran = [];
const idle = [];
for (let k = 0; k < marks.length; k++) {
  const [start, source] = marks[k];
  const end = k + 1 < marks.length ? marks[k + 1][0] : code.length;
  const name = source.replace(/^.*node_modules\//, '~/').replace(/^(\.\.\/)+/, '');
  const row = modules.get(name) ?? modules.set(name, { ran: 0, idle: 0 }).get(name);
  for (let i = start; i < end; i++) {
    if (called[i]) row.ran++;
    else row.idle++;
  }
  (called[start] ? ran : idle).push(code.slice(start, end));
}
const rows = [...modules].sort((a, b) => b[1].ran + b[1].idle - (a[1].ran + a[1].idle));
console.log('ran\tidle\tmodule (minified bytes of ' + BUNDLE + ')');
for (const [name, r] of rows.slice(0, top)) console.log(`${r.ran}\t${r.idle}\t${name}`);
const gz = (parts) => gzipSync(parts.join(''), { level: 9 }).length;
console.log(
  `\nwhole ${gzipSync(code, { level: 9 }).length} B gzip; called ${gz(ran)} B, not called ${gz(idle)} B (gzipped apart)`,
);

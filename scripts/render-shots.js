// Screenshots of the built bundle (dist/) over fixed scenarios, to show a render change paints the same pixels:
//   node scripts/render-shots.js OUT_DIR [name-filter] [--port N]   (from the repo root, after `npm run build`)
// then compare two runs' PNGs byte for byte (`cmp`). Candle styles, log/percent scales, dark theme, a phone, SAR's
// dots, zoomed-out views (src/render/paint-decimated.ts) and a 200 px widget; seeded bars (bench/pages/generate-bars.js).
import { createServer } from 'node:http';
import { readFile } from 'node:fs/promises';
import { mkdirSync } from 'node:fs';
import { join, extname } from 'node:path';
import { createRequire } from 'node:module';
const root = process.cwd();
const { chromium } = createRequire(join(root, 'package.json'))('playwright-core');
const args = process.argv.slice(2);
const portAt = args.indexOf('--port');
const port = portAt >= 0 ? Number(args.splice(portAt, 2)[1]) : 0;
const [out, only] = args;
mkdirSync(out, { recursive: true });
const types = {
  '.html': 'text/html',
  '.js': 'text/javascript',
  '.css': 'text/css',
  '.json': 'application/json',
  '.map': 'application/json',
};
const server = createServer(async (req, res) => {
  try {
    const p = decodeURIComponent(new URL(req.url, 'http://x').pathname);
    const b = await readFile(join(root, p));
    res.writeHead(200, {
      'content-type': types[extname(p)] ?? 'application/octet-stream',
      'cache-control': 'no-store',
    });
    res.end(b);
  } catch {
    res.writeHead(404);
    res.end();
  }
});
await new Promise((r) => server.listen(port, '127.0.0.1', r));
const origin = `http://127.0.0.1:${server.address().port}`;
const S = (name, o) => ({ name, w: 1200, h: 600, dpr: 1, n: 10000, attrs: {}, ...o });
const scenarios = [
  S('solid', { attrs: { indicators: 'MA(20),VOL,MACD(12,26,9)' } }),
  S('solid-dpr2', { dpr: 2, attrs: { indicators: 'MA(20),VOL' } }),
  S('hollow', { settings: { candleStyle: 'hollow' }, attrs: { indicators: 'VOL' } }),
  S('ohlc', { settings: { candleStyle: 'ohlc' }, attrs: { indicators: 'VOL' } }),
  S('line', { settings: { candleStyle: 'line' } }),
  S('area', { settings: { candleStyle: 'area' } }),
  S('heikin', { settings: { candleStyle: 'heikin_ashi' } }),
  S('log', { settings: { priceScale: 'log' }, attrs: { indicators: 'RSI' } }),
  S('percent', { settings: { priceScale: 'percent' } }),
  S('dark', { attrs: { theme: 'dark', indicators: 'MA(20),VOL,MACD(12,26,9)' } }),
  S('phone', { w: 375, h: 640, dpr: 3, attrs: { indicators: 'VOL' } }),
  S('sar', { attrs: { indicators: 'SAR,VOL' } }),
  S('sar-dpr2-dark', { dpr: 2, attrs: { indicators: 'SAR', theme: 'dark' } }),
  S('zoomout-all', { last: 10000, attrs: { indicators: 'VOL,MACD(12,26,9)' } }),
  S('zoomout-all-dpr2', { dpr: 2, last: 10000, attrs: { indicators: 'VOL' } }),
  S('zoomout-700', { last: 700, attrs: { indicators: 'VOL' } }),
  S('zoomout-hollow', { last: 3000, settings: { candleStyle: 'hollow' }, attrs: { indicators: 'VOL' } }),
  S('zoomout-ohlc-sar', { last: 2000, settings: { candleStyle: 'ohlc' }, attrs: { indicators: 'SAR,VOL' } }),
  S('widget', { w: 200, h: 300, attrs: { indicators: 'VOL' } }),
  S('zoomout-100k', { n: 100000, last: 100000, attrs: { indicators: 'VOL' } }),
];
const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--font-render-hinting=none'],
});
for (const sc of scenarios) {
  if (only && !sc.name.includes(only)) continue;
  const ctx = await browser.newContext({ viewport: { width: sc.w, height: sc.h }, deviceScaleFactor: sc.dpr });
  const page = await ctx.newPage();
  page.on('pageerror', (e) => console.log(sc.name, 'pageerror', e.stack));
  await page.goto(`${origin}/test/pages/script-tag.html`);
  await page.waitForFunction(() => true);
  await Promise.race([
    new Promise((_, j) => setTimeout(() => j(new Error('timeout ' + sc.name)), 30000)),
    page.evaluate(async (sc) => {
      const { generateBars } = await import('/bench/pages/generate-bars.js');
      await customElements.whenDefined('kline-chart');
      document.body.style.margin = '0';
      const chart = document.createElement('kline-chart');
      chart.setAttribute('source', 'custom');
      for (const [k, v] of Object.entries(sc.attrs)) chart.setAttribute(k, v);
      chart.style.cssText = `display:block;width:${sc.w}px;height:${sc.h}px`;
      document.body.replaceChildren(chart);
      chart.setBars(generateBars(sc.n, 7));
      await chart.whenPainted();
      if (sc.settings || sc.last) await chart.tools.ready();
      if (sc.settings) {
        const r = await chart.tools.execute('settings_update', { values: sc.settings });
        if (!r.success) throw new Error(JSON.stringify(r));
      }
      if (sc.last) {
        const r = await chart.tools.execute('chart_set_visible_range', { lastBars: sc.last });
        if (!r.success) throw new Error(JSON.stringify(r));
      }
      for (let i = 0; i < 3; i++) {
        await new Promise((r) => setTimeout(r, 300));
        await chart.whenPainted();
      }
    }, sc),
  ]);
  await page.waitForTimeout(300);
  await page.screenshot({ path: join(out, `${sc.name}.png`) });
  await ctx.close();
}
await browser.close();
server.close();
console.log('done', out);

// Takes a screenshot of a page with Debian's Chromium: node scripts/screenshot.js URL OUT.png [width height] [--wait-for selector] [--eval js]
import { chromium } from 'playwright-core';

const [url, out = 'screenshot.png', w = '1400', h = '800'] = process.argv.slice(2).filter((a) => !a.startsWith('--'));
const evalIdx = process.argv.indexOf('--eval');
const browser = await chromium.launch({
  executablePath: process.env.CHROME_PATH || '/usr/bin/chromium',
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--no-first-run',
  ],
});
const page = await browser.newPage({ viewport: { width: Number(w), height: Number(h) } });
page.on('console', (m) => console.log(`[console.${m.type()}] ${m.text()}`));
page.on('pageerror', (e) => console.log(`[pageerror] ${e.message}`));
await page.goto(url, { waitUntil: 'load' });
await page.waitForTimeout(Number(process.env.SHOT_WAIT ?? 1500));
if (evalIdx > 0) {
  console.log(await page.evaluate(process.argv[evalIdx + 1]));
  await page.waitForTimeout(800);
}
await page.screenshot({ path: out });
await browser.close();
console.log(`saved ${out}`);

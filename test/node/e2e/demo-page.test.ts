import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { chromium } from 'playwright-core';
import { createServer } from '../../../src/server/index.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
const chrome = process.env.CHROME_PATH || '/usr/bin/chromium';

test(
  'the demo served by npm start shows candles under its strict CSP',
  { skip: !existsSync(path.join(root, 'dist/kline-chart.js')) && 'dist not built' },
  async () => {
    const server = createServer({ rootDir: root, env: {}, log: () => undefined });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const { port } = server.address() as AddressInfo;
    const browser = await chromium.launch({
      executablePath: chrome,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--no-first-run',
      ],
    });
    try {
      const page = await browser.newPage({ viewport: { width: 1400, height: 800 } });
      const problems: string[] = [];
      page.on('pageerror', (e) => problems.push(`pageerror: ${e.message}`));
      page.on('console', (m) => {
        if (m.type() === 'error') problems.push(`console: ${m.text()}`);
      });
      const response = await page.goto(`http://127.0.0.1:${port}/`);
      assert.match(response!.headers()['content-security-policy'] ?? '', /script-src 'self'/);
      await page.waitForFunction(
        () => {
          const chart = document.querySelector('kline-chart') as
            | (HTMLElement & { context?: { get(): unknown } })
            | null;
          return !!chart?.context?.get();
        },
        undefined,
        { timeout: 20000 },
      );
      const counts = await page.evaluate(async () => {
        const chart = document.querySelector('kline-chart') as HTMLElement & { whenPainted(): Promise<void> };
        await chart.whenPainted();
        await chart.whenPainted();
        const canvas = chart.shadowRoot!.querySelector('.pane[data-pane-id="price"] canvas') as HTMLCanvasElement;
        const data = canvas.getContext('2d')!.getImageData(0, 0, canvas.width, canvas.height).data;
        const style = getComputedStyle(chart);
        const rgb = (v: string) => {
          const c = document.createElement('canvas').getContext('2d')!;
          c.fillStyle = v.trim();
          const h = c.fillStyle;
          return [1, 3, 5].map((i) => parseInt(h.slice(i, i + 2), 16));
        };
        const count = (target: number[]) => {
          let n = 0;
          for (let i = 0; i < data.length; i += 4) {
            if (
              Math.abs(data[i] - target[0]) < 12 &&
              Math.abs(data[i + 1] - target[1]) < 12 &&
              Math.abs(data[i + 2] - target[2]) < 12
            )
              n++;
          }
          return n;
        };
        return {
          up: count(rgb(style.getPropertyValue('--kline-up-color'))),
          down: count(rgb(style.getPropertyValue('--kline-down-color'))),
          panes: chart.shadowRoot!.querySelectorAll('.pane').length,
        };
      });
      assert.ok(counts.up > 300, `up pixels ${counts.up}`);
      assert.ok(counts.down > 300, `down pixels ${counts.down}`);
      assert.ok(counts.panes >= 2, `panes ${counts.panes}`);
      assert.deepEqual(
        problems.filter((p) => !/Failed to load resource.*favicon/.test(p) && !/404/.test(p)),
        [],
      );
    } finally {
      await browser.close();
      await new Promise((r) => server.close(r));
    }
  },
);

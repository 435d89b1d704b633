/**
 * Runs a plug-in benchmark (`lib/*.bench.js`) on its own, as `bench/run.js` would: a fresh Chromium
 * and a static server of the repository for each `withBrowser(fn)`, the result's title and text
 * printed. Call it from the module's own "run alone" branch, e.g.
 * `if (import.meta.url === \`file://${process.argv[1]}\`) await runAlone(run);`
 */
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { startStaticServer } from './static-server.js';

/** @param {(context: object) => Promise<{ title?: string, text?: string }>} run */
export async function runAlone(run, options = {}) {
  const root = fileURLToPath(new URL('../..', import.meta.url));
  const withBrowser = async (fn) => {
    const server = await startStaticServer(root);
    const browser = await chromium.launch({
      executablePath: process.env.CHROME_PATH || '/usr/bin/chromium',
      args: ['--no-sandbox', '--disable-gpu'],
    });
    try {
      return await fn({ browser, origin: server.origin });
    } finally {
      await browser.close();
      await server.close();
    }
  };
  const result = await run({ root, withBrowser, log: console.log, options });
  console.log(`\n${result.title}\n\n${result.text}`);
  return result;
}

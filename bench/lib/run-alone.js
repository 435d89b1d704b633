/**
 * Runs a plug-in benchmark (`lib/*.bench.js`) on its own, as `bench/run.js` would: a fresh Chromium
 * and a static server of the repository for each `withBrowser(fn)`, the result's title and text
 * printed. Call it from the module's own "run alone" branch, e.g.
 * `if (import.meta.url === \`file://${process.argv[1]}\`) await runAlone(run);`
 */
import { dirname, resolve } from 'node:path';
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

/**
 * The command line of a bench that measures on a browser it is given (panel-burst, panel-stream):
 * a static server of the repository and a Chromium for `measure`, which reads its flags with
 * `option(flag, fallback)` and logs to stderr; a failure is printed and sets the exit code.
 * @param {(context: { root: string, browser: object, origin: string, args: string[],
 *   option: (flag: string, fallback: unknown) => unknown, log: (line: string) => void }) => Promise<void>} measure
 */
export async function runMain(measure) {
  try {
    const args = process.argv.slice(2);
    const option = (flag, fallback) => {
      const i = args.indexOf(flag);
      return i === -1 ? fallback : args[i + 1];
    };
    const root = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');
    const server = await startStaticServer(root);
    const browser = await chromium.launch({
      executablePath: process.env.CHROME_PATH || '/usr/bin/chromium',
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--no-first-run'],
    });
    try {
      await measure({
        root,
        browser,
        origin: server.origin,
        args,
        option,
        log: (line) => process.stderr.write(`${line}\n`),
      });
    } finally {
      await browser.close().catch(() => {});
      await server.close();
    }
  } catch (error) {
    process.stderr.write(`${error?.stack ?? error}\n`);
    process.exitCode = 1;
  }
}

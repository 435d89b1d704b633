// The panel streaming bench: ms per streamed token (one SSE content delta of ~8 characters from the
// project's mock model) for the first message of a session and for a message after `atMessage`
// earlier ones, each the wall time of a run divided by its deltas.
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

const TOKEN_CHARS = 8; // the mock's TEXT_DELTA_SIZE

/**
 * @returns {Promise<{ status: 'ok', tokens: number, firstMsPerToken: number, laterMsPerToken: number, atMessage: number } | { status: string, error?: string }>}
 */
export async function measurePanelStreaming(browser, { root, origin, oursModule, tokens = 400, atMessage = 500 }) {
  const { startMockModel } = await import(pathToFileURL(join(root, 'build/test/mock-model/index.js')).href);
  const mock = await startMockModel({ host: '127.0.0.1', port: 0 });
  const context = await browser.newContext({ viewport: { width: 1200, height: 600 } });
  try {
    const page = await context.newPage();
    const query = new URLSearchParams({ module: oursModule ?? '', model: mock.url });
    await page.goto(`${origin}/bench/pages/panel-bench.html?${query}`);
    await page.evaluate(() => window.panelBench.ready());
    const words = 'The MACD line crossed above its signal while RSI stays below seventy; ';
    const long = words.repeat(Math.ceil((tokens * TOKEN_CHARS) / words.length)).slice(0, tokens * TOKEN_CHARS);
    const timeReply = async () => {
      mock.script([{ text: long }]);
      const { ms, status } = await page.evaluate((t) => window.panelBench.send(t), 'Explain the indicators.');
      if (status !== 'completed') throw new Error(`run ${status}`);
      return ms / tokens;
    };
    const firstMsPerToken = await timeReply();
    // Each exchange adds two messages (the user's and the answer); short answers fill the session.
    let messages = 2;
    while (messages < atMessage - 1) {
      mock.script([{ text: `Answer ${messages}: **done**, see \`MA(20)\`.` }]);
      await page.evaluate((n) => window.panelBench.send(`question ${n}`), messages);
      messages += 2;
    }
    const laterMsPerToken = await timeReply();
    return {
      status: 'ok',
      tokens,
      firstMsPerToken,
      laterMsPerToken,
      atMessage: messages + 1,
      rows: await page.evaluate(() => window.panelBench.rows()),
    };
  } catch (error) {
    return { status: 'error', error: String(error?.message ?? error).split('\n')[0] };
  } finally {
    await context.close().catch(() => {});
    await mock.close();
  }
}

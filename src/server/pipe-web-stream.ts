import type { ServerResponse } from 'node:http';

/**
 * Writes a fetch response body to `res` chunk by chunk as it arrives (no buffering, so SSE events
 * reach the browser as soon as the upstream emits them), honouring back-pressure. If the upstream
 * fails mid-stream the response is destroyed rather than ended, so the client sees a broken stream
 * instead of a silently truncated one. Resolves once the body is done or either side went away.
 */
export async function pipeWebStream(body: ReadableStream<Uint8Array>, res: ServerResponse): Promise<void> {
  const reader = body.getReader();
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      if (res.destroyed) return;
      if (!res.write(value)) await drainOrClose(res);
    }
    res.end();
  } catch {
    if (!res.destroyed) res.destroy();
  } finally {
    reader.cancel().catch(() => undefined);
  }
}

function drainOrClose(res: ServerResponse): Promise<void> {
  return new Promise((resolveWait) => {
    const done = (): void => {
      res.off('drain', done);
      res.off('close', done);
      resolveWait();
    };
    res.on('drain', done);
    res.on('close', done);
  });
}

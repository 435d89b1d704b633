import type { ServerResponse } from 'node:http';
import { readWithin } from './read-upstream-body.js';

/** How {@link pipeWebStream} ended: `idle` and `failed` leave `res` open for the caller to finish. */
export type PipeOutcome = 'ended' | 'idle' | 'failed' | 'client-gone';

/**
 * Writes a fetch response body to `res` chunk by chunk as it arrives (no buffering, so SSE events
 * reach the browser as soon as the upstream emits them), honouring back-pressure. Ends `res` when the
 * body is complete. When no bytes arrive for `idleMs` (`idle`) or the upstream breaks (`failed`), the
 * body is cancelled and `res` is left open: the caller sends an error event or destroys it, so the
 * client sees a failure instead of a silently truncated answer.
 */
export async function pipeWebStream(
  body: ReadableStream<Uint8Array>,
  res: ServerResponse,
  idleMs: number,
): Promise<PipeOutcome> {
  const reader = body.getReader();
  try {
    for (;;) {
      const next = await readWithin(reader, idleMs);
      if (res.destroyed) return 'client-gone';
      if (next === 'idle') return 'idle';
      if (next.done) break;
      if (!res.write(next.value)) await drainOrClose(res);
    }
    res.end();
    return 'ended';
  } catch {
    return res.destroyed ? 'client-gone' : 'failed';
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

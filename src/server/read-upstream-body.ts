/** Outcome of {@link readUpstreamBody}. */
export type UpstreamBodyResult =
  | { kind: 'text'; text: string; truncated: boolean }
  | { kind: 'idle' }
  | { kind: 'failed' };

/**
 * Reads a fetch response body as UTF-8 text, at most `maxBytes` (the rest is cancelled, `truncated`
 * set), giving up when no bytes arrive for `idleMs`.
 */
export async function readUpstreamBody(
  body: ReadableStream<Uint8Array> | null,
  maxBytes: number,
  idleMs: number,
): Promise<UpstreamBodyResult> {
  if (body === null) return { kind: 'text', text: '', truncated: false };
  const reader = body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  try {
    for (;;) {
      const next = await readWithin(reader, idleMs);
      if (next === 'idle') return { kind: 'idle' };
      if (next.done) break;
      chunks.push(next.value);
      size += next.value.byteLength;
      if (size >= maxBytes) {
        return { kind: 'text', text: Buffer.concat(chunks).subarray(0, maxBytes).toString('utf8'), truncated: true };
      }
    }
    return { kind: 'text', text: Buffer.concat(chunks).toString('utf8'), truncated: false };
  } catch {
    return { kind: 'failed' };
  } finally {
    reader.cancel().catch(() => undefined);
  }
}

/** One `reader.read()`, or `'idle'` when it takes longer than `idleMs`. */
export function readWithin<T>(
  reader: ReadableStreamDefaultReader<T>,
  idleMs: number,
): Promise<ReadableStreamReadResult<T> | 'idle'> {
  let timer: NodeJS.Timeout | undefined;
  const idle = new Promise<'idle'>((resolveIdle) => {
    timer = setTimeout(() => resolveIdle('idle'), idleMs);
  });
  return Promise.race([reader.read(), idle]).finally(() => clearTimeout(timer));
}

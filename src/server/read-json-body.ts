import type { IncomingMessage } from 'node:http';

/** Result of {@link readJsonBody}: the parsed value, or why the body was refused. */
export type JsonBodyResult =
  | { ok: true; value: unknown }
  | { ok: false; status: 413; code: 'payload_too_large'; message: string }
  | { ok: false; status: 400; code: 'invalid_json'; message: string };

/**
 * Reads and parses a JSON request body of at most `maxBytes`. A declared `Content-Length` over the
 * limit is refused before reading anything; a chunked body is refused as soon as it crosses the limit,
 * and the rest is not kept (the caller answers 413 and closes the connection).
 */
export function readJsonBody(req: IncomingMessage, maxBytes: number): Promise<JsonBodyResult> {
  const tooLarge: JsonBodyResult = {
    ok: false,
    status: 413,
    code: 'payload_too_large',
    message: `Request body exceeds the relay's limit of ${maxBytes} bytes.`,
  };
  const declared = Number(req.headers['content-length']);
  if (Number.isFinite(declared) && declared > maxBytes) return Promise.resolve(tooLarge);

  return new Promise((resolvePromise) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let settled = false;
    const settle = (result: JsonBodyResult): void => {
      if (settled) return;
      settled = true;
      req.off('data', onData);
      req.off('end', onEnd);
      req.off('error', onError);
      req.off('close', onClose);
      resolvePromise(result);
    };
    const onData = (chunk: Buffer): void => {
      size += chunk.length;
      if (size > maxBytes) {
        chunks.length = 0;
        // Keep the socket from buffering more; the 413 response closes the connection.
        req.pause();
        settle(tooLarge);
        return;
      }
      chunks.push(chunk);
    };
    const onEnd = (): void => {
      const text = Buffer.concat(chunks).toString('utf8');
      try {
        settle({ ok: true, value: JSON.parse(text) as unknown });
      } catch (error) {
        const detail = error instanceof Error ? error.message : String(error);
        settle({ ok: false, status: 400, code: 'invalid_json', message: `Request body is not valid JSON: ${detail}` });
      }
    };
    const cutOff: JsonBodyResult = { ok: false, status: 400, code: 'invalid_json', message: 'Request body was cut off.' };
    const onError = (): void => settle(cutOff);
    // A client that disconnects mid-body must not leave the request pending forever.
    const onClose = (): void => settle(cutOff);
    req.on('data', onData);
    req.on('end', onEnd);
    req.on('error', onError);
    req.on('close', onClose);
  });
}

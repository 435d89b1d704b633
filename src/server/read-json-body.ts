import type { IncomingMessage } from 'node:http';

/** Result of {@link readJsonBody}: the parsed value, or why the body was refused. */
export type JsonBodyResult =
  | { ok: true; value: unknown }
  | { ok: false; status: 413; code: 'payload_too_large'; message: string }
  | { ok: false; status: 415; code: 'unsupported_media_type'; message: string }
  | { ok: false; status: 408; code: 'request_timeout'; message: string }
  | { ok: false; status: 400; code: 'invalid_json'; message: string };

/** Whether a `Content-Type` header is `application/json` (parameters such as `charset` allowed). */
export function isJsonContentType(header: string | undefined): boolean {
  return header?.split(';')[0]?.trim().toLowerCase() === 'application/json';
}

/** The 415 answer for a body that is not declared `application/json`, or undefined when it is. */
export function contentTypeRefusal(header: string | undefined): JsonBodyResult | undefined {
  if (isJsonContentType(header)) return undefined;
  const sent = header === undefined ? 'none' : JSON.stringify(header.slice(0, 80));
  return {
    ok: false,
    status: 415,
    code: 'unsupported_media_type',
    message: `Request body must be JSON sent with Content-Type: application/json (got ${sent}).`,
  };
}

/**
 * Reads and parses a JSON request body of at most `maxBytes`, arriving within `timeoutMs`. Anything
 * not declared `application/json` is refused unread (415): a cross-site form or `no-cors` fetch can
 * only send `text/plain`, form or multipart bodies. A declared `Content-Length` over the limit is
 * refused before reading anything; a chunked body as soon as it crosses the limit. After a 413 or 408
 * the rest of the body is not read (the caller answers and closes the connection).
 */
export function readJsonBody(req: IncomingMessage, maxBytes: number, timeoutMs = 30_000): Promise<JsonBodyResult> {
  const refused = contentTypeRefusal(req.headers['content-type']);
  if (refused !== undefined) return Promise.resolve(refused);
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
    const timer = setTimeout(() => {
      req.pause();
      settle({
        ok: false,
        status: 408,
        code: 'request_timeout',
        message: `Request body did not arrive within ${Math.round(timeoutMs / 100) / 10} s.`,
      });
    }, timeoutMs);
    const settle = (result: JsonBodyResult): void => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
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
    const cutOff: JsonBodyResult = {
      ok: false,
      status: 400,
      code: 'invalid_json',
      message: 'Request body was cut off.',
    };
    const onError = (): void => settle(cutOff);
    // A client that disconnects mid-body must not leave the request pending forever.
    const onClose = (): void => settle(cutOff);
    req.on('data', onData);
    req.on('end', onEnd);
    req.on('error', onError);
    req.on('close', onClose);
  });
}

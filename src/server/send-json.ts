import type { ServerResponse } from 'node:http';
import { COMMON_SECURITY_HEADERS } from './security-headers.js';

/** Ends `res` with a JSON body. */
export function sendJson(
  res: ServerResponse,
  status: number,
  value: unknown,
  headers: Readonly<Record<string, string>> = {},
): void {
  const body = JSON.stringify(value);
  res.writeHead(status, {
    ...COMMON_SECURITY_HEADERS,
    'Content-Type': 'application/json; charset=utf-8',
    'Content-Length': String(Buffer.byteLength(body)),
    'Cache-Control': 'no-store',
    ...headers,
  });
  res.end(body);
}

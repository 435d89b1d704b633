import type { ServerResponse } from 'node:http';
import { COMMON_SECURITY_HEADERS } from './security-headers.js';

/** Ends `res` with a short plain-text body (404 pages, 400s, 405s). */
export function sendText(
  res: ServerResponse,
  status: number,
  text: string,
  headers: Readonly<Record<string, string>> = {},
): void {
  const body = `${text}\n`;
  res.writeHead(status, {
    ...COMMON_SECURITY_HEADERS,
    'Content-Type': 'text/plain; charset=utf-8',
    'Content-Length': String(Buffer.byteLength(body)),
    'Cache-Control': 'no-store',
    ...headers,
  });
  res.end(res.req.method === 'HEAD' ? undefined : body);
}

import type { ServerResponse } from 'node:http';
import type { RelayErrorBody, RelayErrorCode } from './relay-error-code.js';
import { sendJson } from './send-json.js';

/** Ends `res` with `{ error: { code, message } }`. */
export function sendRelayError(
  res: ServerResponse,
  status: number,
  code: RelayErrorCode,
  message: string,
  headers: Readonly<Record<string, string>> = {},
): void {
  const body: RelayErrorBody = { error: { code, message } };
  sendJson(res, status, body, headers);
}

/**
 * Request headers an allow-listed page may send: the key header, JSON, the relay's session header, and
 * every header the `openai` SDK adds in a browser (checked against node_modules/openai 7.59).
 */
export const CORS_ALLOWED_HEADERS: readonly string[] = [
  'Authorization',
  'Content-Type',
  'x-kline-session',
  'x-stainless-arch',
  'x-stainless-lang',
  'x-stainless-os',
  'x-stainless-package-version',
  'x-stainless-retry-count',
  'x-stainless-runtime',
  'x-stainless-runtime-version',
  'x-stainless-timeout',
  'x-stainless-helper-method',
  'x-stainless-async',
];

/** Response headers an allow-listed page may read (retry hints and request ids); the relay passes each on. */
export const CORS_EXPOSED_HEADERS: readonly string[] = [
  'retry-after',
  'retry-after-ms',
  'x-request-id',
  'x-ratelimit-limit-requests',
  'x-ratelimit-limit-tokens',
  'x-ratelimit-remaining-requests',
  'x-ratelimit-remaining-tokens',
  'x-ratelimit-reset-requests',
  'x-ratelimit-reset-tokens',
];

/** CORS headers of an actual response to an allow-listed origin (the exact origin, never `*`). */
export function corsResponseHeaders(origin: string): Record<string, string> {
  return {
    'Access-Control-Allow-Origin': origin,
    'Access-Control-Expose-Headers': CORS_EXPOSED_HEADERS.join(', '),
    Vary: 'Origin',
  };
}

/** Headers of the `OPTIONS` preflight answer to an allow-listed origin. */
export function corsPreflightHeaders(origin: string): Record<string, string> {
  return {
    'Access-Control-Allow-Origin': origin,
    'Access-Control-Allow-Methods': 'GET, POST, OPTIONS',
    'Access-Control-Allow-Headers': CORS_ALLOWED_HEADERS.join(', '),
    'Access-Control-Max-Age': '600',
    Vary: 'Origin',
  };
}

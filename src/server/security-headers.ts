/**
 * Content-Security-Policy of every HTML page. No `unsafe-eval` and no inline scripts: Lit styles go
 * through adoptedStyleSheets, TypeBox validates with `Value` (no code generation), and `connect-src`
 * allows local model servers (Ollama, LM Studio…) and websockets for live data.
 */
export const CONTENT_SECURITY_POLICY =
  "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data: blob:; " +
  "connect-src 'self' ws: wss: http://localhost:* http://127.0.0.1:* https://api.binance.com; object-src 'none'; base-uri 'none'";

/** Headers sent on every response. */
export const COMMON_SECURITY_HEADERS: Readonly<Record<string, string>> = {
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'no-referrer',
};

/** Headers sent on HTML responses: the common ones plus the CSP. */
export const HTML_SECURITY_HEADERS: Readonly<Record<string, string>> = {
  ...COMMON_SECURITY_HEADERS,
  'Content-Security-Policy': CONTENT_SECURITY_POLICY,
};

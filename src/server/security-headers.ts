/** Hosts the demo page itself talks to besides its own origin: Binance REST and kline streams. */
const DEMO_CONNECT_SOURCES = ['https://api.binance.com', 'wss://stream.binance.com:9443'];

/** What the frames demo (demo/frames.html) may frame: the chart page of a second local server (port 8081 by default). */
const DEMO_FRAME_SOURCES = ['http://localhost:*', 'http://127.0.0.1:*'];

/**
 * Content-Security-Policy of the server's responses. No `unsafe-eval`, no `unsafe-inline` (scripts or
 * styles): Lit styles go through adoptedStyleSheets, run-time styles through the CSSOM, the demo pages'
 * layout is demo/demo.css, and TypeBox validates with `Value` (no code generation). `connect-src`
 * is the page's own origin (the relay at `/v1`; local model servers are reached through it) plus
 * Binance for the demo's live data. Only this server's pages and `frameAncestors` may frame it.
 *
 * @example
 * contentSecurityPolicy(['https://cms.example.com']); // "… frame-ancestors 'self' https://cms.example.com"
 */
export function contentSecurityPolicy(frameAncestors: Iterable<string> = []): string {
  return (
    "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data: blob:; " +
    `connect-src 'self' ${DEMO_CONNECT_SOURCES.join(' ')}; frame-src 'self' ${DEMO_FRAME_SOURCES.join(' ')}; ` +
    "object-src 'none'; base-uri 'none'; " +
    `frame-ancestors ${["'self'", ...frameAncestors].join(' ')}`
  );
}

/** The CSP without extra frame ancestors (no `RELAY_ALLOWED_ORIGINS`). */
export const CONTENT_SECURITY_POLICY = contentSecurityPolicy();

/**
 * Headers sent on every response. `X-Frame-Options` covers browsers without `frame-ancestors`; those
 * with it ignore `X-Frame-Options` and honour the CSP's list.
 */
export const COMMON_SECURITY_HEADERS: Readonly<Record<string, string>> = {
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'no-referrer',
  'X-Frame-Options': 'SAMEORIGIN',
};

/** The common headers plus the default CSP (the server sends the CSP on every response). */
export const HTML_SECURITY_HEADERS: Readonly<Record<string, string>> = {
  ...COMMON_SECURITY_HEADERS,
  'Content-Security-Policy': CONTENT_SECURITY_POLICY,
};

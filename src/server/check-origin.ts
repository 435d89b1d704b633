import type { IncomingMessage } from 'node:http';

/** Who is calling, as far as the browser tells: decides CORS headers and refusals. */
export type OriginVerdict =
  /** A page of this server (Origin matches the Host, or `Sec-Fetch-Site: same-origin`/`none`). */
  | { kind: 'same-origin'; origin: string | undefined }
  /** An origin listed in `RELAY_ALLOWED_ORIGINS`: gets CORS headers. */
  | { kind: 'allowed'; origin: string }
  /** No `Origin` and no `Sec-Fetch-Site`: not a browser page (curl, a server-side client). */
  | { kind: 'no-browser' }
  | { kind: 'refused'; message: string };

/**
 * Checks the browser's own statement of where a request comes from. `Origin` decides when present
 * (browsers send it on every POST, CORS or not); otherwise `Sec-Fetch-Site` (which browsers send on
 * every request, so a cross-site `<img>` or no-cors GET is caught too). A request with neither comes
 * from outside a browser and passes: it could not have been triggered by a web page.
 */
export function checkOrigin(req: IncomingMessage, allowedOrigins: ReadonlySet<string>): OriginVerdict {
  const origin = req.headers.origin?.trim();
  if (origin !== undefined && origin !== '') {
    if (allowedOrigins.has(origin)) return { kind: 'allowed', origin };
    if (isSameOrigin(origin, req.headers.host)) return { kind: 'same-origin', origin };
    return {
      kind: 'refused',
      message: `Requests from the origin ${shorten(origin)} may not use this model relay. Serve the page from the relay's own origin, or add the exact origin to RELAY_ALLOWED_ORIGINS.`,
    };
  }
  const site = req.headers['sec-fetch-site'];
  if (site === undefined) return { kind: 'no-browser' };
  if (site === 'same-origin' || site === 'none') return { kind: 'same-origin', origin: undefined };
  return {
    kind: 'refused',
    message: `A ${shorten(site)} request (Sec-Fetch-Site) may not use this model relay. Serve the page from the relay's own origin, or add its origin to RELAY_ALLOWED_ORIGINS.`,
  };
}

/** Origin `http(s)://host[:port]` against the `Host` header (which `isAllowedHost` has vetted). */
function isSameOrigin(origin: string, host: string | undefined): boolean {
  if (!host) return false;
  try {
    const page = new URL(origin);
    if (page.protocol !== 'http:' && page.protocol !== 'https:') return false;
    if (page.origin !== origin) return false;
    // Parsing the Host with the page's scheme drops a default port the same way the origin does.
    return new URL(`${page.protocol}//${host.trim()}`).host === page.host;
  } catch {
    return false;
  }
}

function shorten(text: string): string {
  return text.length > 120 ? `${text.slice(0, 120)}…` : text;
}

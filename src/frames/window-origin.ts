/**
 * `value` as a window origin a connection may be sent to (`https://app.example`, `http://localhost:8080`),
 * or `null` when it is not one: only an absolute http(s) URL with nothing after its host and port (a `/`
 * alone is allowed). `*`, `null` (every opaque origin looks the same), other schemes, paths, queries,
 * fragments and user names are refused, so a connection never goes to "whoever is there"
 * (chart-agent-panel.ts `chart-origin`, connect-frame-port.ts).
 */
export function windowOrigin(value: string): string | null {
  let url: URL;
  try {
    url = new URL(value.trim());
  } catch {
    return null;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
  if (url.username || url.password || url.search || url.hash || url.pathname !== '/') return null;
  // `https://a.example?` and `https://a.example#` parse with an empty query / fragment: still not an origin.
  if (/[?#]/.test(value)) return null;
  return url.origin;
}

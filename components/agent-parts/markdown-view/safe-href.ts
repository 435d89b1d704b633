const ALLOWED_PROTOCOLS = new Set(['http:', 'https:', 'mailto:']);

/**
 * The normalised URL when `url` is an absolute `http:`, `https:` or `mailto:` URL, else `null`.
 * Checked on the parsed URL, so tricks such as `java\tscript:` or `JaVaScRiPt:` are refused too.
 *
 * @example safeHref('https://a.example') // 'https://a.example/'
 */
export function safeHref(url: string): string | null {
  const trimmed = url.trim();
  // eslint-disable-next-line no-control-regex -- control characters are exactly what is refused
  if (trimmed === '' || /[\u0000-\u001f\u007f\s]/.test(trimmed)) return null;
  let parsed: URL;
  try {
    parsed = new URL(trimmed);
  } catch {
    return null;
  }
  return ALLOWED_PROTOCOLS.has(parsed.protocol) ? parsed.href : null;
}

const TLD = /^(?:\p{L}{2,63}|xn--[a-z0-9-]{1,59})$/iu;

/**
 * The real host of a link to show beside its text, or `null` when the text does not look like a
 * domain or URL, or names the same host as `href` (an optional `www.` aside, ASCII only). So
 * `[paypal.com](https://xn--pypal-4ve.com)` gives `'xn--pypal-4ve.com'`, and so does a Unicode
 * look-alike text that encodes to the target's own punycode host. For `mailto:` the domain of the
 * address stands for the host. A link with user info (`https://paypal.com@evil.example`) always gets it.
 *
 * @example linkHostHint('paypal.com', 'https://xn--pypal-4ve.com/') // 'xn--pypal-4ve.com'
 */
export function linkHostHint(text: string, href: string): string | null {
  const target = hostOf(href);
  if (target === null) return null;
  // `https://paypal.com@evil.example`: what stands before the `@` reads as the host, in the text and in
  // the browser's status bar alike, so the real host is shown whatever the text says.
  if (/^https?:\/\/[^/?#]*@/i.test(href)) return target;
  const named = hostNamedBy(text);
  if (named === null) return null;
  if (named.ascii && bare(named.host) === bare(target)) return null;
  return target || href;
}

/** The host a link text names (`paypal.com`, `https://a.example/x`, `user@a.example`), if any. */
function hostNamedBy(text: string): { host: string; ascii: boolean } | null {
  const raw = text.trim();
  if (raw.length > 2048) return null;
  // What the reader sees: invisible characters (zero-width, soft hyphen, bidi controls) read as
  // nothing and the ideographic full stops as dots, as IDNA maps them. Text that had any of them is
  // never taken as plain ASCII, so it always gets the real host (a bidi control reorders what shows).
  const t = raw.replace(/\p{Default_Ignorable_Code_Point}/gu, '').replace(/[\u3002\uff0e\uff61]/g, '.');
  if (t === '' || /\s/.test(t)) return null;
  let rest = t.replace(/^[a-z][a-z0-9+.-]{0,31}:(?:\/\/)?/i, '');
  const end = rest.search(/[/?#]/);
  if (end !== -1) rest = rest.slice(0, end);
  rest = rest.slice(rest.lastIndexOf('@') + 1);
  const colon = rest.lastIndexOf(':');
  if (colon !== -1 && /^\d{0,5}$/.test(rest.slice(colon + 1))) rest = rest.slice(0, colon);
  if (rest.endsWith('.')) rest = rest.slice(0, -1);
  const labels = rest.split('.');
  if (labels.length < 2 || labels.some((label) => label === '') || !TLD.test(labels[labels.length - 1])) return null;
  let host: string;
  try {
    host = new URL(`http://${rest}`).hostname;
  } catch {
    // Looks like a domain but is no valid host: still a name the reader may trust, so compare.
    host = rest.toLowerCase();
  }
  return { host, ascii: t === raw && /^[\x21-\x7e]*$/.test(rest) };
}

/** The host of a safe absolute URL: the hostname, or the domain of a `mailto:` address. */
function hostOf(href: string): string | null {
  let url: URL;
  try {
    url = new URL(href);
  } catch {
    return null;
  }
  if (url.protocol === 'mailto:') {
    const address = decodeURIComponentSafe(url.pathname);
    return address.slice(address.lastIndexOf('@') + 1).toLowerCase();
  }
  return url.hostname;
}

function bare(host: string): string {
  return host.startsWith('www.') ? host.slice(4) : host;
}

function decodeURIComponentSafe(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

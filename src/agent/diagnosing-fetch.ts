/** A response that is a web page (`text/html`) where the assistant API should answer. */
export class WebPageResponseError extends Error {
  override readonly name = 'WebPageResponseError';
  constructor(
    readonly status: number,
    readonly url: string,
    readonly contentType: string,
    readonly snippet: string,
  ) {
    super(`${url} answered with a web page (HTTP ${status}, ${contentType}), not the assistant API`);
  }
}

/** Why a request got no response at all. */
export type UnreachableReason = 'cross-origin' | 'unreachable' | 'network';

/** A request that got no response: blocked by CORS, nothing listening, or another network failure. */
export class ServiceUnreachableError extends Error {
  override readonly name = 'ServiceUnreachableError';
  constructor(
    readonly reason: UnreachableReason,
    readonly url: string,
    cause: unknown,
  ) {
    super(`${url}: ${reason}`, { cause });
  }
}

/** Longest plain-text excerpt of a web page kept for the developer (never the page itself). */
export const SNIPPET_LENGTH = 200;
const MAX_PAGE_BYTES = 64 * 1024;
const PROBE_TIMEOUT_MS = 5000;

/**
 * Wraps `fetch` so the failures a page author can fix are named: a web page (`text/html`) instead
 * of the API throws {@link WebPageResponseError} with a short plain-text snippet; a request that got
 * no response throws {@link ServiceUnreachableError}, telling a cross-origin request the browser
 * blocked (CORS: a `no-cors` probe of the same address gets an answer) from nothing listening.
 */
export function diagnosingFetch(inner: typeof fetch): typeof fetch {
  return async (input, init) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    let response: Response;
    try {
      response = await inner(input, init);
    } catch (error) {
      if (init?.signal?.aborted || (error instanceof Error && error.name === 'AbortError')) throw error;
      throw new ServiceUnreachableError(await diagnoseUnreachable(inner, url, error), url, error);
    }
    const contentType = response.headers.get('content-type') ?? '';
    // A 5xx page is a server (or its proxy) failing, not a wrong address: it stays an HTTP error,
    // retried, and its message is cut down to the page's title (classifyProviderError).
    if (response.status < 500 && /\b(text\/html|application\/xhtml\+xml)\b/i.test(contentType)) {
      const page = await readStart(response).catch(() => '');
      throw new WebPageResponseError(response.status, url, contentType.split(';')[0].trim(), plainSnippet(page));
    }
    return response;
  };
}

async function diagnoseUnreachable(inner: typeof fetch, url: string, error: unknown): Promise<UnreachableReason> {
  const code = causeCode(error);
  if (code === 'ECONNREFUSED' || code === 'ENOTFOUND' || code === 'EAI_AGAIN') return 'unreachable';
  const pageOrigin = (globalThis as { location?: { origin?: string } }).location?.origin;
  if (!pageOrigin || pageOrigin === 'null') return code ? 'unreachable' : 'network';
  let target: URL;
  try {
    target = new URL(url, pageOrigin);
  } catch {
    return 'network';
  }
  const crossOrigin = target.origin !== pageOrigin;
  try {
    // An opaque answer proves something listens there; the real request was then refused by CORS.
    await inner(target.href, {
      method: 'GET',
      mode: 'no-cors',
      credentials: 'omit',
      cache: 'no-store',
      signal: AbortSignal.timeout(PROBE_TIMEOUT_MS),
    });
    return crossOrigin ? 'cross-origin' : 'network';
  } catch {
    return 'unreachable';
  }
}

function causeCode(error: unknown): string | undefined {
  let current: unknown = error;
  for (let depth = 0; current && depth < 4; depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string') return code;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}

/** The first 64 KiB of the body as text. */
async function readStart(response: Response): Promise<string> {
  const reader = response.body?.getReader();
  if (!reader) return '';
  const decoder = new TextDecoder();
  let text = '';
  let bytes = 0;
  try {
    while (bytes < MAX_PAGE_BYTES) {
      const { done, value } = await reader.read();
      if (done) break;
      bytes += value.byteLength;
      text += decoder.decode(value, { stream: true });
    }
  } finally {
    void reader.cancel().catch(() => undefined);
  }
  return text;
}

/** Visible text of an HTML page (title and body, no markup, scripts or styles), at most {@link SNIPPET_LENGTH} characters. */
export function plainSnippet(page: string): string {
  const text = page
    .replace(/<(script|style|head)\b[\s\S]*?<\/\1\s*>/gi, (match, tag: string) =>
      tag.toLowerCase() === 'head' ? titleOf(match) : ' ',
    )
    .replace(/<!--[\s\S]*?-->/g, ' ')
    .replace(/<[^>]*>/g, ' ')
    .replace(/&nbsp;/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ')
    .trim();
  return text.length > SNIPPET_LENGTH ? `${text.slice(0, SNIPPET_LENGTH - 1)}…` : text;
}

/**
 * A provider message that is an HTML document (a proxy's error page) as one short line: the page's
 * title, else the start of its text; any other message as it is.
 */
export function readableProviderMessage(message: string): string {
  if (!/<\s*(!doctype|html|head|body|title|h1|center|p|div)\b/i.test(message)) return message;
  const title = /<title\b[^>]*>([\s\S]*?)<\/title>/i.exec(message)?.[1];
  const text = plainSnippet(title ?? message.replace(/^[^<]*/, ''))
    .replace(/[<>]/g, ' ')
    .trim();
  return text.length > 80 ? `${text.slice(0, 79)}…` : text || 'an HTML error page';
}

function titleOf(head: string): string {
  const title = /<title\b[^>]*>([\s\S]*?)<\/title>/i.exec(head);
  return title ? ` ${title[1]} ` : ' ';
}

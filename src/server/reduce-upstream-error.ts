import { redactSecrets } from './redact-secrets.js';

/** Longest upstream error message passed to the browser. */
export const MAX_UPSTREAM_MESSAGE_LENGTH = 500;

/** The `{ error: { code, message } }` the browser gets for an upstream error status. */
export interface UpstreamErrorBody {
  error: { code: string; message: string };
}

/**
 * Reduces an upstream error body to `{ error: { code, message } }`: the provider's message and code
 * when it sent OpenAI-shaped JSON (`{ error: { message, code | type } }`, `{ error: "…" }`,
 * `{ message }`), a short plain-text body otherwise, always with secrets removed and truncated.
 * Nothing else of the upstream answer (other fields, headers, HTML pages) reaches the browser.
 */
export function reduceUpstreamError(status: number, text: string, secrets: readonly string[]): UpstreamErrorBody {
  let message: string | undefined;
  let code: string | undefined;
  const parsed = parseJson(text);
  if (isRecord(parsed)) {
    const inner = parsed.error;
    if (isRecord(inner)) {
      message = stringOf(inner.message);
      code = codeOf(inner.code) ?? codeOf(inner.type);
    } else {
      message = stringOf(inner) ?? stringOf(parsed.message) ?? stringOf(parsed.detail);
      code = codeOf(parsed.code) ?? codeOf(parsed.type);
    }
  } else if (parsed === undefined && text.trim() !== '' && !/^\s*</.test(text)) {
    message = text;
  }
  const cleaned = message === undefined ? '' : clean(redactSecrets(message, secrets));
  return {
    error: {
      code: code ?? `upstream_http_${status}`,
      message: cleaned === '' ? `The model server answered HTTP ${status}.` : cleaned,
    },
  };
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function stringOf(value: unknown): string | undefined {
  return typeof value === 'string' && value.trim() !== '' ? value : undefined;
}

/** Provider codes are short identifiers; anything else (or an echoed value) is not passed on. */
function codeOf(value: unknown): string | undefined {
  const text = typeof value === 'number' ? String(value) : value;
  return typeof text === 'string' && /^[A-Za-z0-9_.:-]{1,64}$/.test(text) && redactSecrets(text, []) === text
    ? text
    : undefined;
}

/** One line of printable text, at most {@link MAX_UPSTREAM_MESSAGE_LENGTH} characters. */
function clean(text: string): string {
  const oneLine = text
    // eslint-disable-next-line no-control-regex -- control characters (and line separators) are exactly what is removed
    .replace(/[\u0000-\u001f\u007f-\u009f\u2028\u2029]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  return oneLine.length > MAX_UPSTREAM_MESSAGE_LENGTH
    ? `${oneLine.slice(0, MAX_UPSTREAM_MESSAGE_LENGTH - 1)}…`
    : oneLine;
}

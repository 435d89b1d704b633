import type { RunFailureCause, RunFailureCode } from '../protocol/index.js';
import { readableProviderMessage, SNIPPET_LENGTH } from './diagnosing-fetch.js';

/** What a failed model call means for the run. */
export interface ProviderFailure {
  readonly code: RunFailureCode;
  readonly message: string;
  /** Worth another attempt (408, 429, 5xx, network, broken stream before any output); never other 4xx. */
  readonly retryable: boolean;
  /** The likely cause, for a message a visitor understands. */
  readonly cause?: RunFailureCause;
  /** From `Retry-After`, capped at {@link MAX_RETRY_AFTER_MS}. */
  readonly retryAfterMs?: number;
}

/** A stream that ended without a finish reason or with data the runtime cannot use. */
export class BadStreamError extends Error {
  override readonly name = 'BadStreamError';
}

/** Longest wait honoured from a `Retry-After` header. */
export const MAX_RETRY_AFTER_MS = 30_000;

interface ErrorShape {
  status?: unknown;
  headers?: unknown;
  error?: unknown;
  code?: unknown;
  message?: unknown;
  name?: unknown;
  cause?: unknown;
}

/**
 * Maps an error thrown by the `openai` client (or by reading its stream) to a run failure.
 * Duck-typed rather than `instanceof`, so it works whichever copy of the client threw.
 */
export function classifyProviderError(error: unknown, baseURL: string, now = Date.now()): ProviderFailure {
  const diagnosed = diagnosedCause(error, baseURL);
  if (diagnosed) return diagnosed;
  const e = (typeof error === 'object' && error !== null ? error : {}) as ErrorShape;
  const status = typeof e.status === 'number' ? e.status : undefined;
  const body =
    typeof e.error === 'object' && e.error !== null ? (e.error as { message?: unknown; code?: unknown }) : undefined;
  const providerMessage = readableProviderMessage(
    typeof body?.message === 'string' ? body.message : typeof e.message === 'string' ? e.message : String(error),
  );

  const kind = providerErrorKind(status, body, e, providerMessage);
  const retryAfter = parseRetryAfter(headerOf(e.headers, 'retry-after'), now);
  const wait = retryAfter !== undefined ? { retryAfterMs: retryAfter } : {};
  switch (kind) {
    case 'overloaded':
      return {
        code: 'PROVIDER_UNAVAILABLE',
        retryable: true,
        cause: 'overloaded',
        ...wait,
        message: `The model provider is overloaded${status ? ` (HTTP ${status})` : ''}: ${clip(providerMessage)}. Try again in a moment.`,
      };
    case 'context-too-long':
      return {
        code: 'PROVIDER_BAD_RESPONSE',
        retryable: false,
        cause: 'context-too-long',
        message: `The conversation is too long for the model's context window: ${clip(providerMessage)}. Start a new chat, or use a model with a larger context.`,
      };
    case 'content-filtered':
      return {
        code: 'PROVIDER_BAD_RESPONSE',
        retryable: false,
        cause: 'content-filtered',
        message: `The model provider's content filter blocked this request or its answer: ${clip(providerMessage)}. Rephrase the request.`,
      };
    case 'model-not-found':
      return {
        code: 'PROVIDER_UNAVAILABLE',
        retryable: false,
        cause: 'model-not-found',
        message: `The model provider does not know the model that was asked for: ${clip(providerMessage)}. Check the panel's model attribute or the relay's OPENAI_MODEL.`,
      };
    case 'rate-limited':
      if (status === undefined) {
        return {
          code: 'PROVIDER_RATE_LIMIT',
          retryable: true,
          cause: 'rate-limited',
          ...wait,
          message: `The model provider is rate limiting requests: ${clip(providerMessage)}. Wait a moment and try again.`,
        };
      }
      break;
    default:
      break;
  }

  if (status !== undefined) {
    if (status === 401 || status === 403) {
      return {
        code: 'PROVIDER_AUTH',
        retryable: false,
        cause: 'auth',
        message:
          `The model provider refused the request (HTTP ${status}: ${providerMessage}). ` +
          `Check OPENAI_API_KEY on the relay (or the panel's api-key attribute, if you set one) and the base URL (${baseURL}).`,
      };
    }
    const code = body?.code ?? e.code;
    if (status === 503 && code === 'model_not_configured') {
      return { code: 'MODEL_NOT_CONFIGURED', retryable: false, message: providerMessage };
    }
    const retryAfterMs = parseRetryAfter(headerOf(e.headers, 'retry-after'), now);
    if (status === 429) {
      return {
        code: 'PROVIDER_RATE_LIMIT',
        retryable: true,
        cause: 'rate-limited',
        ...(retryAfterMs !== undefined ? { retryAfterMs } : {}),
        message: `The model provider is rate limiting requests (HTTP 429: ${providerMessage}). Wait a moment and try again.`,
      };
    }
    if (status >= 500 || status === 408) {
      return {
        code: 'PROVIDER_UNAVAILABLE',
        retryable: true,
        ...(retryAfterMs !== undefined ? { retryAfterMs } : {}),
        message: `The model provider is unavailable (HTTP ${status}: ${providerMessage}).`,
      };
    }
    if ((status === 404 || status === 405) && isDefaultRelay(baseURL)) {
      return {
        code: 'PROVIDER_UNAVAILABLE',
        retryable: false,
        cause: 'no-relay',
        message:
          `Nothing on this site serves the assistant API at ${baseURL} (HTTP ${status}: ${clip(providerMessage)}). ` +
          "Run the relay (npm start) on this origin or proxy /v1 to it, or point the panel's base-url at the relay.",
      };
    }
    if (status === 404) {
      return {
        code: 'PROVIDER_UNAVAILABLE',
        retryable: false,
        cause: 'not-found',
        message: `The model endpoint was not found (HTTP 404: ${clip(providerMessage)}). Check the base URL (${baseURL}) and the model name.`,
      };
    }
    return {
      code: 'PROVIDER_BAD_RESPONSE',
      retryable: false,
      message: `The model provider rejected the request (HTTP ${status}: ${clip(providerMessage)}).`,
    };
  }

  const name = typeof e.name === 'string' ? e.name : '';
  if (isSdkApiError(error, body)) {
    // An `error` event in the middle of the stream: the server was reached and said why it stopped.
    return {
      code: 'PROVIDER_BAD_RESPONSE',
      retryable: true,
      message: `The model provider stopped the answer: ${clip(providerMessage)}.`,
    };
  }
  if (name === 'BadStreamError' || name === 'SyntaxError' || name === 'OpenAIError') {
    return {
      code: 'PROVIDER_BAD_RESPONSE',
      retryable: true,
      message: `The model returned an unusable response: ${providerMessage}`,
    };
  }
  // APIConnectionError, fetch's TypeError ("fetch failed", "terminated"), socket errors.
  return {
    code: 'PROVIDER_UNAVAILABLE',
    retryable: true,
    message: `Could not reach the model at ${baseURL}: ${describeCause(error)}.`,
  };
}

type ProviderErrorKind =
  | 'overloaded'
  | 'rate-limited'
  | 'context-too-long'
  | 'content-filtered'
  | 'model-not-found'
  | null;

/**
 * What a provider's error says, from its status and body: OpenAI (`context_length_exceeded`,
 * `content_filter`, `model_not_found`, `rate_limit_exceeded`), Anthropic-style (`overloaded_error`,
 * HTTP 529), Azure (`content_filter`), Gemini (`RESOURCE_EXHAUSTED`, `UNAVAILABLE`), vLLM/llama.cpp
 * ("maximum context length", "exceeds the context size").
 */
function providerErrorKind(
  status: number | undefined,
  body: { message?: unknown; code?: unknown; type?: unknown; status?: unknown } | undefined,
  e: ErrorShape,
  message: string,
): ProviderErrorKind {
  const codes = [body?.code, body?.type, body?.status, e.code]
    .filter((c): c is string => typeof c === 'string')
    .map((c) => c.toLowerCase());
  const text = message.toLowerCase();
  const has = (...needles: string[]) => needles.some((n) => codes.some((c) => c.includes(n)) || text.includes(n));
  if (status === 529 || codes.some((c) => c.includes('overloaded')) || /\boverloaded\b/.test(text)) return 'overloaded';
  if (
    has(
      'context_length_exceeded',
      'maximum context length',
      'context length',
      'context window',
      'exceeds the context size',
      'too many tokens',
      'prompt is too long',
    )
  )
    return 'context-too-long';
  if (has('content_filter', 'content_policy', 'content filter', 'responsibleaipolicyviolation'))
    return 'content-filtered';
  if (
    has('model_not_found') ||
    ((status === 404 || status === 400) &&
      /\bmodel\b[^.]*\b(not found|does not exist|not exist|unknown|invalid)/.test(text))
  )
    return 'model-not-found';
  if (has('rate_limit', 'resource_exhausted', 'rate limit')) return 'rate-limited';
  return null;
}

/**
 * The `openai` SDK's `APIError` (also without a status, as when the stream carries an `error`
 * event). Its class name is not kept by minifiers and its `name` is not `APIError`, so it is
 * recognised by shape: the parsed error body on `.error`, or a `headers` field.
 */
function isSdkApiError(error: unknown, body: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  if (body !== undefined) return true;
  let proto: unknown = Object.getPrototypeOf(error);
  for (let i = 0; proto && i < 5; i++) {
    const ctor = (proto as { constructor?: { name?: unknown } }).constructor;
    if (typeof ctor?.name === 'string' && /APIError$/.test(ctor.name) && !/Connection/.test(ctor.name)) return true;
    proto = Object.getPrototypeOf(proto);
  }
  return false;
}

interface DiagnosedError {
  name?: unknown;
  reason?: unknown;
  url?: unknown;
  status?: unknown;
  contentType?: unknown;
  snippet?: unknown;
  cause?: unknown;
}

/** A failure `diagnosingFetch` named (found anywhere in the cause chain), as a run failure. */
function diagnosedCause(error: unknown, baseURL: string): ProviderFailure | null {
  let current: unknown = error;
  for (let depth = 0; current && typeof current === 'object' && depth < 5; depth++) {
    const e = current as DiagnosedError;
    if (e.name === 'WebPageResponseError') {
      const snippet =
        typeof e.snippet === 'string' && e.snippet ? ` Start of the page: "${e.snippet.slice(0, SNIPPET_LENGTH)}"` : '';
      const relay = isDefaultRelay(baseURL)
        ? ' Nothing on this site serves the assistant API there: run the relay on this origin or proxy /v1 to it, or point base-url at the relay.'
        : ' Check the base URL.';
      return {
        code: 'PROVIDER_UNAVAILABLE',
        retryable: false,
        cause: 'web-page',
        message: `${String(e.url ?? baseURL)} answered with a web page (HTTP ${String(e.status)}, ${String(e.contentType)}), not the assistant API.${relay}${snippet}`,
      };
    }
    if (e.name === 'ServiceUnreachableError') {
      const url = String(e.url ?? baseURL);
      if (e.reason === 'cross-origin') {
        return {
          code: 'PROVIDER_UNAVAILABLE',
          retryable: false,
          cause: 'cross-origin',
          message:
            `The relay at ${url} is on another origin and did not allow this page (${pageOrigin() ?? 'this origin'}) (CORS), or is not running. ` +
            'Allow this origin on the relay (RELAY_ALLOWED_ORIGINS), or serve the relay from this site (proxy /v1).',
        };
      }
      if (e.reason === 'unreachable') {
        return {
          code: 'PROVIDER_UNAVAILABLE',
          retryable: true,
          cause: 'unreachable',
          message: `Nothing answered at ${url}: the relay is not running, or the address is wrong (${describeCause(e.cause)}).`,
        };
      }
      return {
        code: 'PROVIDER_UNAVAILABLE',
        retryable: true,
        cause: 'network',
        message: `Could not reach the model at ${url}: ${describeCause(e.cause)}.`,
      };
    }
    current = e.cause;
  }
  return null;
}

/** The panel's default: the relay at `/v1` on the page's own origin. */
function isDefaultRelay(baseURL: string): boolean {
  if (!/^[a-z][a-z0-9+.-]*:/i.test(baseURL)) return /^\/v1\/?$/.test(baseURL);
  const origin = pageOrigin();
  try {
    const url = new URL(baseURL);
    return origin !== undefined && url.origin === origin && /^\/v1\/?$/.test(url.pathname);
  } catch {
    return false;
  }
}

function pageOrigin(): string | undefined {
  const origin = (globalThis as { location?: { origin?: string } }).location?.origin;
  return origin && origin !== 'null' ? origin : undefined;
}

/** A provider's message, at most 300 characters (a proxy may answer with a whole document). */
function clip(message: string): string {
  const oneLine = message.replace(/\s+/g, ' ').trim();
  return oneLine.length > 300 ? `${oneLine.slice(0, 299)}…` : oneLine;
}

/** `Retry-After` as milliseconds: delta-seconds or an HTTP date, capped at 30 s. */
export function parseRetryAfter(value: string | null | undefined, now = Date.now()): number | undefined {
  if (!value) return undefined;
  const trimmed = value.trim();
  let ms: number;
  if (/^\d+(\.\d+)?$/.test(trimmed)) ms = Number(trimmed) * 1000;
  else {
    const date = Date.parse(trimmed);
    if (Number.isNaN(date)) return undefined;
    ms = date - now;
  }
  return Math.min(Math.max(0, ms), MAX_RETRY_AFTER_MS);
}

/** Exponential backoff with full jitter on top, or the server's `Retry-After` when it gave one. */
export function retryDelayMs(
  attempt: number,
  baseDelayMs: number,
  retryAfterMs?: number,
  random = Math.random,
): number {
  if (retryAfterMs !== undefined) return retryAfterMs;
  const exp = baseDelayMs * 2 ** attempt;
  return Math.min(exp + random() * exp, MAX_RETRY_AFTER_MS);
}

function headerOf(headers: unknown, name: string): string | null {
  if (headers && typeof (headers as Headers).get === 'function') return (headers as Headers).get(name);
  if (headers && typeof headers === 'object') {
    const value = (headers as Record<string, unknown>)[name];
    return typeof value === 'string' ? value : null;
  }
  return null;
}

function describeCause(error: unknown): string {
  const parts: string[] = [];
  let current: unknown = error;
  for (let depth = 0; current && depth < 4; depth++) {
    const message = current instanceof Error ? current.message : typeof current === 'string' ? current : '';
    if (message && !parts.includes(message)) parts.push(message);
    current = current instanceof Error ? current.cause : undefined;
  }
  return parts.join(': ') || 'network error';
}

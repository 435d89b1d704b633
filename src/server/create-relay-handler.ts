import type { IncomingMessage, ServerResponse } from 'node:http';
import { checkOrigin } from './check-origin.js';
import { CORS_EXPOSED_HEADERS, corsPreflightHeaders, corsResponseHeaders } from './cors-headers.js';
import { createRateLimiter } from './create-rate-limiter.js';
import { pipeWebStream } from './pipe-web-stream.js';
import { contentTypeRefusal, readJsonBody } from './read-json-body.js';
import { readUpstreamBody } from './read-upstream-body.js';
import { redactSecrets } from './redact-secrets.js';
import { remoteMediaUrl } from './remote-media-url.js';
import { reduceUpstreamError } from './reduce-upstream-error.js';
import { MODEL_NOT_CONFIGURED_MESSAGE, resolveRelayConfig, type RelayConfig } from './resolve-relay-config.js';
import { sanitizeChatRequest } from './sanitize-chat-request.js';
import { COMMON_SECURITY_HEADERS } from './security-headers.js';
import { sendJson } from './send-json.js';
import { sendRelayError } from './send-relay-error.js';
import {
  DEFAULT_RATE_LIMIT,
  DEFAULT_TIMEOUTS,
  MAX_RELAY_BODY_BYTES,
  type ServerOptions,
  type TimeoutOptions,
} from './server-options.js';

/** Handles one request whose path starts with `/v1/`. */
export type RelayHandler = (req: IncomingMessage, res: ServerResponse, pathname: string) => Promise<void>;

/**
 * Upstream response headers worth passing to the browser on success (never cookies or encodings): every one
 * a cross-origin page may read (cors-headers.ts), its type and the upstream's processing time.
 */
const PASSED_RESPONSE_HEADERS = ['content-type', 'openai-processing-ms', ...CORS_EXPOSED_HEADERS];

/** The part of an upstream error body read to find its message. */
const MAX_UPSTREAM_ERROR_BYTES = 64 * 1024;
/** Largest model list read when `RELAY_MODELS` narrows it. */
const MAX_MODEL_LIST_BYTES = 4 * 1024 * 1024;
/** Header a page may send to get a rate-limit budget of its own within its origin. */
const SESSION_HEADER = 'x-kline-session';

/**
 * The model relay: `POST /v1/chat/completions` and `GET /v1/models` forwarded to the configured
 * OpenAI-compatible server with the key added here, so the key never reaches the browser. Only pages
 * of this server, origins in `RELAY_ALLOWED_ORIGINS` and non-browser clients may use it; each request's
 * cost is capped, upstream errors are reduced to `{ error: { code, message } }` without secrets, and
 * a silent upstream is cut off.
 */
export function createRelayHandler(
  options: Pick<ServerOptions, 'env' | 'fetch' | 'rateLimit' | 'timeouts' | 'log'>,
): RelayHandler {
  const config = resolveRelayConfig(options.env);
  const fetchUpstream = options.fetch ?? globalThis.fetch;
  const timeouts: TimeoutOptions = { ...DEFAULT_TIMEOUTS, ...options.timeouts };
  const rate = options.rateLimit ?? DEFAULT_RATE_LIMIT;
  const limiter = createRateLimiter(rate);
  const errorLimiter = createRateLimiter({
    windowMs: rate.windowMs,
    max: rate.errorMax ?? Math.max(1, Math.floor(rate.max / 3)),
  });
  const originLimiter = createRateLimiter({ windowMs: rate.windowMs, max: rate.originMax ?? rate.max * 4 });
  const log = options.log;

  return async (req, res, pathname) => {
    if (log) {
      const startedAt = Date.now();
      res.once('close', () => {
        const note = res.writableFinished ? '' : ' (closed early)';
        log(`${req.method ?? '?'} ${pathname} ${res.statusCode} ${Date.now() - startedAt}ms${note}`);
      });
    }

    // Decided before anything else, so a refused page costs nothing and learns nothing.
    const origin = checkOrigin(req, config.allowedOrigins);
    if (origin.kind === 'refused') {
      sendRelayError(res, 403, 'origin_not_allowed', origin.message, { Vary: 'Origin' });
      return;
    }
    const cors = origin.kind === 'allowed' ? corsResponseHeaders(origin.origin) : { Vary: 'Origin' };
    for (const [name, value] of Object.entries(cors)) res.setHeader(name, value);
    if (req.method === 'OPTIONS') {
      const preflight = origin.kind === 'allowed' ? corsPreflightHeaders(origin.origin) : {};
      res.writeHead(204, { ...COMMON_SECURITY_HEADERS, Allow: 'GET, POST, OPTIONS', ...preflight });
      res.end();
      return;
    }

    const { key, client } = rateLimitKeys(req, origin.kind === 'no-browser' ? undefined : origin.origin);
    const errorVerdict = errorLimiter.check(key);
    let verdict = errorVerdict.allowed ? limiter.hit(key) : errorVerdict;
    if (verdict.allowed && key !== client) verdict = originLimiter.hit(client);
    if (!verdict.allowed) {
      const why = errorVerdict.allowed ? 'Too many requests' : 'Too many failed requests';
      sendRelayError(res, 429, 'rate_limited', `${why} to the model relay; retry in ${verdict.retryAfterSeconds} s.`, {
        'Retry-After': String(verdict.retryAfterSeconds),
      });
      return;
    }
    // Requests that end in an error (bad input, upstream failures) also spend the smaller error budget.
    res.once('finish', () => {
      if (res.statusCode >= 400) errorLimiter.hit(key);
    });

    const route = routeOf(pathname);
    if (route === undefined) {
      sendRelayError(
        res,
        404,
        'not_found',
        `The relay serves POST /v1/chat/completions and GET /v1/models, not ${pathname.slice(0, 200)}.`,
      );
      return;
    }
    if (req.method !== route.method) {
      sendRelayError(res, 405, 'method_not_allowed', `${pathname} accepts ${route.method} only.`, {
        Allow: `${route.method}, OPTIONS`,
      });
      return;
    }
    const mediaRefusal = route.method === 'POST' ? contentTypeRefusal(req.headers['content-type']) : undefined;
    if (mediaRefusal !== undefined && !mediaRefusal.ok) {
      // The body stays unread: do not reuse the connection.
      sendRelayError(res, mediaRefusal.status, mediaRefusal.code, mediaRefusal.message, { Connection: 'close' });
      return;
    }
    if (!config.configured) {
      sendRelayError(res, 503, 'model_not_configured', MODEL_NOT_CONFIGURED_MESSAGE);
      return;
    }

    if (route.upstreamPath === '/models') {
      await forward(req, res, config, fetchUpstream, timeouts, { method: 'GET', path: '/models' });
      return;
    }

    const body = await readJsonBody(req, MAX_RELAY_BODY_BYTES, timeouts.bodyMs);
    if (!body.ok) {
      // After a refused oversized or stalled body the rest of it is unread: close instead of reusing the socket.
      const close: Record<string, string> = body.status === 413 || body.status === 408 ? { Connection: 'close' } : {};
      sendRelayError(res, body.status, body.code, body.message, close);
      return;
    }
    if (!isPlainObject(body.value)) {
      sendRelayError(res, 400, 'invalid_request', 'Request body must be a JSON object.');
      return;
    }
    const { body: request } = sanitizeChatRequest(body.value, config.maxTokens);
    const remote = remoteMediaUrl(request.messages);
    if (remote !== null) {
      sendRelayError(
        res,
        400,
        'invalid_request',
        `Images and other media must be sent as data: URLs; the relay does not let the model server fetch ${JSON.stringify(remote.slice(0, 100))}.`,
      );
      return;
    }
    const named = typeof request.model === 'string' && request.model.trim() !== '' ? request.model : undefined;
    const model = named ?? config.defaultModel ?? firstOf(config.allowedModels);
    if (model !== undefined) request.model = model;
    if (config.allowedModels && (model === undefined || !config.allowedModels.has(model))) {
      const allowed = [...config.allowedModels].join(', ');
      sendRelayError(
        res,
        400,
        'model_not_allowed',
        `Model "${(model ?? '').slice(0, 200)}" is not allowed by this relay. Allowed: ${allowed}.`,
      );
      return;
    }
    await forward(req, res, config, fetchUpstream, timeouts, {
      method: 'POST',
      path: '/chat/completions',
      body: JSON.stringify(request),
    });
  };
}

interface Route {
  method: 'GET' | 'POST';
  upstreamPath: '/chat/completions' | '/models';
}

function routeOf(pathname: string): Route | undefined {
  if (pathname === '/v1/chat/completions') return { method: 'POST', upstreamPath: '/chat/completions' };
  if (pathname === '/v1/models') return { method: 'GET', upstreamPath: '/models' };
  return undefined;
}

/**
 * Rate-limit keys: `client` is the page's origin, else the socket address (curl, server-side
 * clients); `key` adds the `x-kline-session` a page may send, so tabs and panels of one origin get
 * budgets of their own. One origin's traffic never spends another origin's budget.
 */
function rateLimitKeys(req: IncomingMessage, origin: string | undefined): { key: string; client: string } {
  const raw = req.headers[SESSION_HEADER];
  const session = typeof raw === 'string' && /^[A-Za-z0-9_.:-]{1,128}$/.test(raw) ? raw : undefined;
  const client = origin !== undefined ? `origin ${origin}` : `address ${req.socket.remoteAddress ?? 'unknown'}`;
  return { key: session === undefined ? client : `${client} session ${session}`, client };
}

async function forward(
  req: IncomingMessage,
  res: ServerResponse,
  config: RelayConfig,
  fetchUpstream: typeof fetch,
  timeouts: TimeoutOptions,
  call: { method: 'GET' | 'POST'; path: '/chat/completions' | '/models'; body?: string },
): Promise<void> {
  const headers: Record<string, string> = {
    accept: typeof req.headers.accept === 'string' ? req.headers.accept.slice(0, 200) : 'application/json',
  };
  if (call.body !== undefined) headers['content-type'] = 'application/json';
  // The server's key wins; a browser-sent key is only relayed when the server has none (e.g. a local server).
  const browserAuthorization = typeof req.headers.authorization === 'string' ? req.headers.authorization : undefined;
  if (config.apiKey !== undefined) headers.authorization = `Bearer ${config.apiKey}`;
  else if (config.upstreamBasicAuth !== undefined) headers.authorization = config.upstreamBasicAuth;
  else if (browserAuthorization !== undefined) headers.authorization = browserAuthorization;
  const secrets =
    browserAuthorization === undefined
      ? config.secrets
      : [...config.secrets, browserAuthorization.replace(/^\S+\s+/, '')];

  const controller = new AbortController();
  // `res` 'close' (not `req` 'close', which fires once the body is read) tells a client disconnect.
  res.once('close', () => {
    if (!res.writableFinished) controller.abort();
  });

  let connectTimedOut = false;
  const connectTimer = setTimeout(() => {
    connectTimedOut = true;
    controller.abort();
  }, timeouts.upstreamConnectMs);
  let upstream: Response;
  try {
    upstream = await fetchUpstream(`${config.baseUrl}${call.path}`, {
      method: call.method,
      headers,
      body: call.body,
      signal: controller.signal,
      // A redirect would carry the key to wherever the upstream points; report it instead.
      redirect: 'manual',
    });
  } catch (error) {
    if (connectTimedOut && !res.destroyed) {
      sendRelayError(
        res,
        504,
        'upstream_timeout',
        `The model server at ${config.displayBaseUrl} did not answer within ${seconds(timeouts.upstreamConnectMs)}.`,
      );
      return;
    }
    if (controller.signal.aborted || res.destroyed) return;
    sendRelayError(
      res,
      502,
      'upstream_unreachable',
      `Could not reach the model server at ${config.displayBaseUrl}: ${redactSecrets(describeFetchError(error), secrets)}`,
    );
    return;
  } finally {
    clearTimeout(connectTimer);
  }

  const idleTimeout = (): void => {
    controller.abort();
    if (!res.destroyed) {
      sendRelayError(res, 504, 'upstream_timeout', silentMessage(config, timeouts));
    }
  };

  if (upstream.status >= 300 && upstream.status < 400) {
    upstream.body?.cancel().catch(() => undefined);
    const location = redactSecrets((upstream.headers.get('location') ?? '').slice(0, 200), secrets);
    sendRelayError(
      res,
      502,
      'upstream_redirect',
      `The model server at ${config.displayBaseUrl} answered with a redirect (HTTP ${upstream.status}${location ? ` to ${location}` : ''}); the relay does not follow redirects. Set OPENAI_BASE_URL to the final address.`,
    );
    return;
  }

  if (!upstream.ok) {
    const text = await readUpstreamBody(upstream.body, MAX_UPSTREAM_ERROR_BYTES, timeouts.upstreamIdleMs);
    if (res.destroyed) return;
    if (text.kind === 'idle') {
      idleTimeout();
      return;
    }
    const reduced = reduceUpstreamError(upstream.status, text.kind === 'text' ? text.text : '', secrets);
    sendJson(res, upstream.status, reduced, retryHeaders(upstream.headers));
    return;
  }

  const passed = passedHeaders(upstream.headers, secrets);
  if (call.path === '/models' && config.allowedModels) {
    const list = await readUpstreamBody(upstream.body, MAX_MODEL_LIST_BYTES, timeouts.upstreamIdleMs);
    if (res.destroyed) return;
    if (list.kind === 'idle') {
      idleTimeout();
      return;
    }
    const { 'content-type': _contentType, ...rest } = passed;
    sendJson(res, 200, allowedModelList(list.kind === 'text' ? list.text : '', config.allowedModels), rest);
    return;
  }

  res.writeHead(upstream.status, {
    ...COMMON_SECURITY_HEADERS,
    ...passed,
    'Cache-Control': 'no-cache',
    // Proxies in front of the relay (nginx) must not buffer the event stream either.
    'X-Accel-Buffering': 'no',
  });
  res.flushHeaders();
  if (upstream.body === null) {
    res.end();
    return;
  }
  const outcome = await pipeWebStream(upstream.body, res, timeouts.upstreamIdleMs);
  if (outcome === 'ended' || outcome === 'client-gone') return;
  controller.abort();
  if (outcome === 'idle' && /^text\/event-stream/i.test(passed['content-type'] ?? '')) {
    // The status is sent already: tell the client in the stream (the openai SDK throws it as an APIError).
    const event = { error: { code: 'upstream_timeout', message: silentMessage(config, timeouts) } };
    res.end(`event: error\ndata: ${JSON.stringify(event)}\n\n`);
    return;
  }
  // A broken stream, not a silently truncated answer.
  res.destroy();
}

function silentMessage(config: RelayConfig, timeouts: TimeoutOptions): string {
  return `The model server at ${config.displayBaseUrl} sent nothing for ${seconds(timeouts.upstreamIdleMs)}; the request was cut off.`;
}

function seconds(ms: number): string {
  return `${Math.round(ms / 100) / 10} s`;
}

/** Allow-listed upstream headers with plain values that carry no secret. */
function passedHeaders(upstreamHeaders: Headers, secrets: readonly string[]): Record<string, string> {
  const passed: Record<string, string> = {};
  for (const name of PASSED_RESPONSE_HEADERS) {
    const value = upstreamHeaders.get(name);
    if (value !== null && /^[\x20-\x7e]{1,200}$/.test(value) && redactSecrets(value, secrets) === value)
      passed[name] = value;
  }
  return passed;
}

/** On an upstream error only the retry hints pass, and only when they are numbers or an HTTP date. */
function retryHeaders(upstreamHeaders: Headers): Record<string, string> {
  const headers: Record<string, string> = {};
  const retryAfter = upstreamHeaders.get('retry-after')?.trim();
  if (
    retryAfter &&
    (/^\d{1,9}(\.\d+)?$/.test(retryAfter) ||
      /^[A-Za-z]{3}, \d{2} [A-Za-z]{3} \d{4} \d{2}:\d{2}:\d{2} GMT$/.test(retryAfter))
  ) {
    headers['Retry-After'] = retryAfter;
  }
  const retryAfterMs = upstreamHeaders.get('retry-after-ms')?.trim();
  if (retryAfterMs && /^\d{1,12}(\.\d+)?$/.test(retryAfterMs)) headers['retry-after-ms'] = retryAfterMs;
  return headers;
}

/** With `RELAY_MODELS` set, the model list shows only what the relay will accept. */
function allowedModelList(text: string, allowed: ReadonlySet<string>): { object: 'list'; data: unknown[] } {
  let list: unknown;
  try {
    list = JSON.parse(text) as unknown;
  } catch {
    list = undefined;
  }
  const upstreamData = isPlainObject(list) && Array.isArray(list.data) ? list.data : [];
  const listed = upstreamData.filter(
    (entry: unknown) => isPlainObject(entry) && typeof entry.id === 'string' && allowed.has(entry.id),
  );
  const listedIds = new Set(listed.map((entry: unknown) => (entry as { id: string }).id));
  // Local servers may not list every model they accept; the allow-list is still the truth.
  for (const id of allowed) if (!listedIds.has(id)) listed.push({ id, object: 'model', created: 0, owned_by: 'relay' });
  return { object: 'list', data: listed };
}

function describeFetchError(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const cause: unknown = error.cause;
  if (cause instanceof Error) {
    const code = (cause as NodeJS.ErrnoException).code;
    return code ? `${code} (${cause.message})` : cause.message;
  }
  return error.message;
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function firstOf(set: ReadonlySet<string> | undefined): string | undefined {
  if (!set) return undefined;
  for (const value of set) return value;
  return undefined;
}

import type { IncomingMessage, ServerResponse } from 'node:http';
import { createRateLimiter } from './create-rate-limiter.js';
import { pipeWebStream } from './pipe-web-stream.js';
import { readJsonBody } from './read-json-body.js';
import { MODEL_NOT_CONFIGURED_MESSAGE, resolveRelayConfig, type RelayConfig } from './resolve-relay-config.js';
import { COMMON_SECURITY_HEADERS } from './security-headers.js';
import { sendJson } from './send-json.js';
import { sendRelayError } from './send-relay-error.js';
import { DEFAULT_RATE_LIMIT, MAX_RELAY_BODY_BYTES, type ServerOptions } from './server-options.js';

/** Handles one request whose path starts with `/v1/`. */
export type RelayHandler = (req: IncomingMessage, res: ServerResponse, pathname: string) => Promise<void>;

/** Upstream response headers worth passing to the browser (never cookies or encodings). */
const PASSED_RESPONSE_HEADERS = [
  'content-type',
  'retry-after',
  'retry-after-ms',
  'x-request-id',
  'openai-processing-ms',
  'x-ratelimit-limit-requests',
  'x-ratelimit-limit-tokens',
  'x-ratelimit-remaining-requests',
  'x-ratelimit-remaining-tokens',
  'x-ratelimit-reset-requests',
  'x-ratelimit-reset-tokens',
];

/**
 * The model relay: `POST /v1/chat/completions` and `GET /v1/models` forwarded to the configured
 * OpenAI-compatible server with the key added here, so the key never reaches the browser.
 */
export function createRelayHandler(
  options: Pick<ServerOptions, 'env' | 'fetch' | 'rateLimit' | 'log'>,
): RelayHandler {
  const config = resolveRelayConfig(options.env);
  const fetchUpstream = options.fetch ?? globalThis.fetch;
  const limiter = createRateLimiter(options.rateLimit ?? DEFAULT_RATE_LIMIT);
  const log = options.log;

  return async (req, res, pathname) => {
    if (log) {
      const startedAt = Date.now();
      res.once('close', () => {
        const note = res.writableFinished ? '' : ' (closed early)';
        log(`${req.method ?? '?'} ${pathname} ${res.statusCode} ${Date.now() - startedAt}ms${note}`);
      });
    }

    const verdict = limiter.hit(req.socket.remoteAddress ?? 'unknown');
    if (!verdict.allowed) {
      sendRelayError(res, 429, 'rate_limited', 'Too many requests to the model relay; retry later.', {
        'Retry-After': String(verdict.retryAfterSeconds),
      });
      return;
    }

    const route = routeOf(pathname);
    if (route === undefined) {
      sendRelayError(res, 404, 'not_found', `The relay serves POST /v1/chat/completions and GET /v1/models, not ${pathname}.`);
      return;
    }
    if (req.method !== route.method) {
      sendRelayError(res, 405, 'method_not_allowed', `${pathname} accepts ${route.method} only.`, { Allow: route.method });
      return;
    }
    if (!config.configured) {
      sendRelayError(res, 503, 'model_not_configured', MODEL_NOT_CONFIGURED_MESSAGE);
      return;
    }

    if (route.upstreamPath === '/models') {
      await forward(req, res, config, fetchUpstream, { method: 'GET', path: '/models' });
      return;
    }

    const body = await readJsonBody(req, MAX_RELAY_BODY_BYTES);
    if (!body.ok) {
      // After a refused oversized body the rest of it is unread: close instead of reusing the socket.
      sendRelayError(res, body.status, body.code, body.message, body.status === 413 ? { Connection: 'close' } : {});
      return;
    }
    if (!isPlainObject(body.value)) {
      sendRelayError(res, 400, 'invalid_request', 'Request body must be a JSON object.');
      return;
    }
    const request: Record<string, unknown> = { ...body.value };
    const named = typeof request.model === 'string' && request.model.trim() !== '' ? request.model : undefined;
    const model = named ?? config.defaultModel ?? firstOf(config.allowedModels);
    if (model !== undefined) request.model = model;
    if (config.allowedModels && (model === undefined || !config.allowedModels.has(model))) {
      const allowed = [...config.allowedModels].join(', ');
      sendRelayError(res, 400, 'model_not_allowed', `Model "${model ?? ''}" is not allowed by this relay. Allowed: ${allowed}.`);
      return;
    }
    await forward(req, res, config, fetchUpstream, {
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

async function forward(
  req: IncomingMessage,
  res: ServerResponse,
  config: RelayConfig,
  fetchUpstream: typeof fetch,
  call: { method: 'GET' | 'POST'; path: '/chat/completions' | '/models'; body?: string },
): Promise<void> {
  const headers: Record<string, string> = {
    accept: typeof req.headers.accept === 'string' ? req.headers.accept : 'application/json',
  };
  if (call.body !== undefined) headers['content-type'] = 'application/json';
  // The server's key wins; a browser-sent key is only relayed when the server has none (e.g. a local server).
  if (config.apiKey !== undefined) headers.authorization = `Bearer ${config.apiKey}`;
  else if (typeof req.headers.authorization === 'string') headers.authorization = req.headers.authorization;

  const controller = new AbortController();
  // `res` 'close' (not `req` 'close', which fires once the body is read) tells a client disconnect.
  res.once('close', () => {
    if (!res.writableFinished) controller.abort();
  });

  let upstream: Response;
  try {
    upstream = await fetchUpstream(`${config.baseUrl}${call.path}`, {
      method: call.method,
      headers,
      body: call.body,
      signal: controller.signal,
    });
  } catch (error) {
    if (controller.signal.aborted || res.destroyed) return;
    sendRelayError(
      res,
      502,
      'upstream_unreachable',
      `Could not reach the model server at ${config.displayBaseUrl}: ${describeFetchError(error)}`,
    );
    return;
  }

  const passed: Record<string, string> = {};
  for (const name of PASSED_RESPONSE_HEADERS) {
    const value = upstream.headers.get(name);
    if (value !== null) passed[name] = value;
  }

  if (call.path === '/models' && config.allowedModels && upstream.ok) {
    await sendAllowedModels(res, upstream, config.allowedModels, passed);
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
  await pipeWebStream(upstream.body, res);
}

/** With `RELAY_MODELS` set, the model list shows only what the relay will accept. */
async function sendAllowedModels(
  res: ServerResponse,
  upstream: Response,
  allowed: ReadonlySet<string>,
  passed: Record<string, string>,
): Promise<void> {
  let list: unknown;
  try {
    list = await upstream.json();
  } catch {
    list = undefined;
  }
  const upstreamData = isPlainObject(list) && Array.isArray(list.data) ? list.data : [];
  const listed = upstreamData.filter((entry: unknown) => isPlainObject(entry) && typeof entry.id === 'string' && allowed.has(entry.id));
  const listedIds = new Set(listed.map((entry: unknown) => (entry as { id: string }).id));
  // Local servers may not list every model they accept; the allow-list is still the truth.
  for (const id of allowed) if (!listedIds.has(id)) listed.push({ id, object: 'model', created: 0, owned_by: 'relay' });
  const { 'content-type': _contentType, ...rest } = passed;
  sendJson(res, 200, { object: 'list', data: listed }, rest);
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

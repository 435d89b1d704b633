import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { buildCompletionChunks, UNSCRIPTED_REPLY, type CompletionIdentity } from './build-completion-chunks.js';
import { buildCompletion } from './build-completion.js';
import { checkProviderRules } from './check-provider-rules.js';
import { floodChunks } from './flood-chunks.js';
import type { MockStep, RecordedRequest, StreamRecord } from './mock-step.js';

export type { MockFlood, MockStep, MockToolCall, ProviderRule, RecordedRequest, StreamRecord } from './mock-step.js';

/** A running mock of an OpenAI-compatible Chat Completions server. */
export interface MockModelServer {
  /** Base URL including `/v1`, e.g. `http://127.0.0.1:41234/v1`. */
  readonly url: string;
  /** Replaces the queue of scripted replies; each POST /v1/chat/completions consumes one step. */
  script(steps: MockStep[]): void;
  /** Chat completion requests received so far, oldest first (a live array, cleared by `reset`). */
  readonly requests: RecordedRequest[];
  /** Clears the queue and the recorded requests, and restarts default ids. */
  reset(): void;
  /** Stops the server, cutting open streams. */
  close(): Promise<void>;
}

/** Options of {@link startMockModel}. */
export interface MockModelOptions {
  /** Port to listen on; default 0 (any free port). */
  port?: number;
  /** Host to bind; default `127.0.0.1`. */
  host?: string;
}

const DEFAULT_ERROR_BODY = { error: { message: 'mock error', type: 'server_error' } };
const MAX_BODY_BYTES = 16 * 1024 * 1024;

/**
 * Starts a mock model server that replies with scripted steps, streamed in the exact SSE shape of the
 * OpenAI Chat Completions API. Control endpoints let browser tests drive it over HTTP:
 * `POST /__mock/script` (body: `MockStep[]`), `GET /__mock/requests`, `POST /__mock/reset`.
 * Every response allows any origin.
 *
 * @example
 * const mock = await startMockModel();
 * mock.script([{ toolCalls: [{ name: 'set_period', arguments: '{"period":"1h"}' }] }, { text: 'Done.' }]);
 * const client = new OpenAI({ baseURL: mock.url, apiKey: 'test' });
 */
export async function startMockModel(options: MockModelOptions = {}): Promise<MockModelServer> {
  let queue: MockStep[] = [];
  const requests: RecordedRequest[] = [];
  let completions = 0;
  /** Call id → the thought signature it was issued with, for the `gemini-3` rule. */
  const signatures = new Map<string, string>();

  const server = http.createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      if (res.headersSent) res.destroy();
      else sendJson(res, 500, { error: { message: `mock failure: ${String(error)}`, type: 'server_error' } });
    });
  });

  async function handle(req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
    setCorsHeaders(req, res);
    const path = (req.url ?? '/').split('?')[0] ?? '/';
    if (req.method === 'OPTIONS') {
      res.writeHead(204, { 'Content-Length': '0' });
      res.end();
      return;
    }
    if (req.method === 'GET' && path === '/v1/models') {
      sendJson(res, 200, {
        object: 'list',
        data: [{ id: 'mock-model', object: 'model', created: 0, owned_by: 'mock' }],
      });
      return;
    }
    if (req.method === 'GET' && path === '/__mock/requests') {
      sendJson(res, 200, requests);
      return;
    }
    if (req.method === 'POST' && path === '/__mock/reset') {
      await readText(req);
      mock.reset();
      sendJson(res, 200, { ok: true });
      return;
    }
    if (req.method === 'POST' && path === '/__mock/script') {
      const parsed = parseJson(await readText(req));
      if (!Array.isArray(parsed) || !parsed.every((step) => typeof step === 'object' && step !== null)) {
        sendJson(res, 400, {
          error: { message: 'POST /__mock/script expects a JSON array of steps', type: 'invalid_request_error' },
        });
        return;
      }
      mock.script(parsed as MockStep[]);
      sendJson(res, 200, { ok: true, queued: parsed.length });
      return;
    }
    if (req.method === 'POST' && path === '/v1/chat/completions') {
      const parsed = parseJson(await readText(req));
      if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
        sendJson(res, 400, { error: { message: 'Invalid JSON body', type: 'invalid_request_error' } });
        return;
      }
      const recorded: RecordedRequest = { at: Date.now(), path, headers: flattenHeaders(req.headers), body: parsed };
      requests.push(recorded);
      await reply(req, res, parsed as Record<string, unknown>, queue.shift() ?? { text: UNSCRIPTED_REPLY }, recorded);
      return;
    }
    sendJson(res, 404, {
      error: { message: `mock: no route for ${req.method ?? '?'} ${path}`, type: 'invalid_request_error' },
    });
  }

  async function reply(
    req: http.IncomingMessage,
    res: http.ServerResponse,
    request: Record<string, unknown>,
    step: MockStep,
    recorded: RecordedRequest,
  ): Promise<void> {
    const headers = step.headers ?? {};
    const broken = step.enforce ? checkProviderRules(request.messages, step.enforce, signatures) : null;
    if (broken) {
      sendJson(res, 400, { error: { message: broken, type: 'invalid_request_error', code: 'invalid_request_error' } });
      return;
    }
    if (step.status !== undefined && step.status !== 200 && step.rawBody !== undefined) {
      res.writeHead(step.status, { 'Content-Type': 'text/plain', ...headers });
      res.end(step.rawBody);
      return;
    }
    if (step.status !== undefined && step.status !== 200) {
      sendJson(res, step.status, step.errorBody ?? DEFAULT_ERROR_BODY, headers);
      return;
    }
    completions += 1;
    const identity: CompletionIdentity = {
      id: `chatcmpl-mock-${completions}`,
      created: Math.floor(Date.now() / 1000),
      model: typeof request.model === 'string' ? request.model : 'mock-model',
    };
    const toolCallIds = (step.toolCalls ?? []).map((call, index) => call.id ?? `call_${completions}_${index}`);
    (step.toolCalls ?? []).forEach((call, index) => {
      const signature = (call.extraContent as { google?: { thought_signature?: unknown } } | undefined)?.google
        ?.thought_signature;
      if (typeof signature === 'string') signatures.set(toolCallIds[index], signature);
    });

    if (request.stream !== true) {
      if (step.hangUpAfterChunks !== undefined) {
        req.socket.destroy();
        return;
      }
      sendJson(res, 200, buildCompletion(step, identity, toolCallIds), headers);
      return;
    }

    const streamOptions = request.stream_options;
    const includeUsage =
      typeof streamOptions === 'object' &&
      streamOptions !== null &&
      (streamOptions as { include_usage?: unknown }).include_usage === true;
    const events = buildCompletionChunks(step, identity, toolCallIds, includeUsage).map(
      (chunk) => `data: ${JSON.stringify(chunk)}\n\n`,
    );
    if (step.streamError) {
      // A provider that fails mid-answer: an `error` object in the stream, then the end.
      events.splice(
        Math.min(step.streamError.afterChunks, events.length),
        events.length,
        `data: ${JSON.stringify({ error: step.streamError.error })}\n\n`,
      );
    } else events.push('data: [DONE]\n\n');
    // A flood goes in before the finish chunk (the usage chunk and `[DONE]` after it), made as it is written.
    const flood = step.flood;
    const tail = flood ? events.splice(events.length - (step.usage && includeUsage ? 3 : 2)) : [];

    res.writeHead(200, {
      'Content-Type': 'text/event-stream; charset=utf-8',
      'Cache-Control': 'no-cache',
      Connection: 'keep-alive',
      ...headers,
    });
    res.flushHeaders();
    const record: StreamRecord = { events: 0, floodChars: 0, finished: false, closedEarly: false };
    recorded.stream = record;
    res.once('close', () => {
      if (!res.writableFinished) record.closedEarly = true;
    });
    let written = 0;
    const hangUpAt = step.hangUpAfterChunks;
    if (hangUpAt === 0) {
      res.socket?.destroy();
      return;
    }
    for (const event of events) {
      if (res.destroyed) return;
      await write(res, event);
      written += 1;
      record.events = written;
      if (hangUpAt !== undefined && written >= hangUpAt) {
        res.socket?.destroy();
        return;
      }
      if (step.chunkDelayMs && written < events.length) await sleepUnlessClosed(res, step.chunkDelayMs);
    }
    if (flood) {
      for (const { chunk, chars } of floodChunks(step, flood, identity, toolCallIds)) {
        if (res.destroyed) return;
        await write(res, `data: ${JSON.stringify(chunk)}\n\n`);
        if (res.destroyed) return;
        record.events = ++written;
        record.floodChars += chars;
        if (step.chunkDelayMs) await sleepUnlessClosed(res, step.chunkDelayMs);
      }
      for (const event of tail) {
        if (res.destroyed) return;
        await write(res, event);
        record.events = ++written;
      }
    }
    res.end(() => {
      record.finished = true;
    });
  }

  let url = '';
  const mock: MockModelServer = {
    get url() {
      return url;
    },
    requests,
    script(steps) {
      queue = [...steps];
    },
    reset() {
      signatures.clear();
      queue = [];
      requests.length = 0;
      // Default tool call ids (`call_<n>_<i>`) restart, so each test sees the same ids.
      completions = 0;
    },
    close() {
      return new Promise((resolveClose) => {
        server.close(() => resolveClose());
        server.closeAllConnections();
      });
    },
  };

  await new Promise<void>((resolveListen, rejectListen) => {
    server.once('error', rejectListen);
    server.listen(options.port ?? 0, options.host ?? '127.0.0.1', () => {
      server.off('error', rejectListen);
      resolveListen();
    });
  });
  const address = server.address() as AddressInfo;
  const host = address.family === 'IPv6' ? `[${address.address}]` : address.address;
  url = `http://${host}:${address.port}/v1`;
  return mock;
}

function setCorsHeaders(req: http.IncomingMessage, res: http.ServerResponse): void {
  res.setHeader('Access-Control-Allow-Origin', '*');
  res.setHeader('Access-Control-Allow-Methods', 'GET, POST, OPTIONS');
  // Echo what the preflight asks for: the openai SDK sends a changing set of x-stainless-* headers.
  const requested = req.headers['access-control-request-headers'];
  res.setHeader(
    'Access-Control-Allow-Headers',
    typeof requested === 'string' && requested.trim() !== ''
      ? requested
      : 'authorization, content-type, accept, openai-organization, openai-project, x-stainless-arch, x-stainless-lang, ' +
          'x-stainless-os, x-stainless-package-version, x-stainless-retry-count, x-stainless-runtime, ' +
          'x-stainless-runtime-version, x-stainless-timeout, x-stainless-helper-method',
  );
  res.setHeader('Access-Control-Expose-Headers', 'retry-after, x-request-id');
  res.setHeader('Access-Control-Max-Age', '600');
}

function sendJson(
  res: http.ServerResponse,
  status: number,
  value: unknown,
  headers: Record<string, string> = {},
): void {
  const body = JSON.stringify(value);
  res.writeHead(status, {
    'Content-Type': 'application/json',
    'Content-Length': String(Buffer.byteLength(body)),
    ...headers,
  });
  res.end(body);
}

function readText(req: http.IncomingMessage): Promise<string> {
  return new Promise((resolveText, rejectText) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_BODY_BYTES) {
        req.destroy();
        rejectText(new Error('request body too large'));
        return;
      }
      chunks.push(chunk);
    });
    req.on('end', () => resolveText(Buffer.concat(chunks).toString('utf8')));
    req.on('error', rejectText);
  });
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

function flattenHeaders(headers: http.IncomingHttpHeaders): Record<string, string> {
  const flat: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) {
    if (value !== undefined) flat[name] = Array.isArray(value) ? value.join(', ') : value;
  }
  return flat;
}

function write(res: http.ServerResponse, text: string): Promise<void> {
  return new Promise((resolveWrite) => {
    // A destroyed response may never call back; its 'close' ends the wait instead.
    const done = (): void => {
      res.off('close', done);
      resolveWrite();
    };
    res.once('close', done);
    res.write(text, done);
  });
}

function sleepUnlessClosed(res: http.ServerResponse, ms: number): Promise<void> {
  return new Promise((resolveSleep) => {
    const timer = setTimeout(done, ms);
    function done(): void {
      clearTimeout(timer);
      res.off('close', done);
      resolveSleep();
    }
    res.once('close', done);
  });
}

import assert from 'node:assert/strict';
import http from 'node:http';
import { tmpdir } from 'node:os';
import { test } from 'node:test';
import { createServer, MODEL_NOT_CONFIGURED_MESSAGE, type ServerOptions } from '../../../src/server/index.js';
import { listen, useFakeUpstream } from './capturing-server.js';
import { withTimeout } from '../wait-for.js';

const KEY = 'sk-test-server-key-1234567890';

function defaultHandler(req: http.IncomingMessage, res: http.ServerResponse): void {
  res.writeHead(200, { 'content-type': 'application/json', 'x-request-id': 'req_1', 'set-cookie': 'a=b' });
  res.end(JSON.stringify({ object: 'chat.completion', ok: true, path: req.url }));
}

const upstream = useFakeUpstream(defaultHandler);

async function startRelay(overrides: Partial<ServerOptions> = {}): Promise<string> {
  const relay = createServer({
    rootDir: tmpdir(),
    env: { OPENAI_API_KEY: KEY, OPENAI_BASE_URL: `${upstream.url}/v1` },
    ...overrides,
  });
  return upstream.serve(relay);
}

function postChat(base: string, body: unknown, headers: Record<string, string> = {}): Promise<Response> {
  return fetch(`${base}/v1/chat/completions`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
}

test('chat completions are forwarded with the server key; the browser key and cookies do not pass', async () => {
  const base = await startRelay({
    env: { OPENAI_API_KEY: KEY, OPENAI_BASE_URL: `${upstream.url}/v1/`, OPENAI_MODEL: 'gpt-test' },
  });
  const res = await postChat(
    base,
    { messages: [{ role: 'user', content: 'hi' }] },
    { authorization: 'Bearer sk-from-browser' },
  );
  assert.equal(res.status, 200);
  assert.deepEqual(await res.json(), { object: 'chat.completion', ok: true, path: '/v1/chat/completions' });
  assert.equal(res.headers.get('x-request-id'), 'req_1');
  assert.equal(res.headers.get('set-cookie'), null);
  const [forwarded] = upstream.requests;
  assert.equal(forwarded?.method, 'POST');
  assert.equal(forwarded?.path, '/v1/chat/completions');
  assert.equal(forwarded?.headers.authorization, `Bearer ${KEY}`);
  // The relay adds its token ceiling when the request names none.
  assert.deepEqual(JSON.parse(forwarded?.body ?? ''), {
    messages: [{ role: 'user', content: 'hi' }],
    model: 'gpt-test',
    max_completion_tokens: 8192,
  });
});

test('a model named by the request is kept over OPENAI_MODEL', async () => {
  const base = await startRelay({
    env: { OPENAI_API_KEY: KEY, OPENAI_BASE_URL: `${upstream.url}/v1`, OPENAI_MODEL: 'gpt-test' },
  });
  await (await postChat(base, { model: 'gpt-chosen', messages: [] })).arrayBuffer();
  assert.equal(JSON.parse(upstream.requests[0]?.body ?? '').model, 'gpt-chosen');
});

test('without a server key (a local server) the browser Authorization is relayed', async () => {
  const base = await startRelay({ env: { OPENAI_BASE_URL: `${upstream.url}/v1` } });
  await (await postChat(base, { model: 'llama3', messages: [] }, { authorization: 'Bearer user-key' })).arrayBuffer();
  assert.equal(upstream.requests[0]?.headers.authorization, 'Bearer user-key');
  await (await postChat(base, { model: 'llama3', messages: [] })).arrayBuffer();
  assert.equal(upstream.requests[1]?.headers.authorization, undefined);
});

test('GET /v1/models is forwarded with the key', async () => {
  upstream.handler = (_req, res) => {
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ object: 'list', data: [{ id: 'gpt-a', object: 'model' }] }));
  };
  const base = await startRelay();
  const res = await fetch(`${base}/v1/models`);
  assert.equal(res.status, 200);
  assert.deepEqual(await res.json(), { object: 'list', data: [{ id: 'gpt-a', object: 'model' }] });
  assert.equal(upstream.requests[0]?.path, '/v1/models');
  assert.equal(upstream.requests[0]?.headers.authorization, `Bearer ${KEY}`);
});

test('SSE streams through chunk by chunk: the first event arrives before the upstream finishes', async () => {
  let release!: () => void;
  const released = new Promise<void>((resolveRelease) => (release = resolveRelease));
  let upstreamFinished = false;
  upstream.handler = (_req, res) => {
    res.writeHead(200, { 'content-type': 'text/event-stream' });
    res.write('data: {"choices":[{"delta":{"content":"Hel"}}]}\n\n');
    void released.then(() => {
      res.write('data: {"choices":[{"delta":{"content":"lo"}}]}\n\n');
      res.end('data: [DONE]\n\n');
      upstreamFinished = true;
    });
  };
  const base = await startRelay();
  const res = await postChat(base, { model: 'm', stream: true, messages: [] });
  assert.equal(res.status, 200);
  assert.equal(res.headers.get('content-type'), 'text/event-stream');
  assert.ok(res.body);
  const reader = res.body.getReader();
  const decoder = new TextDecoder();
  // The upstream holds its second event until we have seen the first: a buffering relay times out here.
  const first = await withTimeout(reader.read(), 2000, 'first SSE chunk through the relay');
  assert.equal(upstreamFinished, false);
  assert.match(decoder.decode(first.value), /"Hel"/);
  release();
  let rest = '';
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    rest += decoder.decode(value, { stream: true });
  }
  assert.match(rest, /"lo"[\s\S]*data: \[DONE\]/);
  assert.equal(upstreamFinished, true);
});

test('a client disconnect aborts the upstream request', async () => {
  let upstreamClosed!: () => void;
  const closed = new Promise<void>((resolveClosed) => (upstreamClosed = resolveClosed));
  upstream.handler = (_req, res) => {
    res.writeHead(200, { 'content-type': 'text/event-stream' });
    const timer = setInterval(() => res.write('data: {"choices":[]}\n\n'), 20);
    res.on('close', () => {
      clearInterval(timer);
      upstreamClosed();
    });
  };
  const base = await startRelay();
  const controller = new AbortController();
  const res = await fetch(`${base}/v1/chat/completions`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ model: 'm', stream: true, messages: [] }),
    signal: controller.signal,
  });
  assert.ok(res.body);
  await res.body.getReader().read();
  controller.abort();
  await withTimeout(closed, 2000, 'upstream connection closed after client abort');
});

test('without a key and without a base URL the relay answers 503 model_not_configured', async () => {
  const base = await startRelay({ env: { OPENAI_MODEL: 'gpt-x', RELAY_MODELS: '' } });
  const chat = await postChat(base, { messages: [] });
  assert.equal(chat.status, 503);
  assert.deepEqual(await chat.json(), {
    error: { code: 'model_not_configured', message: MODEL_NOT_CONFIGURED_MESSAGE },
  });
  const models = await fetch(`${base}/v1/models`);
  assert.equal(models.status, 503);
  await models.arrayBuffer();
  assert.match(MODEL_NOT_CONFIGURED_MESSAGE, /OPENAI_API_KEY[\s\S]*OPENAI_BASE_URL[\s\S]*Ollama/);
  assert.equal(upstream.requests.length, 0);
});

test('a body over 1 MiB is refused with 413, declared or streamed, and never forwarded', async () => {
  const base = await startRelay();
  const big = JSON.stringify({ model: 'm', messages: [{ role: 'user', content: 'x'.repeat(1024 * 1024 + 10) }] });
  const declared = await postChat(base, big);
  assert.equal(declared.status, 413);
  assert.equal(((await declared.json()) as { error: { code: string } }).error.code, 'payload_too_large');

  // Chunked, no Content-Length: refused while the client is still sending.
  const port = Number(new URL(base).port);
  const status = await withTimeout(
    new Promise<number>((resolveStatus, rejectStatus) => {
      const req = http.request(
        {
          host: '127.0.0.1',
          port,
          path: '/v1/chat/completions',
          method: 'POST',
          headers: { 'content-type': 'application/json' },
        },
        (res) => {
          res.resume();
          resolveStatus(res.statusCode ?? 0);
        },
      );
      req.on('error', rejectStatus);
      const piece = Buffer.alloc(64 * 1024, 'x');
      let sent = 0;
      const pump = (): void => {
        while (sent < 4 * 1024 * 1024) {
          sent += piece.length;
          if (!req.write(piece)) {
            req.once('drain', pump);
            return;
          }
        }
        req.end();
      };
      pump();
    }),
    3000,
    '413 on a streamed body',
  );
  assert.equal(status, 413);
  assert.equal(upstream.requests.length, 0);
});

test('invalid JSON is a 400 and is not forwarded', async () => {
  const base = await startRelay();
  const res = await postChat(base, '{"model": "m", ');
  assert.equal(res.status, 400);
  assert.equal(((await res.json()) as { error: { code: string } }).error.code, 'invalid_json');
  const notObject = await postChat(base, '[1,2]');
  assert.equal(notObject.status, 400);
  await notObject.arrayBuffer();
  assert.equal(upstream.requests.length, 0);
});

test('the per-client rate limit answers 429 with Retry-After', async () => {
  const base = await startRelay({ rateLimit: { windowMs: 60_000, max: 2 } });
  for (let i = 0; i < 2; i++) assert.equal((await fetch(`${base}/v1/models`)).status, 200);
  const limited = await postChat(base, { model: 'm', messages: [] });
  assert.equal(limited.status, 429);
  const retryAfter = Number(limited.headers.get('retry-after'));
  assert.ok(retryAfter >= 1 && retryAfter <= 60, `Retry-After was ${retryAfter}`);
  assert.equal(((await limited.json()) as { error: { code: string } }).error.code, 'rate_limited');
  assert.equal(upstream.requests.length, 2);
  // Static files stay outside the limit: the demo page must load however many modules it has.
  const page = await fetch(`${base}/`);
  assert.notEqual(page.status, 429);
  await page.arrayBuffer();
});

test('an unreachable upstream is a 502 naming the base URL, never the key', async () => {
  const dead = http.createServer();
  const deadUrl = await listen(dead);
  await new Promise((resolveClose) => dead.close(resolveClose));
  const lines: string[] = [];
  const base = await startRelay({
    env: { OPENAI_API_KEY: KEY, OPENAI_BASE_URL: `${deadUrl}/v1` },
    log: (line) => lines.push(line),
  });
  const res = await postChat(base, { model: 'm', messages: [] });
  assert.equal(res.status, 502);
  const body = (await res.json()) as { error: { code: string; message: string } };
  assert.equal(body.error.code, 'upstream_unreachable');
  assert.ok(body.error.message.includes(`${deadUrl}/v1`), body.error.message);
  assert.ok(!body.error.message.includes(KEY));
  await new Promise((resolveTick) => setImmediate(resolveTick));
  assert.ok(lines.length > 0);
  assert.ok(lines.every((line) => !line.includes(KEY)));
});

test('upstream error statuses pass through as { error: { code, message } } with Retry-After', async () => {
  upstream.handler = (_req, res) => {
    res.writeHead(429, { 'content-type': 'application/json', 'retry-after': '7', 'x-debug': 'internal' });
    res.end(
      JSON.stringify({
        error: { message: 'Rate limit reached', type: 'requests', code: 'rate_limit_exceeded', param: null },
      }),
    );
  };
  const base = await startRelay();
  const res = await postChat(base, { model: 'm', messages: [] });
  assert.equal(res.status, 429);
  assert.equal(res.headers.get('retry-after'), '7');
  assert.equal(res.headers.get('x-debug'), null);
  assert.deepEqual(await res.json(), { error: { code: 'rate_limit_exceeded', message: 'Rate limit reached' } });

  upstream.handler = (_req, res) => {
    res.writeHead(401, { 'content-type': 'application/json' });
    res.end('{"error":{"message":"Incorrect API key provided"}}');
  };
  const unauthorized = await postChat(base, { model: 'm', messages: [] });
  assert.equal(unauthorized.status, 401);
  assert.deepEqual(await unauthorized.json(), {
    error: { code: 'upstream_http_401', message: 'Incorrect API key provided' },
  });

  upstream.handler = (_req, res) => {
    res.writeHead(502, { 'content-type': 'text/html' });
    res.end('<html><body>Bad gateway from nginx</body></html>');
  };
  const html = await postChat(base, { model: 'm', messages: [] });
  assert.equal(html.status, 502);
  assert.deepEqual(await html.json(), {
    error: { code: 'upstream_http_502', message: 'The model server answered HTTP 502.' },
  });
});

test('RELAY_MODELS refuses other models, fills the default, and narrows the model list', async () => {
  upstream.handler = (req, res) => {
    res.writeHead(200, { 'content-type': 'application/json' });
    if (req.url === '/v1/models')
      res.end(JSON.stringify({ object: 'list', data: [{ id: 'gpt-a' }, { id: 'gpt-secret' }] }));
    else res.end('{}');
  };
  const base = await startRelay({
    env: { OPENAI_API_KEY: KEY, OPENAI_BASE_URL: `${upstream.url}/v1`, RELAY_MODELS: 'gpt-a, gpt-b' },
  });
  const refused = await postChat(base, { model: 'gpt-secret', messages: [] });
  assert.equal(refused.status, 400);
  const body = (await refused.json()) as { error: { code: string; message: string } };
  assert.equal(body.error.code, 'model_not_allowed');
  assert.match(body.error.message, /gpt-secret/);
  assert.equal(upstream.requests.length, 0);

  assert.equal((await postChat(base, { model: 'gpt-b', messages: [] })).status, 200);
  assert.equal((await postChat(base, { messages: [] })).status, 200);
  assert.deepEqual(
    upstream.requests.map((r) => JSON.parse(r.body).model),
    ['gpt-b', 'gpt-a'],
  );

  const models = (await (await fetch(`${base}/v1/models`)).json()) as { data: { id: string }[] };
  assert.deepEqual(
    models.data.map((m) => m.id),
    ['gpt-a', 'gpt-b'],
  );
});

test('other /v1 paths and wrong methods get JSON errors', async () => {
  const base = await startRelay();
  const missing = await fetch(`${base}/v1/embeddings`, { method: 'POST', body: '{}' });
  assert.equal(missing.status, 404);
  assert.equal(((await missing.json()) as { error: { code: string } }).error.code, 'not_found');
  const wrong = await fetch(`${base}/v1/chat/completions`);
  assert.equal(wrong.status, 405);
  assert.equal(wrong.headers.get('allow'), 'POST, OPTIONS');
  await wrong.arrayBuffer();
  assert.equal(upstream.requests.length, 0);
});

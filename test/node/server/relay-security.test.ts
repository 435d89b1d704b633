import assert from 'node:assert/strict';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import http from 'node:http';
import net from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import OpenAI from 'openai';
import { CORS_ALLOWED_HEADERS, createServer, type ServerOptions } from '../../../src/server/index.js';
import { listen, useFakeUpstream } from './capturing-server.js';
import { withTimeout } from '../wait-for.js';

// The relay's security properties, over real HTTP: a real relay on 127.0.0.1:0 in front of a fake
// upstream that records what reached it. "Never forwarded" is asserted on that record.

const KEY = 'sk-proj-SECRETkey0123456789abcdefXYZ';
const ALLOWED = 'http://app.example.com:5173';
const OTHER_LOCAL = 'http://localhost:3000';

interface RawResponse {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
}

let rootDir: string;

function okHandler(_req: http.IncomingMessage, res: http.ServerResponse): void {
  res.writeHead(200, { 'content-type': 'application/json' });
  res.end(JSON.stringify({ object: 'chat.completion', choices: [] }));
}

const upstream = useFakeUpstream(okHandler);

async function startRelay(overrides: Partial<ServerOptions> = {}, env: ServerOptions['env'] = {}): Promise<string> {
  const relay = createServer({
    rootDir,
    env: { OPENAI_API_KEY: KEY, OPENAI_BASE_URL: `${upstream.url}/v1`, RELAY_ALLOWED_ORIGINS: ALLOWED, ...env },
    ...overrides,
  });
  return upstream.serve(relay);
}

/** A raw HTTP request: lets a test set `Host`, `Origin` and `Sec-Fetch-Site` exactly as a browser would. */
function request(
  base: string,
  path: string,
  options: { method?: string; headers?: Record<string, string>; body?: string } = {},
): Promise<RawResponse> {
  const { port } = new URL(base);
  return new Promise((resolveRequest, rejectRequest) => {
    const req = http.request(
      { host: '127.0.0.1', port, path, method: options.method ?? 'GET', headers: options.headers ?? {} },
      (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (body += chunk));
        res.on('end', () => resolveRequest({ status: res.statusCode ?? 0, headers: res.headers, body }));
      },
    );
    req.on('error', rejectRequest);
    req.end(options.body);
  });
}

function postJson(base: string, body: unknown, headers: Record<string, string> = {}): Promise<RawResponse> {
  return request(base, '/v1/chat/completions', {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
}

function codeOf(res: RawResponse): string {
  return (JSON.parse(res.body) as { error: { code: string } }).error.code;
}

before(async () => {
  rootDir = await mkdtemp(join(tmpdir(), 'kline-relay-security-'));
  await mkdir(join(rootDir, 'demo'), { recursive: true });
  await mkdir(join(rootDir, 'dist'), { recursive: true });
  await writeFile(join(rootDir, 'demo', 'index.html'), '<!doctype html><title>demo</title>');
  await writeFile(join(rootDir, 'dist', 'kline-chart.js'), 'export {};');
  await writeFile(join(rootDir, 'dist', 'kline-chart.js.map'), '{"version":3,"sourcesContent":["secret source"]}');
});

after(async () => {
  await rm(rootDir, { recursive: true, force: true });
});

test('a cross-origin text/plain POST (a no-cors fetch from another local page) is refused and never forwarded', async () => {
  const base = await startRelay();
  const expensive = JSON.stringify({
    model: 'gpt-4o',
    n: 128,
    max_tokens: 1e6,
    messages: [{ role: 'user', content: 'spend' }],
  });
  const res = await request(base, '/v1/chat/completions', {
    method: 'POST',
    headers: {
      origin: OTHER_LOCAL,
      'sec-fetch-site': 'same-site',
      'sec-fetch-mode': 'no-cors',
      'content-type': 'text/plain;charset=UTF-8',
    },
    body: expensive,
  });
  assert.equal(res.status, 403);
  assert.equal(codeOf(res), 'origin_not_allowed');
  assert.match(JSON.parse(res.body).error.message, /localhost:3000[\s\S]*RELAY_ALLOWED_ORIGINS/);
  assert.equal(res.headers['access-control-allow-origin'], undefined);

  // Even from the relay's own origin a text/plain body is not JSON to the relay: 415.
  const sameOrigin = await request(base, '/v1/chat/completions', {
    method: 'POST',
    headers: { origin: base, 'content-type': 'text/plain;charset=UTF-8' },
    body: expensive,
  });
  assert.equal(sameOrigin.status, 415);
  assert.equal(codeOf(sameOrigin), 'unsupported_media_type');
  const form = await request(base, '/v1/chat/completions', {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: 'a=b',
  });
  assert.equal(form.status, 415);
  assert.equal(upstream.requests.length, 0);
});

test('a foreign Origin, or a cross-site request without one, is refused with a JSON 403', async () => {
  const base = await startRelay();
  const foreign = await postJson(base, { messages: [] }, { origin: 'https://evil.example' });
  assert.equal(foreign.status, 403);
  assert.equal(codeOf(foreign), 'origin_not_allowed');
  assert.equal(foreign.headers['content-type'], 'application/json; charset=utf-8');

  // A no-cors GET sends no Origin, but the browser still says where it comes from.
  for (const site of ['cross-site', 'same-site']) {
    const res = await request(base, '/v1/models', { headers: { 'sec-fetch-site': site, 'sec-fetch-mode': 'no-cors' } });
    assert.equal(res.status, 403, site);
    assert.equal(codeOf(res), 'origin_not_allowed');
  }
  const nullOrigin = await postJson(base, { messages: [] }, { origin: 'null' });
  assert.equal(nullOrigin.status, 403);
  // A look-alike of the allowed origin (other scheme, other port) is another origin.
  for (const lookAlike of [
    'https://app.example.com:5173',
    'http://app.example.com',
    'http://app.example.com:5173.evil.example',
  ]) {
    assert.equal((await postJson(base, { messages: [] }, { origin: lookAlike })).status, 403, lookAlike);
  }
  assert.equal(upstream.requests.length, 0);
});

test('a Host the server was not started for (DNS rebinding) is refused, on the relay and the pages', async () => {
  const base = await startRelay();
  const { port } = new URL(base);
  for (const path of ['/v1/models', '/']) {
    const res = await request(base, path, { headers: { host: `rebind.evil.example:${port}` } });
    assert.equal(res.status, 421, path);
    assert.match(res.body, /rebind\.evil\.example[\s\S]*RELAY_ALLOWED_HOSTS/);
  }
  // Same-origin by the Origin header is no excuse: the attacker's page is same-origin with itself.
  const rebound = await postJson(
    base,
    { messages: [] },
    { host: `rebind.evil.example:${port}`, origin: `http://rebind.evil.example:${port}` },
  );
  assert.equal(rebound.status, 421);
  assert.equal(codeOf(rebound), 'host_not_allowed');
  // The right name on the wrong port is not this server either.
  assert.equal((await request(base, '/v1/models', { headers: { host: 'localhost:1' } })).status, 421);
  assert.equal(upstream.requests.length, 0);

  for (const host of [`localhost:${port}`, `127.0.0.1:${port}`, `[::1]:${port}`]) {
    const res = await request(base, '/v1/models', { headers: { host } });
    assert.equal(res.status, 200, host);
  }
  const proxied = await startRelay({}, { RELAY_ALLOWED_HOSTS: 'chart.example.com, other.example:8443' });
  assert.equal((await request(proxied, '/v1/models', { headers: { host: 'chart.example.com' } })).status, 200);
  assert.equal((await request(proxied, '/v1/models', { headers: { host: 'other.example:8443' } })).status, 200);
  assert.equal((await request(proxied, '/v1/models', { headers: { host: 'other.example:9000' } })).status, 421);
});

test('same-origin pages, allow-listed origins and non-browser clients are served', async () => {
  const base = await startRelay();
  const { port } = new URL(base);
  const same = await postJson(base, { messages: [] }, { origin: base, 'sec-fetch-site': 'same-origin' });
  assert.equal(same.status, 200);
  assert.equal(same.headers['access-control-allow-origin'], undefined);
  const viaLocalhost = await postJson(
    base,
    { messages: [] },
    { host: `localhost:${port}`, origin: `http://localhost:${port}` },
  );
  assert.equal(viaLocalhost.status, 200);
  // A same-origin GET carries no Origin, only Sec-Fetch-Site.
  assert.equal((await request(base, '/v1/models', { headers: { 'sec-fetch-site': 'same-origin' } })).status, 200);

  const allowed = await postJson(base, { messages: [] }, { origin: ALLOWED, 'sec-fetch-site': 'cross-site' });
  assert.equal(allowed.status, 200);
  assert.equal(allowed.headers['access-control-allow-origin'], ALLOWED);
  assert.equal(allowed.headers.vary, 'Origin');
  assert.match(String(allowed.headers['access-control-expose-headers']), /retry-after/);

  // curl or a server-side client: no Origin, no Sec-Fetch-Site.
  assert.equal((await postJson(base, { messages: [] })).status, 200);
  assert.equal(upstream.requests.length, 5);
});

test('CORS preflight: the allowed origin gets its exact origin and the SDK headers, another origin nothing', async () => {
  const base = await startRelay();
  const preflight = await request(base, '/v1/chat/completions', {
    method: 'OPTIONS',
    headers: {
      origin: ALLOWED,
      'access-control-request-method': 'POST',
      'access-control-request-headers': 'authorization,content-type,x-stainless-os',
    },
  });
  assert.equal(preflight.status, 204);
  assert.equal(preflight.headers['access-control-allow-origin'], ALLOWED);
  assert.equal(preflight.headers.vary, 'Origin');
  assert.equal(preflight.headers['access-control-allow-methods'], 'GET, POST, OPTIONS');
  const listed = String(preflight.headers['access-control-allow-headers'])
    .split(/,\s*/)
    .map((h) => h.toLowerCase());
  for (const name of [
    'authorization',
    'content-type',
    'x-kline-session',
    'x-stainless-arch',
    'x-stainless-lang',
    'x-stainless-os',
    'x-stainless-package-version',
    'x-stainless-retry-count',
    'x-stainless-runtime',
    'x-stainless-runtime-version',
    'x-stainless-timeout',
    'x-stainless-helper-method',
  ]) {
    assert.ok(listed.includes(name), `${name} missing from ${listed.join(', ')}`);
  }
  assert.ok(!listed.includes('*'));

  const other = await request(base, '/v1/chat/completions', {
    method: 'OPTIONS',
    headers: { origin: 'https://evil.example', 'access-control-request-method': 'POST' },
  });
  assert.equal(other.status, 403);
  for (const name of Object.keys(other.headers))
    assert.ok(!name.startsWith('access-control-'), `${name} sent to a foreign origin`);
  assert.equal(upstream.requests.length, 0);
});

test('every header the openai SDK sends is in the preflight list', async () => {
  const seen: Headers[] = [];
  const client = new OpenAI({
    baseURL: 'http://127.0.0.1:9/v1',
    apiKey: 'relay',
    maxRetries: 0,
    fetch: async (_url, init) => {
      seen.push(new Headers(init?.headers));
      return new Response(JSON.stringify({ id: 'x', object: 'chat.completion', created: 0, model: 'm', choices: [] }), {
        headers: { 'content-type': 'application/json' },
      });
    },
  });
  await client.chat.completions.create({ model: 'm', messages: [] });
  assert.equal(seen.length, 1);
  const allowed = new Set(CORS_ALLOWED_HEADERS.map((h) => h.toLowerCase()));
  // user-agent is only sent outside a browser, accept is CORS-safelisted.
  const sent = [...(seen[0]?.keys() ?? [])].filter((name) => name !== 'user-agent' && name !== 'accept');
  assert.ok(sent.some((name) => name.startsWith('x-stainless-')));
  for (const name of sent) assert.ok(allowed.has(name), `the SDK sends ${name}, which a preflight would refuse`);
});

test('cost is capped: n dropped (1), max tokens clamped, unknown fields dropped', async () => {
  const base = await startRelay({}, { RELAY_MAX_TOKENS: '1000' });
  const res = await postJson(base, {
    model: 'gpt-4o',
    messages: [{ role: 'user', content: 'hi' }],
    n: 128,
    max_tokens: 1e6,
    max_completion_tokens: 50,
    temperature: 0.2,
    tools: [{ type: 'function', function: { name: 'f', parameters: {} } }],
    stream: true,
    stream_options: { include_usage: true },
    service_tier: 'priority',
    web_search_options: {},
    store: true,
    evil_extension: { spend: 'everything' },
  });
  assert.equal(res.status, 200);
  assert.equal(upstream.requests.length, 1);
  assert.deepEqual(JSON.parse(upstream.requests[0]?.body ?? ''), {
    model: 'gpt-4o',
    messages: [{ role: 'user', content: 'hi' }],
    max_tokens: 1000,
    max_completion_tokens: 50,
    temperature: 0.2,
    tools: [{ type: 'function', function: { name: 'f', parameters: {} } }],
    stream: true,
    stream_options: { include_usage: true },
  });

  // A non-number limit becomes the ceiling; no limit at all gets the ceiling as max_completion_tokens.
  await postJson(base, { model: 'm', messages: [], max_tokens: '999999' });
  assert.equal(JSON.parse(upstream.requests[1]?.body ?? '').max_tokens, 1000);
  await postJson(base, { model: 'm', messages: [] });
  assert.equal(JSON.parse(upstream.requests[2]?.body ?? '').max_completion_tokens, 1000);
});

test('media the model server would fetch itself (an image URL) is refused and never forwarded; data: URLs pass', async () => {
  const base = await startRelay();
  const image = (url: string) => ({
    model: 'gpt-4o',
    messages: [
      { role: 'user', content: 'look' },
      {
        role: 'user',
        content: [
          { type: 'text', text: 'The chart image:' },
          { type: 'image_url', image_url: { url } },
        ],
      },
    ],
  });
  // A local model server fetching these would reach the relay's own network (cloud metadata, intranet hosts).
  for (const url of [
    'http://169.254.169.254/latest/meta-data/',
    'https://evil.example/x.png?chat=secret',
    ' //10.0.0.1/',
  ]) {
    const res = await postJson(base, image(url));
    assert.equal(res.status, 400, url);
    assert.equal(codeOf(res), 'invalid_request');
    assert.match(JSON.parse(res.body).error.message, /data: URLs/);
  }
  const other = await postJson(base, {
    model: 'gpt-4o',
    messages: [{ role: 'user', content: [{ type: 'video_url', video_url: { url: 'http://10.0.0.1/v.mp4' } }] }],
  });
  assert.equal(other.status, 400);
  assert.equal(upstream.requests.length, 0);
  // What the panel sends (a captured chart as a data: URL) is forwarded as it was.
  const ok = await postJson(base, image('data:image/png;base64,iVBORw0KGgo='));
  assert.equal(ok.status, 200);
  assert.equal(upstream.requests.length, 1);
  assert.equal(
    JSON.parse(upstream.requests[0]?.body ?? '').messages[1].content[1].image_url.url,
    'data:image/png;base64,iVBORw0KGgo=',
  );
});

test('media URLs in other part shapes that OpenAI-compatible servers fetch (frame lists, audio data, nested sources) are refused too', async () => {
  const base = await startRelay();
  const parts: unknown[] = [
    // Qwen-VL's video as a list of frame URLs (DashScope compatible mode).
    { type: 'video', video: ['http://10.0.0.1/1.jpg', 'http://10.0.0.1/2.jpg'] },
    // Qwen-Omni's audio given by URL in input_audio.data.
    { type: 'input_audio', input_audio: { data: 'https://169.254.169.254/a.wav', format: 'wav' } },
    // Anthropic-style image source by URL; a file part naming a URL.
    { type: 'image', source: { type: 'url', url: 'http://intranet.local/x.png' } },
    { type: 'file', file: { file_data: 'ftp://10.0.0.2/report.pdf', filename: 'r.pdf' } },
  ];
  for (const part of parts) {
    const res = await postJson(base, { model: 'gpt-4o', messages: [{ role: 'user', content: [part] }] });
    assert.equal(res.status, 400, JSON.stringify(part));
    assert.equal(codeOf(res), 'invalid_request');
  }
  assert.equal(upstream.requests.length, 0);
  // A text part may talk about URLs; base64 audio data, a data: URL and a file name are no address: forwarded.
  const ok = await postJson(base, {
    model: 'gpt-4o',
    messages: [
      {
        role: 'user',
        content: [
          { type: 'text', text: 'https://example.com/ is down, see http://10.0.0.1/' },
          { type: 'input_audio', input_audio: { data: 'UklGRiQAAABXQVZF', format: 'wav' } },
          { type: 'file', file: { file_data: 'data:application/pdf;base64,JVBERi0=', filename: 'report:2024.pdf' } },
        ],
      },
    ],
  });
  assert.equal(ok.status, 200);
  assert.equal(upstream.requests.length, 1);
});

test('an upstream echoing the Authorization header never shows the key to the client', async () => {
  upstream.handler = (req, res) => {
    const auth = String(req.headers.authorization);
    if (req.url === '/v1/models') {
      res.writeHead(401, { 'content-type': 'text/plain', 'x-echo-authorization': auth, 'www-authenticate': auth });
      res.end(`Invalid credentials: ${auth} (key ${auth.slice(7, 27)}…)`);
      return;
    }
    res.writeHead(400, { 'content-type': 'application/json', 'x-echo-authorization': auth });
    res.end(
      JSON.stringify({
        error: {
          message: `Bad request; you sent Authorization: ${auth} and api_key=${KEY}`,
          code: KEY,
          type: 'invalid_request_error',
        },
        request: { headers: req.headers },
      }),
    );
  };
  const base = await startRelay();
  const chat = await postJson(base, { model: 'm', messages: [] });
  assert.equal(chat.status, 400);
  const parsed = JSON.parse(chat.body) as { error: Record<string, unknown> };
  assert.deepEqual(Object.keys(parsed), ['error']);
  assert.deepEqual(Object.keys(parsed.error).sort(), ['code', 'message']);
  assert.equal(parsed.error.code, 'invalid_request_error');
  assert.match(String(parsed.error.message), /^Bad request; you sent Authorization: Bearer \[redacted\]/);

  const models = await request(base, '/v1/models');
  assert.equal(models.status, 401);
  for (const res of [chat, models]) {
    const everything = `${JSON.stringify(res.headers)}\n${res.body}`;
    assert.ok(!everything.includes(KEY), everything);
    assert.ok(!everything.includes(KEY.slice(7, 27)), `a piece of the key leaked: ${everything}`);
    assert.equal(res.headers['x-echo-authorization'], undefined);
    assert.equal(res.headers['www-authenticate'], undefined);
  }
  // Long messages are cut to a sane length.
  upstream.handler = (_req, res) => {
    res.writeHead(500, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ error: { message: 'boom '.repeat(10_000) } }));
  };
  const long = await postJson(base, { model: 'm', messages: [] });
  assert.equal(long.status, 500);
  assert.ok((JSON.parse(long.body) as { error: { message: string } }).error.message.length <= 500);
});

test('credentials in OPENAI_BASE_URL never appear in a 502, a log line, or the upstream URL', async () => {
  const dead = http.createServer();
  const deadUrl = await listen(dead);
  await new Promise((resolveClose) => dead.close(resolveClose));
  const withCredentials = deadUrl.replace('http://', 'http://alice:s3cr3t-Passw0rd@');
  const lines: string[] = [];
  const base = await startRelay({ log: (line) => lines.push(line) }, { OPENAI_BASE_URL: `${withCredentials}/v1` });
  const res = await postJson(base, { model: 'm', messages: [] });
  assert.equal(res.status, 502);
  assert.equal(codeOf(res), 'upstream_unreachable');
  assert.ok(res.body.includes(`${deadUrl}/v1`), res.body);
  await new Promise((resolveTick) => setImmediate(resolveTick));
  for (const text of [res.body, ...lines]) {
    assert.ok(!text.includes('s3cr3t-Passw0rd'), text);
    assert.ok(!text.includes('alice'), text);
  }

  // Against a live upstream the credentials become Basic auth (without a key), never part of the URL.
  const live = await startRelay(
    {},
    { OPENAI_API_KEY: '', OPENAI_BASE_URL: `${upstream.url.replace('http://', 'http://alice:s3cr3t-Passw0rd@')}/v1` },
  );
  assert.equal((await postJson(live, { model: 'm', messages: [] })).status, 200);
  assert.equal(upstream.requests[0]?.path, '/v1/chat/completions');
  assert.equal(
    upstream.requests[0]?.headers.authorization,
    `Basic ${Buffer.from('alice:s3cr3t-Passw0rd').toString('base64')}`,
  );
});

test('an upstream redirect is reported as a 502, never followed with the key', async () => {
  const elsewhere: http.IncomingHttpHeaders[] = [];
  const other = http.createServer((req, res) => {
    elsewhere.push(req.headers);
    res.end('{}');
  });
  const otherUrl = await upstream.serve(other);
  upstream.handler = (_req, res) => {
    res.writeHead(307, { location: `${otherUrl}/v1/chat/completions` });
    res.end();
  };
  const base = await startRelay();
  const res = await postJson(base, { model: 'm', messages: [] });
  assert.equal(res.status, 502);
  assert.equal(codeOf(res), 'upstream_redirect');
  assert.match(
    JSON.parse(res.body).error.message,
    /HTTP 307 to http:\/\/127\.0\.0\.1:\d+\/v1\/chat\/completions[\s\S]*OPENAI_BASE_URL/,
  );
  assert.equal(elsewhere.length, 0);
});

test('a silent upstream is cut off with 504 after the configured connect timeout', async () => {
  let held: http.ServerResponse | undefined;
  upstream.handler = (_req, res) => {
    held = res; // never answers
  };
  const base = await startRelay({ timeouts: { upstreamConnectMs: 300 } });
  const res = await withTimeout(postJson(base, { model: 'm', messages: [] }), 5000, '504 from a silent upstream');
  assert.equal(res.status, 504);
  assert.equal(codeOf(res), 'upstream_timeout');
  assert.match(JSON.parse(res.body).error.message, /did not answer within 0\.3 s/);
  assert.ok(held);
  // The relay gave up on the upstream connection too.
  await withTimeout(
    new Promise<void>((resolveClosed) =>
      held?.destroyed ? resolveClosed() : held?.once('close', () => resolveClosed()),
    ),
    2000,
    'upstream connection closed',
  );

  // An error status whose body never finishes is cut off by the idle timeout.
  upstream.handler = (_req, res) => {
    res.writeHead(500, { 'content-type': 'application/json' });
    res.write('{"error":');
  };
  const idle = await startRelay({ timeouts: { upstreamIdleMs: 300 } });
  const stalled = await withTimeout(
    postJson(idle, { model: 'm', messages: [] }),
    5000,
    '504 from a stalled error body',
  );
  assert.equal(stalled.status, 504);
  assert.match(JSON.parse(stalled.body).error.message, /sent nothing for 0\.3 s/);
});

test('an upstream that goes silent mid-stream ends the SSE stream with an error event', async () => {
  upstream.handler = (_req, res) => {
    res.writeHead(200, { 'content-type': 'text/event-stream' });
    res.write('data: {"choices":[{"delta":{"content":"Hel"}}]}\n\n');
    // …and nothing more.
  };
  const base = await startRelay({ timeouts: { upstreamIdleMs: 300 } });
  const res = await withTimeout(
    postJson(base, { model: 'm', stream: true, messages: [] }),
    5000,
    'stream ended after silence',
  );
  assert.equal(res.status, 200);
  assert.match(res.body, /"Hel"/);
  assert.match(
    res.body,
    /event: error\ndata: \{"error":\{"code":"upstream_timeout","message":"The model server at [^"]+ sent nothing for 0\.3 s/,
  );
});

test('a stream that lasts longer than the request timeouts is not cut (they cover receiving the request only)', async () => {
  upstream.handler = (_req, res) => {
    res.writeHead(200, { 'content-type': 'text/event-stream' });
    let sent = 0;
    const timer = setInterval(() => {
      res.write(`data: {"n":${sent}}\n\n`);
      if (++sent === 12) {
        clearInterval(timer);
        res.end('data: [DONE]\n\n');
      }
    }, 100);
    res.on('close', () => clearInterval(timer));
  };
  const base = await startRelay({ timeouts: { headersMs: 200, requestMs: 300, upstreamIdleMs: 2000 } });
  const res = await withTimeout(postJson(base, { model: 'm', stream: true, messages: [] }), 10_000, 'long stream');
  assert.equal(res.status, 200);
  assert.match(res.body, /"n":11[\s\S]*data: \[DONE\]/);
});

test('a request body that trickles in too slowly gets 408 and is never forwarded', async () => {
  const base = await startRelay({ timeouts: { bodyMs: 300 } });
  const { port } = new URL(base);
  const socket = net.connect(Number(port), '127.0.0.1');
  const answer = new Promise<string>((resolveAnswer) => {
    let text = '';
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => (text += chunk));
    socket.on('close', () => resolveAnswer(text));
  });
  socket.write(
    `POST /v1/chat/completions HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{"model":`,
  );
  const text = await withTimeout(answer, 5000, '408 for a slow body');
  assert.match(text, /^HTTP\/1\.1 408 /);
  assert.match(text, /"code":"request_timeout"/);
  assert.equal(upstream.requests.length, 0);
});

test('request headers that never finish are cut off by the server', async () => {
  const base = await startRelay({ timeouts: { headersMs: 200, requestMs: 400 } });
  const { port } = new URL(base);
  const socket = net.connect(Number(port), '127.0.0.1');
  const closed = new Promise<string>((resolveClosed) => {
    let text = '';
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => (text += chunk));
    socket.on('close', () => resolveClosed(text));
  });
  socket.write(`GET /v1/models HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nX-Slow: `);
  const text = await withTimeout(closed, 5000, 'connection closed for slow headers');
  assert.match(text, /^HTTP\/1\.1 408 /);
  assert.equal(upstream.requests.length, 0);
});

test('source maps are 404 by default; frame-ancestors and X-Frame-Options are on every response', async () => {
  const base = await startRelay();
  const map = await request(base, '/dist/kline-chart.js.map');
  assert.equal(map.status, 404);
  assert.ok(!map.body.includes('secret source'));
  assert.equal((await request(base, '/dist/kline-chart.js')).status, 200);

  for (const path of ['/', '/dist/kline-chart.js', '/v1/models', '/nope']) {
    const res = await request(base, path);
    const csp = String(res.headers['content-security-policy']);
    assert.match(csp, new RegExp(`frame-ancestors 'self' ${ALLOWED.replace(/[.:/]/g, '\\$&')}(;|$)`), path);
    assert.equal(res.headers['x-frame-options'], 'SAMEORIGIN', path);
    const connect = /connect-src ([^;]*)/.exec(csp)?.[1] ?? '';
    assert.deepEqual(connect.split(' '), ["'self'", 'https://api.binance.com', 'wss://stream.binance.com:9443'], path);
  }
});

test('the rate limit is per origin (and session): one page exhausting its budget does not lock out another', async () => {
  const second = 'https://cms.example.org';
  const base = await startRelay(
    { rateLimit: { windowMs: 60_000, max: 2, errorMax: 2 } },
    { RELAY_ALLOWED_ORIGINS: `${ALLOWED} ${second}` },
  );
  for (let i = 0; i < 2; i++) assert.equal((await postJson(base, { messages: [] }, { origin: ALLOWED })).status, 200);
  const limited = await postJson(base, { messages: [] }, { origin: ALLOWED });
  assert.equal(limited.status, 429);
  assert.ok(Number(limited.headers['retry-after']) >= 1);
  assert.equal(limited.headers['access-control-allow-origin'], ALLOWED, 'the page can read its 429');
  assert.equal((await postJson(base, { messages: [] }, { origin: second })).status, 200);
  // A panel session of the exhausted origin has a budget of its own.
  assert.equal((await postJson(base, { messages: [] }, { origin: ALLOWED, 'x-kline-session': 'tab-2' })).status, 200);
  assert.equal(upstream.requests.length, 4);
});

test('made-up session ids cannot multiply an origin budget beyond its ceiling', async () => {
  const base = await startRelay({ rateLimit: { windowMs: 60_000, max: 2, originMax: 3 } });
  const statuses: number[] = [];
  for (let i = 0; i < 5; i++)
    statuses.push((await postJson(base, { messages: [] }, { origin: ALLOWED, 'x-kline-session': `fake-${i}` })).status);
  assert.deepEqual(statuses, [200, 200, 200, 429, 429]);
  assert.equal(upstream.requests.length, 3);
});

test('requests ending in errors spend a smaller budget of their own, without throttling other clients', async () => {
  const second = 'https://cms.example.org';
  upstream.handler = (_req, res) => {
    res.writeHead(500, { 'content-type': 'application/json' });
    res.end('{"error":{"message":"upstream exploded"}}');
  };
  const base = await startRelay(
    { rateLimit: { windowMs: 60_000, max: 10, errorMax: 2 } },
    { RELAY_ALLOWED_ORIGINS: `${ALLOWED} ${second}` },
  );
  for (let i = 0; i < 2; i++) assert.equal((await postJson(base, { messages: [] }, { origin: ALLOWED })).status, 500);
  const throttled = await postJson(base, { messages: [] }, { origin: ALLOWED });
  assert.equal(throttled.status, 429);
  assert.match(JSON.parse(throttled.body).error.message, /failed requests/);
  assert.equal(upstream.requests.length, 2);

  upstream.handler = okHandler;
  assert.equal((await postJson(base, { messages: [] }, { origin: second })).status, 200);
  assert.equal((await postJson(base, { messages: [] }, { origin: second })).status, 200);
  assert.equal(
    (await postJson(base, { messages: [] }, { origin: second })).status,
    200,
    'successes do not spend the error budget',
  );
});

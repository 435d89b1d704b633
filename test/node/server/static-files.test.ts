import assert from 'node:assert/strict';
import { mkdir, mkdtemp, rm, symlink, writeFile } from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { CONTENT_SECURITY_POLICY, createServer } from '../../../src/server/index.js';

const SECRET = 'TOP-SECRET-CONTENT';
let rootDir: string;
let server: http.Server;
let base: string;

async function listen(s: http.Server): Promise<string> {
  await new Promise<void>((resolveListen) => s.listen(0, '127.0.0.1', resolveListen));
  return `http://127.0.0.1:${(s.address() as AddressInfo).port}`;
}

/** A raw request, so the path reaches the server exactly as written (fetch would normalise `..`). */
function rawGet(
  target: string,
  port: number,
): Promise<{ status: number; body: string; headers: http.IncomingHttpHeaders }> {
  return new Promise((resolveGet, rejectGet) => {
    const req = http.request({ host: '127.0.0.1', port, path: target, method: 'GET' }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (body += chunk));
      res.on('end', () => resolveGet({ status: res.statusCode ?? 0, body, headers: res.headers }));
    });
    req.on('error', rejectGet);
    req.end();
  });
}

before(async () => {
  rootDir = await mkdtemp(join(tmpdir(), 'kline-static-'));
  await mkdir(join(rootDir, 'demo', 'sub'), { recursive: true });
  await mkdir(join(rootDir, 'dist'), { recursive: true });
  await mkdir(join(rootDir, 'node_modules', 'lit'), { recursive: true });
  await writeFile(join(rootDir, 'demo', 'index.html'), '<!doctype html><title>demo</title>');
  await writeFile(join(rootDir, 'demo', 'app.js'), 'export const x = 1;');
  await writeFile(join(rootDir, 'demo', 'style.css'), 'body{}');
  await writeFile(join(rootDir, 'demo', 'bars.csv'), 'time,open\n');
  await writeFile(join(rootDir, 'demo', 'bars.json'), '[]');
  await writeFile(join(rootDir, 'demo', 'icon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  await writeFile(join(rootDir, 'demo', 'shot.png'), Buffer.from([0x89, 0x50, 0x4e, 0x47]));
  await writeFile(join(rootDir, 'demo', 'sub', 'index.html'), '<p>sub page</p>');
  await writeFile(join(rootDir, 'demo', '.env'), `OPENAI_API_KEY=${SECRET}`);
  await writeFile(join(rootDir, 'dist', 'kline-chart.js'), 'export class KlineChart {}');
  await writeFile(join(rootDir, 'dist', 'kline-chart.js.map'), '{"version":3}');
  await writeFile(join(rootDir, 'node_modules', 'lit', 'index.js'), 'export {};');
  await writeFile(join(rootDir, 'secret.txt'), SECRET);
  await symlink(join(rootDir, 'secret.txt'), join(rootDir, 'demo', 'link.txt'));
  server = createServer({ rootDir, env: {} });
  base = await listen(server);
});

after(async () => {
  server.closeAllConnections();
  await new Promise((resolveClose) => server.close(resolveClose));
  await rm(rootDir, { recursive: true, force: true });
});

test('the demo page is served at / and /demo/ with the strict CSP and security headers', async () => {
  for (const path of ['/', '/demo/', '/index.html', '/?symbol=BTCUSDT']) {
    const res = await fetch(`${base}${path}`);
    assert.equal(res.status, 200, path);
    assert.equal(await res.text(), '<!doctype html><title>demo</title>');
    assert.equal(res.headers.get('content-type'), 'text/html; charset=utf-8');
    assert.equal(res.headers.get('content-security-policy'), CONTENT_SECURITY_POLICY);
    assert.equal(res.headers.get('x-content-type-options'), 'nosniff');
    assert.equal(res.headers.get('referrer-policy'), 'no-referrer');
  }
  assert.match(CONTENT_SECURITY_POLICY, /script-src 'self';/);
  assert.doesNotMatch(CONTENT_SECURITY_POLICY, /unsafe-eval/);
  assert.doesNotMatch(CONTENT_SECURITY_POLICY, /unsafe-inline/);
  assert.match(CONTENT_SECURITY_POLICY, /style-src 'self';/);
  // demo/frames.html frames the chart page of a second local server.
  assert.match(CONTENT_SECURITY_POLICY, /frame-src 'self' http:\/\/localhost:\*/);
});

test('source maps are 404 unless RELAY_SOURCE_MAPS=1', async () => {
  const hidden = await fetch(`${base}/dist/kline-chart.js.map`);
  assert.equal(hidden.status, 404);
  assert.equal(await hidden.text(), 'Not found\n');
  const encoded = await fetch(`${base}/dist/kline-chart.js.%6dap`);
  assert.equal(encoded.status, 404);
  await encoded.arrayBuffer();

  const open = createServer({ rootDir, env: { RELAY_SOURCE_MAPS: '1' } });
  const openBase = await listen(open);
  try {
    const res = await fetch(`${openBase}/dist/kline-chart.js.map`);
    assert.equal(res.status, 200);
    assert.equal(res.headers.get('content-type'), 'application/json; charset=utf-8');
    assert.equal(await res.text(), '{"version":3}');
  } finally {
    open.closeAllConnections();
    await new Promise((resolveClose) => open.close(resolveClose));
  }
});

test('files get their content types; dist/ is served at /dist/', async () => {
  const expected: Record<string, string> = {
    '/app.js': 'text/javascript; charset=utf-8',
    '/demo/app.js': 'text/javascript; charset=utf-8',
    '/style.css': 'text/css; charset=utf-8',
    '/bars.csv': 'text/csv; charset=utf-8',
    '/bars.json': 'application/json; charset=utf-8',
    '/icon.svg': 'image/svg+xml',
    '/shot.png': 'image/png',
    '/dist/kline-chart.js': 'text/javascript; charset=utf-8',
  };
  for (const [path, type] of Object.entries(expected)) {
    const res = await fetch(`${base}${path}`);
    assert.equal(res.status, 200, path);
    assert.equal(res.headers.get('content-type'), type, path);
    assert.equal(res.headers.get('x-content-type-options'), 'nosniff', path);
    assert.equal(res.headers.get('content-security-policy'), CONTENT_SECURITY_POLICY, path);
    await res.arrayBuffer();
  }
  assert.equal(await (await fetch(`${base}/dist/kline-chart.js`)).text(), 'export class KlineChart {}');
});

test('directories serve index.html, and redirect to the trailing-slash URL first', async () => {
  const page = await fetch(`${base}/sub/`);
  assert.equal(await page.text(), '<p>sub page</p>');
  for (const [path, location] of [
    ['/sub', '/sub/'],
    ['/demo', '/demo/'],
    ['/demo/sub?x=1', '/demo/sub/?x=1'],
  ] as const) {
    const res = await fetch(`${base}${path}`, { redirect: 'manual' });
    assert.equal(res.status, 301, path);
    assert.equal(res.headers.get('location'), location, path);
    await res.arrayBuffer();
  }
});

test('a missing file is a plain-text 404', async () => {
  const res = await fetch(`${base}/nope.js`);
  assert.equal(res.status, 404);
  assert.equal(res.headers.get('content-type'), 'text/plain; charset=utf-8');
  assert.equal(await res.text(), 'Not found\n');
});

test('directory traversal, encoded or not, never reaches a file outside the served folders', async () => {
  const port = Number(new URL(base).port);
  const attempts = [
    '/../secret.txt',
    '/demo/../../secret.txt',
    '/%2e%2e/secret.txt',
    '/%2E%2E%2Fsecret.txt',
    '/..%2fsecret.txt',
    '/dist/..%2f..%2fsecret.txt',
    '/..%5csecret.txt',
    '/%252e%252e/secret.txt',
    '//secret.txt',
    `/${encodeURIComponent(join(rootDir, 'secret.txt'))}`,
    `${rootDir}/secret.txt`,
    'http://evil.example/secret.txt',
    '/demo/%00index.html',
    '/%E0%A4%A',
    '/link.txt',
    '/.env',
    '/demo/.env',
  ];
  for (const target of attempts) {
    const res = await rawGet(target, port);
    assert.ok(res.status === 400 || res.status === 404, `${target} gave ${res.status}`);
    assert.ok(!res.body.includes(SECRET), `${target} leaked the secret`);
  }
});

test('node_modules is served only when serveNodeModules is set', async () => {
  const closed = await fetch(`${base}/node_modules/lit/index.js`);
  assert.equal(closed.status, 404);
  await closed.arrayBuffer();

  const open = createServer({ rootDir, env: {}, serveNodeModules: true });
  const openBase = await listen(open);
  try {
    const res = await fetch(`${openBase}/node_modules/lit/index.js`);
    assert.equal(res.status, 200);
    assert.equal(res.headers.get('content-type'), 'text/javascript; charset=utf-8');
    assert.equal(await res.text(), 'export {};');
    const upload = await fetch(`${openBase}/node_modules/lit/index.js`, { method: 'PUT', body: 'x' });
    assert.equal(upload.status, 405);
    await upload.arrayBuffer();
  } finally {
    open.closeAllConnections();
    await new Promise((resolveClose) => open.close(resolveClose));
  }
});

test('HEAD answers headers without a body; other methods are refused', async () => {
  const head = await fetch(`${base}/app.js`, { method: 'HEAD' });
  assert.equal(head.status, 200);
  assert.equal(head.headers.get('content-length'), String('export const x = 1;'.length));
  const post = await fetch(`${base}/app.js`, { method: 'POST', body: 'x' });
  assert.equal(post.status, 405);
  assert.equal(post.headers.get('allow'), 'GET, HEAD');
  await post.arrayBuffer();
});

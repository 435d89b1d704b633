import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { dirname, resolve } from 'node:path';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';

// build/test/node/server → build/src/server/main.js
const mainPath = resolve(dirname(fileURLToPath(import.meta.url)), '../../../src/server/main.js');

test('npm start prints the URL and model state, answers 503 when unconfigured, and stops on SIGTERM', async () => {
  const child = spawn(process.execPath, [mainPath], {
    env: { PATH: process.env.PATH ?? '', PORT: '0', OPENAI_API_KEY: '', OPENAI_BASE_URL: '' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  try {
    let output = '';
    child.stdout.setEncoding('utf8');
    const firstLine = await new Promise<string>((resolveLine, rejectLine) => {
      const timer = setTimeout(() => rejectLine(new Error(`no start line; output: ${output}`)), 5000);
      child.stdout.on('data', (text: string) => {
        output += text;
        const line = output.split('\n').find((l) => l.startsWith('kline-chart-agent demo:'));
        if (line) {
          clearTimeout(timer);
          resolveLine(line);
        }
      });
    });
    const match = /^kline-chart-agent demo: http:\/\/localhost:(\d+) {2}\(model: not configured\)$/.exec(firstLine);
    assert.ok(match, firstLine);
    const res = await fetch(`http://127.0.0.1:${match[1]}/v1/models`);
    assert.equal(res.status, 503);
    assert.equal(((await res.json()) as { error: { code: string } }).error.code, 'model_not_configured');
    child.kill('SIGTERM');
    const [code] = (await once(child, 'exit')) as [number | null];
    assert.equal(code, 0);
  } finally {
    if (child.exitCode === null) child.kill('SIGKILL');
  }
});

/** A port the OS says is free now, whose next port is free too (the frames demo's second origin). */
async function freePortPair(): Promise<number> {
  const { createServer } = await import('node:net');
  for (;;) {
    const probe = createServer();
    await new Promise<void>((done) => probe.listen(0, '127.0.0.1', done));
    const port = (probe.address() as { port: number }).port;
    const next = createServer();
    const ok = await new Promise<boolean>((done) => {
      next.once('error', () => done(false));
      next.listen(port + 1, '127.0.0.1', () => done(true));
    });
    await new Promise((done) => probe.close(done));
    if (ok) await new Promise((done) => next.close(done));
    if (ok && port < 65535) return port;
  }
}

test('npm start also serves the frames demo its second origin: the framed chart on the next port, frameable by the demo', async () => {
  const port = await freePortPair();
  const child = spawn(process.execPath, [mainPath], {
    env: { PATH: process.env.PATH ?? '', PORT: String(port), OPENAI_API_KEY: '', OPENAI_BASE_URL: '' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  try {
    let output = '';
    child.stdout.setEncoding('utf8');
    await new Promise<void>((done, fail) => {
      const timer = setTimeout(() => fail(new Error(`no frames line; output: ${output}`)), 5000);
      child.stdout.on('data', (text: string) => {
        output += text;
        if (output.includes('frames demo:')) {
          clearTimeout(timer);
          done();
        }
      });
    });
    assert.match(output, new RegExp(`frames demo: the framed chart is served from http://localhost:${port + 1}\\b`));
    const page = await fetch(`http://127.0.0.1:${port + 1}/frame-chart.html`);
    assert.equal(page.status, 200);
    assert.match(await page.text(), /<kline-chart/);
    const csp = page.headers.get('content-security-policy') ?? '';
    assert.match(csp, new RegExp(`frame-ancestors [^;]*http://localhost:${port}( |;|$)`), csp);
    // The demo's own pages still may be framed only by themselves.
    const main = await fetch(`http://127.0.0.1:${port}/frames.html`);
    assert.match(main.headers.get('content-security-policy') ?? '', /frame-ancestors 'self'(;|$)/);
    child.kill('SIGTERM');
    const [code] = (await once(child, 'exit')) as [number | null];
    assert.equal(code, 0);
  } finally {
    if (child.exitCode === null) child.kill('SIGKILL');
  }
});

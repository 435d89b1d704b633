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

// `npm test`: the Node tests (core, server, mock model, agent runtime), then the browser tests in
// Chromium. Prints one closing line "N passed, N failed" for both and exits non-zero on any failure.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, readdirSync } from 'node:fs';
import { join } from 'node:path';

const only = process.argv[2]; // 'node' | 'browser' | undefined
mkdirSync('.cache', { recursive: true });
let passed = 0;
let failed = 0;
let skipped = 0;

function listTests(dir) {
  if (!existsSync(dir)) return [];
  const out = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const p = join(dir, entry.name);
    if (entry.isDirectory()) out.push(...listTests(p));
    else if (entry.name.endsWith('.test.js')) out.push(p);
  }
  return out;
}

if (only !== 'browser') {
  const files = listTests('build/test/node');
  rmSync('.cache/node-tests.tap', { force: true });
  const r = spawnSync(
    process.execPath,
    [
      '--test',
      '--test-concurrency=2',
      '--test-timeout=120000',
      '--test-reporter=spec',
      '--test-reporter-destination=stdout',
      '--test-reporter=tap',
      '--test-reporter-destination=.cache/node-tests.tap',
      ...files,
    ],
    { stdio: 'inherit' },
  );
  const tap = existsSync('.cache/node-tests.tap') ? readFileSync('.cache/node-tests.tap', 'utf8') : '';
  const num = (name) =>
    Number(/^# (\w+) (\d+)$/m.test(tap) ? (tap.match(new RegExp(`^# ${name} (\\d+)$`, 'm'))?.[1] ?? 0) : 0);
  passed += num('pass');
  failed += num('fail') + num('cancelled');
  skipped += num('skipped');
  if (r.status !== 0 && num('fail') === 0) failed += 1; // the runner itself failed
}

if (only !== 'node') {
  rmSync('.cache/wtr-counts.json', { force: true });
  const r = spawnSync(
    process.execPath,
    ['node_modules/@web/test-runner/dist/bin.js', '--config', 'web-test-runner.config.js'],
    { stdio: 'inherit' },
  );
  if (existsSync('.cache/wtr-counts.json')) {
    const c = JSON.parse(readFileSync('.cache/wtr-counts.json', 'utf8'));
    passed += c.passed;
    failed += c.failed;
    skipped += c.skipped;
    if (r.status !== 0 && c.failed === 0) failed += 1;
  } else if (r.status !== 0) failed += 1;
}

console.log(`\n${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
process.exit(failed > 0 ? 1 : 0);

// `npm run lint`: ESLint (the rules in eslint.config.js) and Prettier's check, side by side.
// Run one after the other they took ~55 s and ESLint alone peaked at ~1.8 GB, most of it garbage
// the collector had not needed to free (its live heap is ~0.7 GB). Together on 2 cores they take about
// ESLint's time, and ESLint runs with a 1.5 GB heap, so the whole check stays near 1.3 GB.
// Each tool's output is printed whole as soon as it ends (stdout), and what failed is said again on
// stderr with that tool's output, so a caller that keeps only stderr still sees why. A start line on
// stderr leaves a trace even when the run is stopped from outside. The exit code is non-zero when
// either fails.
import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

const require = createRequire(import.meta.url);
/** The JS file of a package's command (run with this Node, so no shell and no .cmd shims). */
function bin(pkg, name) {
  const manifest = require.resolve(`${pkg}/package.json`);
  const { bin: entry } = require(manifest);
  return join(dirname(manifest), typeof entry === 'string' ? entry : entry[name]);
}

const FORMATTED = ['{src,components,test,scripts,bench,demo}/**/*.{ts,js,mjs}', '*.{js,mjs}'];
const jobs = [
  {
    name: 'ESLint',
    args: [
      '--max-old-space-size=1536',
      bin('eslint', 'eslint'),
      '--max-warnings',
      '0',
      ...['src', 'components', 'test', 'scripts', 'bench', 'demo', '*.js'],
    ],
  },
  // --cache: Prettier's cache is keyed by file content and options (node_modules/.cache/prettier).
  { name: 'Prettier', args: [bin('prettier', 'prettier'), '--check', '--cache', ...FORMATTED] },
];

function run({ name, args }) {
  const started = Date.now();
  return new Promise((resolve) => {
    const child = spawn(process.execPath, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (d) => (output += d));
    child.stderr.on('data', (d) => (output += d));
    child.on('error', (error) => resolve({ name, ok: false, output: `${output}${error.message}\n`, started }));
    child.on('close', (code, signal) => {
      const ended = signal ? `${name} was stopped by ${signal}\n` : code !== 0 ? `${name} failed (exit ${code})\n` : '';
      resolve({ name, ok: code === 0, output: output + ended, started });
    });
  }).then((r) => {
    const seconds = ((Date.now() - r.started) / 1000).toFixed(1);
    process.stdout.write(`==> ${r.name} (${seconds} s)\n${r.output || '(no output)\n'}`);
    if (!r.ok) process.stderr.write(`lint: ${r.name} failed after ${seconds} s:\n${r.output}`);
    return r;
  });
}

process.stderr.write(
  `lint: ${jobs.map((j) => j.name).join(' and ')} running side by side (ESLint takes ~45 s on 2 cores)\n`,
);
const results = await Promise.all(jobs.map(run));
const failed = results.filter((r) => !r.ok).map((r) => r.name);
if (failed.length) {
  process.stderr.write(`lint failed: ${failed.join(', ')}\n`);
  process.exit(1);
}
process.stderr.write('lint passed\n');

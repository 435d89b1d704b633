// `npm run lint`: ESLint (the rules in eslint.config.js) and Prettier's check, side by side.
// Run one after the other they took ~55 s and ESLint alone peaked at ~1.8 GB, most of it garbage
// the collector had not needed to free (its live heap is ~0.7 GB). Together on 2 cores they take about
// ESLint's time, and ESLint runs with a 1.5 GB heap, so the whole check stays near 1.3 GB.
// Each tool's output is printed whole when it ends; the exit code is non-zero when either fails.
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
  return new Promise((resolve) => {
    const child = spawn(process.execPath, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (d) => (output += d));
    child.stderr.on('data', (d) => (output += d));
    child.on('error', (error) => resolve({ name, ok: false, output: `${output}${error.message}\n` }));
    child.on('close', (code, signal) => {
      const ended = signal ? `${name} was stopped by ${signal}\n` : code !== 0 ? `${name} failed (exit ${code})\n` : '';
      resolve({ name, ok: code === 0, output: output + ended });
    });
  });
}

const results = await Promise.all(jobs.map(run));
for (const r of results) process.stdout.write(`==> ${r.name}\n${r.output || '(no output)\n'}`);
const failed = results.filter((r) => !r.ok).map((r) => r.name);
if (failed.length) {
  process.stdout.write(`lint failed: ${failed.join(', ')}\n`);
  process.exit(1);
}

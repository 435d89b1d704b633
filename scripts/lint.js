// `npm run lint`: ESLint (the rules in eslint.config.js) and Prettier's check, side by side.
// Run one after the other they took ~55 s; together on 2 cores they take about ESLint's time (25–45 s,
// most of it the type-aware rules' type checking). ESLint runs with a 2 GB heap: its live heap was
// ~0.7 GB under a 1 GB cap (1.5 GB: same time, ~1.27 GB peak RSS; 1 GB: ~1.1 GB), but as the project grew
// a loaded machine ran it out of memory under 1 GB (a failed `npm run lint` with no lint message, 2026-12-07).
// A run whose inputs are all as they were at the last passing run (every file below the linted
// folders, the root scripts, the configs, the lock file and Node's version; hashed) passes at once
// without running either tool: the tools' results depend on nothing else. Any change, or `--force`,
// runs both; a clean clone (.ci/run) has no record and always runs both.
// Each tool's output is printed whole as soon as it ends (stdout); what failed is said again on
// stderr with that tool's output, so a caller that keeps only stderr still sees why. The exit code is
// non-zero when either fails.
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

const require = createRequire(import.meta.url);
/** The JS file of a package's command (run with this Node, so no shell and no .cmd shims). */
function bin(pkg, name) {
  const manifest = require.resolve(`${pkg}/package.json`);
  const { bin: entry } = require(manifest);
  return join(dirname(manifest), typeof entry === 'string' ? entry : entry[name]);
}

const LINTED = ['src', 'components', 'test', 'scripts', 'bench', 'demo'];
const FORMATTED = ['{src,components,test,scripts,bench,demo}/**/*.{ts,js,mjs}', '*.{js,mjs}'];
/** Root files the tools read besides the linted folders: configs, the lock file. */
const ROOT_INPUTS = /^(.*\.(js|mjs)|tsconfig.*\.json|package(-lock)?\.json|\.prettierrc\.json|\.prettierignore)$/;
/** Output folders below the linted ones that neither tool reads (eslint.config.js, .prettierignore). */
const NOT_INPUT = /^bench\/results(\/|$)/;
const RECORD = 'node_modules/.cache/kline-lint/last-pass.json';
const jobs = [
  {
    name: 'ESLint',
    args: ['--max-old-space-size=2048', bin('eslint', 'eslint'), '--max-warnings', '0', ...LINTED, '*.js'],
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

/** A hash of everything the two tools read (see the top of this file), in a stable order. */
function inputsKey() {
  const hash = createHash('sha256').update(`node ${process.version}\n`);
  const files = readdirSync('.').filter((f) => ROOT_INPUTS.test(f));
  for (const dir of LINTED)
    for (const entry of readdirSync(dir, { recursive: true, withFileTypes: true }))
      if (entry.isFile()) files.push(join(entry.parentPath ?? entry.path, entry.name));
  for (const file of files.filter((f) => !NOT_INPUT.test(f)).sort())
    hash.update(`${file}\n`).update(readFileSync(file)).update('\n');
  return hash.digest('hex');
}

function lastPass() {
  try {
    return JSON.parse(readFileSync(RECORD, 'utf8'));
  } catch {
    return null;
  }
}

const key = inputsKey();
const last = lastPass();
if (!process.argv.includes('--force') && last?.key === key) {
  process.stdout.write(
    `==> ESLint and Prettier: nothing they read changed since the run that passed at ${last.at}; not run again (--force runs them)\nlint passed\n`,
  );
  process.exit(0);
}
process.stdout.write(
  `lint: ${jobs.map((j) => j.name).join(' and ')} running side by side (ESLint takes 25–45 s on 2 cores)\n`,
);
const results = await Promise.all(jobs.map(run));
const failed = results.filter((r) => !r.ok).map((r) => r.name);
if (failed.length) {
  process.stderr.write(`lint failed: ${failed.join(', ')}\n`);
  process.exit(1);
}
mkdirSync(dirname(RECORD), { recursive: true });
writeFileSync(RECORD, JSON.stringify({ key, at: new Date().toISOString() }));
process.stdout.write('lint passed\n');

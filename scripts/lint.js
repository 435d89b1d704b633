// `npm run lint`: ESLint (the rules in eslint.config.js) and Prettier's check, side by side.
// Run one after the other they took ~55 s; together on 2 cores they take about ESLint's time (25–45 s,
// most of it the type-aware rules' type checking). ESLint runs with a 2 GB heap: its live heap was
// ~0.7 GB under a 1 GB cap (1.5 GB: same time, ~1.27 GB peak RSS; 1 GB: ~1.1 GB), but as the project grew
// a loaded machine ran it out of memory under 1 GB (a failed `npm run lint` with no lint message, 2026-12-07).
// A run whose inputs are all as they were at the last passing run (every file below the linted
// folders, the root scripts, the configs, the lock file and Node's version; hashed per file) passes at
// once without running either tool: the tools' results depend on nothing else. After a change, Prettier
// checks everything (its cache makes that ~3 s) and ESLint looks again only at the changed files and
// every file that imports one of them, directly or not (see eslintScope): a full ESLint run takes ~50 s,
// too long for a check with a time limit, and a typical change re-lints in ~10 s. What no import shows
// (configs, the lock file, root scripts, local rules, a deleted file, .d.ts or `declare global`) and
// `--force` lint everything; a clean clone (.ci/run) has no record and always lints everything.
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

/** Every file the two tools read (see the top of this file), each with its content's hash, in a stable order. */
function inputs() {
  const files = readdirSync('.').filter((f) => ROOT_INPUTS.test(f));
  for (const dir of LINTED)
    for (const entry of readdirSync(dir, { recursive: true, withFileTypes: true }))
      if (entry.isFile()) files.push(join(entry.parentPath ?? entry.path, entry.name));
  const hashes = {};
  for (const file of files.filter((f) => !NOT_INPUT.test(f)).sort())
    hashes[file] = createHash('sha256').update(readFileSync(file)).digest('hex');
  return hashes;
}

function lastPass() {
  try {
    return JSON.parse(readFileSync(RECORD, 'utf8'));
  } catch {
    return null;
  }
}

const LINTABLE = /\.(ts|js|mjs|cjs)$/;
/** Relative module specifiers of a file: static and dynamic imports and re-exports. */
const IMPORT = /(?:\bfrom\s*|\bimport\s*\(\s*|\bimport\s+)['"](\.{1,2}\/[^'"]+)['"]/g;

/**
 * The files ESLint must look at again after `changed` (paths) changed since the last pass, or null for
 * all of them. The type-aware rules read a file's imports' types, so a file is linted again when it or
 * anything it imports, directly or not, changed. A change to what no import graph shows (a config, the
 * lock file, Node, a root script, a local rule, a deleted file, a `declare global`/`declare module`
 * that types files without being imported) lints everything.
 */
function eslintScope(now, before, changed) {
  if (!before || Object.keys(before).some((f) => !(f in now))) return null;
  for (const file of changed) {
    if (!LINTED.some((dir) => file.startsWith(`${dir}/`)) || file.startsWith('scripts/eslint/')) return null;
    if (file.endsWith('.d.ts')) return null;
    if (LINTABLE.test(file) && /\bdeclare\s+(global|module)\b/.test(readFileSync(file, 'utf8'))) return null;
  }
  const importers = new Map();
  for (const file of Object.keys(now).filter((f) => LINTABLE.test(f))) {
    for (const [, spec] of readFileSync(file, 'utf8').matchAll(IMPORT)) {
      const target = join(dirname(file), spec);
      for (const resolved of [target, target.replace(/\.js$/, '.ts')]) {
        if (!importers.has(resolved)) importers.set(resolved, new Set());
        importers.get(resolved).add(file);
      }
    }
  }
  const scope = new Set(changed);
  const queue = [...changed];
  while (queue.length) {
    for (const importer of importers.get(queue.pop()) ?? []) {
      if (scope.has(importer)) continue;
      scope.add(importer);
      queue.push(importer);
    }
  }
  return [...scope].filter((f) => LINTABLE.test(f)).sort();
}

const now = inputs();
const last = lastPass();
const version = `node ${process.version}`;
const same = last?.version === version ? last.files : undefined;
const changed = same ? Object.keys(now).filter((f) => same[f] !== now[f]) : [];
const force = process.argv.includes('--force');
if (!force && same && changed.length === 0) {
  process.stdout.write(
    `==> ESLint and Prettier: nothing they read changed since the run that passed at ${last.at}; not run again (--force runs them)\nlint passed\n`,
  );
  process.exit(0);
}
const scope = force ? null : eslintScope(now, same, changed);
if (scope) {
  if (scope.length === 0) jobs.shift();
  else jobs[0].args = [...jobs[0].args.slice(0, 4), '--no-warn-ignored', ...scope];
  process.stdout.write(
    `lint: ${changed.length} file(s) changed since the pass at ${last.at}; ESLint looks at those and what imports them (${scope.length} file(s); --force: everything)\n`,
  );
}
process.stdout.write(
  `lint: ${jobs.map((j) => j.name).join(' and ')} running side by side (a full ESLint run takes ~50 s on 2 cores)\n`,
);
const results = await Promise.all(jobs.map(run));
const failed = results.filter((r) => !r.ok).map((r) => r.name);
if (failed.length) {
  process.stderr.write(`lint failed: ${failed.join(', ')}\n`);
  process.exit(1);
}
mkdirSync(dirname(RECORD), { recursive: true });
writeFileSync(RECORD, JSON.stringify({ version, files: now, at: new Date().toISOString() }));
process.stdout.write('lint passed\n');

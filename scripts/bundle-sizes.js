// Sizes of the built bundle: the eager part (dist/kline-chart.js and every chunk it imports
// statically, transitively) and each lazy chunk, minified bytes and gzip -9 bytes.
// `node scripts/bundle-sizes.js --budget` (run by `npm run build`) prints them and exits non-zero
// when the eager gzip size exceeds BUDGET_GZIP_BYTES; bench/run.js imports measureBundle().
import { readFileSync, readdirSync, existsSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

/** The eager gzip budget: the achieved size plus about 1.5 KB. Lower it when the bundle shrinks. */
export const BUDGET_GZIP_BYTES = 141_300; // 139,793 on 2026-12-01: main after the overlays and lint merges measured 143,693 (over its 142,000 budget); TypeBox's error module (really lazy now: ValueErrorKind) and the undo-run merge left the eager part (-3,900), + ~1.5 KB. Was 142,000 (140,497 after merging #16, #18, #13 onto 129,924 after #12's split). #12 asks ≤ 60 KB: not met

const STATIC_IMPORT = /(?:^|[;}\n])\s*(?:import|export)\s*(?:[\w$*{},\s]+?\s*from\s*)?["'](\.{1,2}\/[^"']+)["']/g;
const DYNAMIC_IMPORT = /\bimport\(\s*["'](\.{1,2}\/[^"']+)["']\s*\)/g;

function size(file) {
  const code = readFileSync(file);
  return { min: code.length, gzip: gzipSync(code, { level: 9 }).length };
}

function imports(file, pattern) {
  const code = readFileSync(file, 'utf8');
  return [...code.matchAll(pattern)].map((m) => resolve(dirname(file), m[1]));
}

/**
 * @param {string} dist the folder holding kline-chart.js and chunks/
 * @returns {{ eager: { files: string[], min: number, gzip: number }, lazy: { file: string, min: number, gzip: number }[] }}
 */
export function measureBundle(dist = 'dist') {
  const entry = resolve(dist, 'kline-chart.js');
  const eager = new Set();
  const stack = [entry];
  while (stack.length) {
    const file = stack.pop();
    if (eager.has(file)) continue;
    eager.add(file);
    stack.push(...imports(file, STATIC_IMPORT));
  }
  const lazyFiles = new Set();
  for (const file of eager) for (const d of imports(file, DYNAMIC_IMPORT)) if (!eager.has(d)) lazyFiles.add(d);
  const chunksDir = resolve(dist, 'chunks');
  if (existsSync(chunksDir)) {
    for (const name of readdirSync(chunksDir)) {
      const file = join(chunksDir, name);
      if (name.endsWith('.js') && !eager.has(file)) lazyFiles.add(file);
    }
  }
  let min = 0;
  let gzip = 0;
  for (const file of eager) {
    const s = size(file);
    min += s.min;
    gzip += s.gzip;
  }
  const lazy = [...lazyFiles].sort().map((file) => ({ file: relative(dist, file), ...size(file) }));
  return { eager: { files: [...eager].map((f) => relative(dist, f)), min, gzip }, lazy };
}

const kb = (n) => `${(n / 1024).toFixed(1)} KiB`;
/** Lazy chunks listed one by one (the biggest); the rest are summed in one line. */
const SHOWN_LAZY = 12;

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const dist = process.argv.find((a, i) => i > 1 && !a.startsWith('--')) ?? 'dist';
  const { eager, lazy } = measureBundle(dist);
  console.log(
    `eager  ${eager.files.join(' + ').padEnd(44)} ${kb(eager.min).padStart(10)} min ${kb(eager.gzip).padStart(10)} gzip`,
  );
  // The biggest lazy chunks one by one; the many small ones (a study each, shared kernels) summed.
  const byGzip = [...lazy].sort((a, b) => b.gzip - a.gzip);
  for (const c of byGzip.slice(0, SHOWN_LAZY))
    console.log(`lazy   ${c.file.padEnd(44)} ${kb(c.min).padStart(10)} min ${kb(c.gzip).padStart(10)} gzip`);
  const rest = byGzip.slice(SHOWN_LAZY);
  if (rest.length) {
    const label = `+ ${rest.length} smaller chunks (studies, sources, …)`;
    const min = rest.reduce((n, c) => n + c.min, 0);
    const gzip = rest.reduce((n, c) => n + c.gzip, 0);
    console.log(`lazy   ${label.padEnd(44)} ${kb(min).padStart(10)} min ${kb(gzip).padStart(10)} gzip`);
  }
  const lazyGzip = lazy.reduce((n, c) => n + c.gzip, 0);
  console.log(
    `total  eager ${kb(eager.gzip)} gzip (${eager.gzip} B) + lazy ${kb(lazyGzip)} gzip in ${lazy.length} chunks`,
  );
  if (process.argv.includes('--budget')) {
    if (eager.gzip > BUDGET_GZIP_BYTES) {
      console.error(
        `The eager bundle is ${eager.gzip} bytes gzip, over the budget of ${BUDGET_GZIP_BYTES} (scripts/bundle-sizes.js).`,
      );
      process.exit(1);
    }
    console.log(`eager gzip ${eager.gzip} bytes ≤ budget ${BUDGET_GZIP_BYTES}`);
  }
}

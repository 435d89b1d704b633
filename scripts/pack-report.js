// Checks what `npm pack` would publish and prints its size. Fails (exit 1) when an `exports` target
// or a `sideEffects` module is missing from the package, or a source map names a source that is
// neither shipped nor embedded (`sourcesContent`), so a consumer's dev server never warns about maps.
// Run after the build; `--json` prints the file list as JSON for other scripts.
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { dirname, join, normalize } from 'node:path';

const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
// --ignore-scripts: `prepack` runs the build, which runs this script.
const r = spawnSync(npm, ['pack', '--dry-run', '--json', '--ignore-scripts'], { encoding: 'utf8' });
if (r.status !== 0) {
  console.error(r.stderr || r.stdout);
  process.exit(1);
}
const [info] = JSON.parse(r.stdout);
const files = new Set(info.files.map((f) => normalize(f.path)));
const problems = [];

const pkg = JSON.parse(readFileSync('package.json', 'utf8'));
const targets = [];
(function walk(value) {
  if (typeof value === 'string') targets.push(value);
  else if (value && typeof value === 'object') Object.values(value).forEach(walk);
})(pkg.exports);
for (const t of [...targets, pkg.main, pkg.types, pkg.module].filter(Boolean)) {
  if (!files.has(normalize(t))) problems.push(`exports target ${t} is not in the package`);
}
for (const pattern of pkg.sideEffects ?? []) {
  if (pattern.includes('*')) continue;
  if (!files.has(normalize(pattern))) problems.push(`sideEffects module ${pattern} is not in the package`);
}

let maps = 0;
for (const file of files) {
  if (!file.endsWith('.map')) continue;
  maps += 1;
  const map = JSON.parse(readFileSync(file, 'utf8'));
  map.sources.forEach((source, i) => {
    if (map.sourcesContent?.[i] != null) return;
    const resolved = normalize(join(dirname(file), map.sourceRoot ?? '', source));
    if (!files.has(resolved)) problems.push(`${file}: source ${source} is not shipped`);
  });
}

const kib = (n) => `${(n / 1024).toFixed(1)} KiB`;
console.log(
  `npm pack: ${info.filename} ${kib(info.size)} packed, ${kib(info.unpackedSize)} unpacked, ${info.entryCount} files (${maps} source maps, all sources resolvable: ${problems.length === 0 ? 'yes' : 'no'})`,
);
if (problems.length) {
  for (const p of problems.slice(0, 20)) console.error(`  ${p}`);
  if (problems.length > 20) console.error(`  … and ${problems.length - 20} more`);
  process.exit(1);
}

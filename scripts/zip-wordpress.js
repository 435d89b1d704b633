// `npm run zip:wordpress`: the WordPress plugin (integrations/wordpress/kline-chart-agent) with the
// built bundle (dist/*.js and the placeholder stylesheet) in its assets/ folder, as
// dist/kline-chart-agent-wordpress.zip, ready for Plugins → Add New → Upload. Also copies the bundle
// into the plugin's (git-ignored) assets/ folder, for a plugin folder symlinked into a test site.
// Writes the zip itself (deflate via node:zlib), so no `zip` command is needed.
import {
  copyFileSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { join, relative, sep } from 'node:path';
import { deflateRawSync } from 'node:zlib';

const PLUGIN = 'integrations/wordpress/kline-chart-agent';
const OUT = 'dist/kline-chart-agent-wordpress.zip';

if (!existsSync('dist/kline-chart.js')) {
  console.error('dist/kline-chart.js is missing: run `npm run build` first.');
  process.exit(1);
}

const assets = [...bundleFiles('kline-chart.js'), 'kline-chart-placeholder.css'].sort();
const assetsDir = join(PLUGIN, 'assets');
rmSync(assetsDir, { recursive: true, force: true });
mkdirSync(assetsDir, { recursive: true });
for (const name of assets) copyFileSync(join('dist', name), join(assetsDir, name));

const files = listFiles(PLUGIN).sort();
const entries = files.map((path) => ({
  name: `kline-chart-agent/${relative(PLUGIN, path).split(sep).join('/')}`,
  data: readFileSync(path),
}));
writeFileSync(OUT, zip(entries));
console.log(`${OUT}: ${entries.length} files, ${(statSync(OUT).size / 1024).toFixed(1)} KiB`);

/** The entry and every chunk it imports (directly or not): stale chunks of older builds stay out. */
function bundleFiles(entry) {
  const seen = new Set();
  const visit = (name) => {
    if (seen.has(name)) return;
    seen.add(name);
    const code = readFileSync(join('dist', name), 'utf8');
    for (const match of code.matchAll(/["'`]\.\/([\w.-]+\.js)["'`]/g)) visit(match[1]);
  };
  visit(entry);
  return [...seen];
}

function listFiles(dir) {
  const out = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) out.push(...listFiles(path));
    else if (entry.isFile()) out.push(path);
  }
  return out;
}

/** A zip archive of `entries` (deflated, or stored when deflating does not help). */
function zip(entries) {
  const locals = [];
  const centrals = [];
  let offset = 0;
  // 1 Jan 2024 00:00 in DOS format: fixed, so the same inputs give the same bytes.
  const dosTime = 0;
  const dosDate = ((2024 - 1980) << 9) | (1 << 5) | 1;
  for (const { name, data } of entries) {
    const nameBytes = Buffer.from(name, 'utf8');
    const deflated = deflateRawSync(data, { level: 9 });
    const method = deflated.length < data.length ? 8 : 0;
    const body = method === 8 ? deflated : data;
    const crc = crc32(data);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(0x0800, 6); // UTF-8 names
    local.writeUInt16LE(method, 8);
    local.writeUInt16LE(dosTime, 10);
    local.writeUInt16LE(dosDate, 12);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(body.length, 18);
    local.writeUInt32LE(data.length, 22);
    local.writeUInt16LE(nameBytes.length, 26);
    local.writeUInt16LE(0, 28);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(0x0800, 8);
    central.writeUInt16LE(method, 10);
    central.writeUInt16LE(dosTime, 12);
    central.writeUInt16LE(dosDate, 14);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(body.length, 20);
    central.writeUInt32LE(data.length, 24);
    central.writeUInt16LE(nameBytes.length, 28);
    central.writeUInt32LE((0o100644 << 16) >>> 0, 38); // regular file, rw-r--r--
    central.writeUInt32LE(offset, 42);
    locals.push(local, nameBytes, body);
    centrals.push(central, nameBytes);
    offset += local.length + nameBytes.length + body.length;
  }
  const centralSize = centrals.reduce((sum, b) => sum + b.length, 0);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(centralSize, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, ...centrals, end]);
}

function crc32(data) {
  let crc = 0xffffffff;
  for (const byte of data) {
    crc ^= byte;
    for (let k = 0; k < 8; k++) crc = (crc >>> 1) ^ (0xedb88320 & -(crc & 1));
  }
  return (crc ^ 0xffffffff) >>> 0;
}

// Bundle sizes: ours from dist/ (eager = kline-chart.js + its static imports; lazy = the chunks it
// imports on demand) against the peers, each bundled from its package's ES module entry with the
// same rollup + node-resolve + terser as ours, then gzip -9. Peers have no lazy part.
import { gzipSync } from 'node:zlib';
import { rollup } from 'rollup';
import { nodeResolve } from '@rollup/plugin-node-resolve';
import terser from '@rollup/plugin-terser';
import { measureBundle } from '../../scripts/bundle-sizes.js';

const PEERS = { 'lightweight-charts': 'lightweight-charts', klinecharts: 'klinecharts', uplot: 'uplot' };

async function peerSize(pkg) {
  const bundle = await rollup({
    input: 'peer-entry',
    plugins: [
      {
        name: 'peer-entry',
        resolveId: (id) => (id === 'peer-entry' ? id : null),
        load: (id) => (id === 'peer-entry' ? `export * from '${pkg}';\nexport { default } from '${pkg}';` : null),
      },
      nodeResolve({ browser: true, exportConditions: ['browser', 'production', 'default'] }),
      terser({ format: { comments: false }, ecma: 2022, module: true }),
    ],
    onwarn: () => {},
  }).catch(async () =>
    rollup({
      // A package without a default export.
      input: 'peer-entry',
      plugins: [
        {
          name: 'peer-entry',
          resolveId: (id) => (id === 'peer-entry' ? id : null),
          load: (id) => (id === 'peer-entry' ? `export * from '${pkg}';` : null),
        },
        nodeResolve({ browser: true, exportConditions: ['browser', 'production', 'default'] }),
        terser({ format: { comments: false }, ecma: 2022, module: true }),
      ],
      onwarn: () => {},
    }),
  );
  const { output } = await bundle.generate({ format: 'es', inlineDynamicImports: true });
  await bundle.close();
  const code = output.map((c) => (c.type === 'chunk' ? c.code : '')).join('');
  return { min: Buffer.byteLength(code), gzip: gzipSync(code, { level: 9 }).length };
}

/** @returns {Promise<{ ours: ReturnType<typeof measureBundle>, peers: Record<string, { min: number, gzip: number } | { error: string }> }>} */
export async function measureBundleSizes(dist) {
  const ours = measureBundle(dist);
  const peers = {};
  for (const [name, pkg] of Object.entries(PEERS)) {
    try {
      peers[name] = await peerSize(pkg);
    } catch (error) {
      peers[name] = { error: String(error?.message ?? error) };
    }
  }
  return { ours, peers };
}

const kb = (n) => `${(n / 1024).toFixed(1)} KiB`;

/** The size table as text. */
export function formatBundleSizes({ ours, peers }) {
  const rows = [['', 'min', 'gzip -9', 'gzip vs ours']];
  rows.push(['ours, eager (first paint)', kb(ours.eager.min), kb(ours.eager.gzip), '1.00']);
  const lazyMin = ours.lazy.reduce((s, c) => s + c.min, 0);
  const lazyGzip = ours.lazy.reduce((s, c) => s + c.gzip, 0);
  rows.push([`ours, lazy (${ours.lazy.length} chunks)`, kb(lazyMin), kb(lazyGzip), '']);
  // The biggest lazy chunks one by one; the many small ones (a study each, shared kernels) summed.
  const byGzip = [...ours.lazy].sort((a, b) => b.gzip - a.gzip);
  for (const c of byGzip.slice(0, 12)) rows.push([`  ${c.file}`, kb(c.min), kb(c.gzip), '']);
  const rest = byGzip.slice(12);
  if (rest.length)
    rows.push([
      `  + ${rest.length} smaller chunks`,
      kb(rest.reduce((s, c) => s + c.min, 0)),
      kb(rest.reduce((s, c) => s + c.gzip, 0)),
      '',
    ]);
  for (const [name, s] of Object.entries(peers)) {
    rows.push(
      'error' in s
        ? [name, 'error', s.error.slice(0, 40), '']
        : [name, kb(s.min), kb(s.gzip), (s.gzip / ours.eager.gzip).toFixed(2)],
    );
  }
  const widths = rows[0].map((_, i) => Math.max(...rows.map((r) => r[i].length)));
  return rows
    .map((r) => r.map((cell, i) => (i === 0 ? cell.padEnd(widths[i]) : cell.padStart(widths[i]))).join('  '))
    .join('\n');
}

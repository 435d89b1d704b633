// Bundles the compiled output (build/, from `tsc`) into dist/: one ES module that defines both
// elements, plus the lazily loaded model client chunk. Prints minified and gzip sizes.
import { nodeResolve } from '@rollup/plugin-node-resolve';
import terser from '@rollup/plugin-terser';
import { gzipSync } from 'node:zlib';

function reportSizes() {
  return {
    name: 'report-sizes',
    generateBundle(_options, bundle) {
      for (const [file, chunk] of Object.entries(bundle)) {
        if (chunk.type !== 'chunk') continue;
        const min = Buffer.byteLength(chunk.code);
        const gz = gzipSync(chunk.code, { level: 9 }).length;
        console.log(`${file.padEnd(28)} ${(min / 1024).toFixed(1).padStart(7)} KiB min  ${(gz / 1024).toFixed(1).padStart(6)} KiB gzip`);
      }
    },
  };
}

function chunkName(chunk) {
  const id = chunk.facadeModuleId ?? '';
  const m = /components\/([\w-]+)\/define\.js$/.exec(id);
  return m ? m[1] : chunk.name;
}

export default {
  // Lazy chunks import what they share with the chart from the entry itself (no facade hop).
  preserveEntrySignatures: 'allow-extension',
  input: { 'kline-chart': 'build/components/kline-chart-agent.js' },
  output: {
    dir: 'dist',
    format: 'es',
    entryFileNames: '[name].js',
    // Content-hashed, so a page can never mix chunks of two versions; named after the folder of
    // the module that starts the chunk (components/<name>/define.js → chunks/<name>-<hash>.js).
    chunkFileNames: (chunk) => `chunks/${chunkName(chunk)}-[hash].js`,
    sourcemap: true,
  },
  plugins: [
    nodeResolve({ browser: true, exportConditions: ['browser', 'production', 'default'] }),
    terser({ format: { comments: false }, ecma: 2022, module: true }),
    reportSizes(),
  ],
  onwarn(warning, warn) {
    // TypeBox's ESM build carries TS helpers that reference top-level `this`; harmless.
    if (warning.code === 'THIS_IS_UNDEFINED') return;
    if (warning.code === 'CIRCULAR_DEPENDENCY' && /node_modules/.test(warning.message)) return;
    warn(warning);
  },
};

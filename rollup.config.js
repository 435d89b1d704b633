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

export default {
  input: { 'kline-chart': 'build/components/kline-chart-agent.js' },
  output: {
    dir: 'dist',
    format: 'es',
    entryFileNames: '[name].js',
    chunkFileNames: '[name]-[hash].js',
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

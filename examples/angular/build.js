// Angular without the CLI: esbuild bundles the app and Angular compiles its templates just in time
// (`@angular/compiler` is imported first). Small to install and quick to build; the component,
// CUSTOM_ELEMENTS_SCHEMA and the bindings are the same as in a CLI project.
import { build } from 'esbuild';
import { copyFileSync, mkdirSync, rmSync } from 'node:fs';

rmSync('dist', { recursive: true, force: true });
mkdirSync('dist');
await build({
  entryPoints: ['src/main.ts'],
  bundle: true,
  format: 'esm',
  target: 'es2022',
  minify: true,
  outfile: 'dist/main.js',
  tsconfig: 'tsconfig.json',
  logLevel: 'warning',
});
copyFileSync('index.html', 'dist/index.html');
console.log('built dist/main.js');

// `npm run build` step: publishes the placeholder stylesheet (components/placeholder.css) as
// dist/kline-chart-placeholder.css, next to the bundle.
import { copyFileSync, mkdirSync } from 'node:fs';

mkdirSync('dist', { recursive: true });
copyFileSync('components/placeholder.css', 'dist/kline-chart-placeholder.css');

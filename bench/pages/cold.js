/**
 * The in-page side of the cold-start bench (`cold-<lib>.html`): the library came from a script tag in
 * the page's markup; this generates the bars (timed, so the runner can subtract it), mounts the chart
 * and publishes `window.coldResult = { firstCandleMs, prepareMs }`, both from navigation start
 * (`performance.now()`'s origin), or `{ error }`.
 */
import { generateBars } from './generate-bars.js';

const ADAPTERS = {
  ours: () => import('./adapters/ours.js'),
  'lightweight-charts': () => import('./adapters/lightweight-charts.js'),
  klinecharts: () => import('./adapters/klinecharts.js'),
  uplot: () => import('./adapters/uplot.js'),
};

const lib = document.documentElement.dataset.lib;
const params = new URLSearchParams(location.search);

async function main() {
  const adapter = await ADAPTERS[lib]();
  if (lib === 'ours') await customElements.whenDefined('kline-chart');
  const before = performance.now();
  const input = adapter.prepare(generateBars(Number(params.get('n') || 10_000), Number(params.get('seed') || 42)));
  const prepareMs = performance.now() - before;
  await adapter.mount(document.getElementById('host'), input);
  return { firstCandleMs: performance.now(), prepareMs };
}

main().then(
  (result) => (window.coldResult = result),
  (error) => (window.coldResult = { error: String(error?.message ?? error) }),
);

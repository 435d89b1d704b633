import type { KlineChart } from '../../../components/kline-chart/kline-chart.js';
import { waitFor } from './chart-fixture.js';

/**
 * The demo page's own markup (demo/index.html) and script (demo/demo.js), at the top of this page:
 * a clean layout key, a model that is never called, chats in memory. The script runs once per test
 * file (a module), so a file mounts the demo once.
 */
export async function mountDemo(): Promise<{ root: HTMLElement; chart: KlineChart; panel: HTMLElement }> {
  const page = new DOMParser().parseFromString(await (await fetch('/demo/index.html')).text(), 'text/html');
  const root = document.createElement('div');
  root.append(...[...page.body.children].map((el) => document.importNode(el, true)));
  const chart = root.querySelector('kline-chart') as KlineChart;
  chart.setAttribute('persist-key', `demo-${Date.now()}`);
  const panel = root.querySelector('chart-agent-panel') as HTMLElement;
  panel.setAttribute('session-store', 'memory');
  document.body.prepend(root);
  const script = '/demo/demo.js';
  await import(script);
  await waitFor(() => chart.context.get() !== null, 'chart data');
  await chart.whenPainted();
  await chart.updateComplete;
  await (panel as HTMLElement & { updateComplete: Promise<unknown> }).updateComplete;
  return { root, chart, panel };
}

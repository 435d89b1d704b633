import { html } from 'lit';
import '../../../components/kline-chart/define.js';
import type { KlineChart } from '../../../components/kline-chart/kline-chart.js';
import type { PrimitiveScales } from '../../../components/kline-chart/chart-primitive.js';
import { mount } from '../panel/panel-fixture.js';
import { waitFor } from './wait-for.js';
import { inputReady, priceScales } from './chart-fixture.js';

export { fingerDrag, type Point } from './finger-drag.js';

/**
 * A phone-wide chart (390×500) on a page taller than the screen, scrolled to the top, painted, with
 * the price pane's scales (unmount with panel-fixture's `unmountAll`).
 */
export async function phoneChartOnLongPage(style = ''): Promise<{ chart: KlineChart; scales: PrimitiveScales }> {
  const main = mount(
    html`<main><kline-chart style=${`width:390px;height:500px;${style}`} indicators="VOL"></kline-chart><div style="height:2000px"></div></main>`,
  );
  const chart = main.querySelector<KlineChart>('kline-chart')!;
  await waitFor(() => chart.context.get() !== null, 'chart data');
  await chart.whenPainted();
  await inputReady();
  window.scrollTo(0, 0);
  const scales = await priceScales(chart);
  return { chart, scales };
}

import { expect } from '@open-wc/testing';
import { executeServerCommand } from '@web/test-runner-commands';
import '../../../components/kline-chart/define.js';
import type { KlineChart } from '../../../components/kline-chart/kline-chart.js';
import { waitFor } from '../helpers/wait-for.js';

/** Live `<kline-chart>` objects after two forced garbage collections. */
const liveCharts = () =>
  executeServerCommand<number, { prototype: string }>('live-objects', {
    prototype: "customElements.get('kline-chart').prototype",
  });

async function mountAndRemove(parent: HTMLElement = document.body): Promise<void> {
  let chart: KlineChart | null = document.createElement('kline-chart');
  chart.style.cssText = 'display:block;width:600px;height:360px';
  chart.setAttribute('indicators', 'MA(5),VOL,MACD');
  parent.append(chart);
  const painted = chart;
  await waitFor(() => painted.context.get() !== null, 'chart data');
  await painted.whenPainted();
  chart.remove();
  chart = null;
}

// A framework unmounts charts all the time: none may stay in memory, the page's first included (V8
// kept the first uPlot of a page, and with it its chart: src/render/first-plot-decoy.ts).
describe('an unmounted chart is garbage', function () {
  this.timeout(60000);

  it('the first chart of the page and two later ones are all collected after removal', async () => {
    for (let i = 0; i < 3; i++) await mountAndRemove();
    // Timers and frames the charts scheduled run out first.
    await new Promise((r) => setTimeout(r, 300));
    expect(await liveCharts()).to.equal(0);
  });

  it('nor one inside an element named like a custom element that is never defined (an Angular <app-root>)', async () => {
    const app = document.createElement('app-never-defined');
    document.body.append(app);
    for (let i = 0; i < 3; i++) await mountAndRemove(app);
    await new Promise((r) => setTimeout(r, 300));
    expect(await liveCharts()).to.equal(0);
    app.remove();
  });
});

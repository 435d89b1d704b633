import { expect } from '@open-wc/testing';
import { axisLabels } from '../helpers/axis-labels.js';
import { parseColor } from '../helpers/canvas-pixels.js';
import { paneCanvas } from '../helpers/chart-fixture.js';
import { minuteBars, mountChart, painted, removeFixtures } from '../lifecycle/lifecycle-fixture.js';

/**
 * A value axis shows whole labels only: a tick at the very bottom of a pane (the volume pane's 0)
 * is left out rather than drawn cut in half by the pane below.
 */
describe('value axis labels at the pane edges', function () {
  this.timeout(60000);
  afterEach(removeFixtures);

  it('no label of the volume or MACD pane is cut by the pane’s bottom edge', async () => {
    const { chart } = mountChart({ symbol: 'EDGE', period: '1m', indicators: 'VOL,MACD' });
    chart.setBars(minuteBars(200));
    await painted(chart);
    const axis = parseColor(getComputedStyle(chart).getPropertyValue('--kline-axis-color').trim() || '#787b86');
    for (const id of chart.shadowRoot!.querySelectorAll<HTMLElement>('.pane')) {
      const paneId = id.dataset.paneId!;
      if (paneId === 'price') continue;
      const canvas = paneCanvas(chart, paneId);
      const over = id.querySelector<HTMLElement>('.u-over')!.getBoundingClientRect();
      const box = canvas.getBoundingClientRect();
      const k = canvas.width / box.width;
      const x0 = Math.ceil((over.right - box.left) * k) + 2;
      const labels = axisLabels(canvas, x0, canvas.width, axis);
      expect(labels.length, `${paneId}: labels`).to.be.greaterThan(0);
      for (const l of labels)
        expect(
          l.bottom,
          `${paneId}: a label reaching the bottom edge (${l.top}..${l.bottom} of ${canvas.height})`,
        ).to.be.lessThan(canvas.height - 2);
    }
  });
});

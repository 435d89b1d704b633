import { expect } from '@open-wc/testing';
import { html } from 'lit';
import type { KlineChart } from '../../../components/kline-chart/kline-chart.js';
import { readyChart, waitFor } from '../helpers/chart-fixture.js';
import { paneCount, paneTotal } from '../helpers/pane-pixels.js';

const TAG_BG: [number, number, number] = [255, 0, 255];
const TAG_TEXT: [number, number, number] = [0, 255, 0];

describe('crosshair axis tags', () => {
  it('show the price on the price axis and the time on the time axis at the pointer, and go when it leaves', async () => {
    const chart: KlineChart = await readyChart(
      html`<kline-chart
        style="width:800px;height:500px;--kline-crosshair-label-background:#ff00ff;--kline-crosshair-label-color:#00ff00"
        indicators="VOL"
      ></kline-chart>`,
    );
    const root = chart.shadowRoot!;
    const price = root.querySelector<HTMLElement>('.pane[data-pane-id="price"]')!;
    const bottom = [...root.querySelectorAll<HTMLElement>('.pane')].at(-1)!;
    const over = price.querySelector<HTMLElement>('.u-over')!;
    const o = over.getBoundingClientRect();
    const p = price.getBoundingClientRect();
    const b = bottom.getBoundingClientRect();
    expect(paneTotal(price, TAG_BG) + paneTotal(bottom, TAG_BG), 'no tag before the pointer comes').to.equal(0);

    const x = o.width * 0.4;
    const y = o.height * 0.3;
    over.dispatchEvent(
      new MouseEvent('mousemove', { bubbles: true, composed: true, clientX: o.left + x, clientY: o.top + y }),
    );
    // The price tag: on the axis right of the plot, rows around the pointer's y.
    const axisX = o.right - p.left;
    const rowY = o.top - p.top + y;
    const priceTag = () => paneCount(price, TAG_BG, { x: axisX + 1, y: rowY - 3, w: p.width - axisX - 2, h: 6 });
    await waitFor(() => priceTag() > 50, 'the price tag at the crosshair’s y');
    expect(
      paneCount(price, TAG_TEXT, { x: axisX, y: rowY - 10, w: p.width - axisX, h: 20 }),
      'the price written in the label colour',
    ).to.be.greaterThan(5);
    expect(
      paneCount(price, TAG_BG, { x: axisX + 1, y: rowY + 30, w: p.width - axisX - 2, h: 20 }),
      'nothing on the axis away from the crosshair',
    ).to.equal(0);
    expect(paneCount(price, TAG_BG, { x: 0, y: 0, w: axisX - 1, h: p.height }), 'nothing inside the plot').to.equal(0);

    // The time tag: under the last pane's plot, columns around the pointer's x.
    const bottomOver = bottom.querySelector<HTMLElement>('.u-over')!.getBoundingClientRect();
    const axisY = bottomOver.bottom - b.top;
    const colX = o.left - b.left + x;
    const timeTag = () => paneCount(bottom, TAG_BG, { x: colX - 3, y: axisY + 1, w: 6, h: b.height - axisY - 2 });
    await waitFor(() => timeTag() > 30, 'the time tag at the crosshair’s x');
    expect(
      paneCount(bottom, TAG_TEXT, { x: colX - 60, y: axisY, w: 120, h: b.height - axisY }),
      'the time written in the label colour',
    ).to.be.greaterThan(5);
    expect(
      paneCount(bottom, TAG_BG, { x: colX + 120, y: axisY + 1, w: 40, h: b.height - axisY - 2 }),
      'nothing on the time axis away from the crosshair',
    ).to.equal(0);

    // The pointer moves: the tags follow it.
    over.dispatchEvent(
      new MouseEvent('mousemove', { bubbles: true, composed: true, clientX: o.left + x, clientY: o.top + y + 60 }),
    );
    await waitFor(() => priceTag() === 0, 'the old price tag cleared');
    expect(
      paneCount(price, TAG_BG, { x: axisX + 1, y: rowY + 57, w: p.width - axisX - 2, h: 6 }),
      'the price tag at the new y',
    ).to.be.greaterThan(50);

    over.dispatchEvent(new MouseEvent('mouseleave', { bubbles: false }));
    await waitFor(() => paneTotal(price, TAG_BG) + paneTotal(bottom, TAG_BG) === 0, 'no tag once the pointer leaves');
    await chart.whenPainted();
    expect(paneTotal(price, TAG_BG) + paneTotal(bottom, TAG_BG), 'still none after the next paint').to.equal(0);
  });
});

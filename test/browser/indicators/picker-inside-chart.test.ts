import { expect } from '@open-wc/testing';
import { setViewport } from '@web/test-runner-commands';
import { html } from 'lit';
import { readyChart, waitFor } from '../helpers/chart-fixture.js';
import type { KlineChart } from '../../../components/kline-chart/kline-chart.js';

/** The element `find` returns, once it returns one. */
async function found<T>(find: () => T | null | undefined, what: string): Promise<T> {
  await waitFor(() => !!find(), what);
  return find()!;
}

const pickerRoot = (chart: KlineChart) => chart.shadowRoot!.querySelector('kline-indicator-picker')?.shadowRoot;

/** Clicks the chart's indicator button and waits for its list. */
async function openList(chart: KlineChart): Promise<{ picker: HTMLButtonElement; popup: HTMLElement }> {
  const picker = await found(
    () => pickerRoot(chart)?.querySelector<HTMLButtonElement>('[part="button"]'),
    'the button',
  );
  picker.click();
  const popup = await found(() => pickerRoot(chart)?.querySelector<HTMLElement>('[part="popup"]'), 'the list');
  return { picker, popup };
}

/**
 * The chart clips what it paints to its box (`contain: paint`). When the ƒx Indicators button sits
 * in the right part of the toolbar, the list it opens must open towards the left: opened to the
 * right, its search box and its "overlay"/"pane" column were cut off at the chart's edge (the demo
 * at 1280 × 800).
 */
describe('indicator picker inside a chart', () => {
  before(() => setViewport({ width: 1600, height: 900 }));
  after(() => setViewport({ width: 800, height: 600 }));

  it('opens its list inside the chart when the button is near the right edge', async () => {
    const chart = await readyChart(html`<kline-chart style="width:780px;height:500px" indicators=""></kline-chart>`);
    const host = chart.getBoundingClientRect();
    const { picker, popup } = await openList(chart);
    const button = (picker.getRootNode() as ShadowRoot).host.getBoundingClientRect();
    const box = popup.getBoundingClientRect();
    // The set-up: opened to the right of the button, the list would not fit.
    expect(button.left + box.width, 'list opened rightwards would pass the edge').to.be.greaterThan(host.right);
    expect(box.right, `list right edge (chart right ${host.right})`).to.be.at.most(host.right);
    expect(box.left, 'list left edge').to.be.at.least(host.left);
    // The list still hangs from its button.
    expect(box.top).to.be.at.least(button.bottom - 1);
  });

  it('opens inside the window too: a chart wider than the window', async () => {
    await setViewport({ width: 800, height: 600 });
    try {
      const chart = await readyChart(html`<kline-chart style="width:1400px;height:500px" indicators=""></kline-chart>`);
      const { popup } = await openList(chart);
      expect(popup.getBoundingClientRect().right).to.be.at.most(document.documentElement.clientWidth);
    } finally {
      await setViewport({ width: 1600, height: 900 });
    }
  });

  it('fits a phone: a chart 360 px wide with the button mid-toolbar, no room on either side', async () => {
    await setViewport({ width: 390, height: 844 });
    try {
      // The demo on a 390 × 844 phone: opened from ƒx Indicators (x ≈ 130), the 320 px list passed
      // the chart's right edge by ~75 px, its search box and "pane"/"overlay" column cut off.
      const chart = await readyChart(html`<kline-chart style="width:360px;height:500px" indicators=""></kline-chart>`);
      const host = chart.getBoundingClientRect();
      const { picker, popup } = await openList(chart);
      const button = (picker.getRootNode() as ShadowRoot).host.getBoundingClientRect();
      await waitFor(() => popup.getBoundingClientRect().width > 0, 'the list laid out');
      const box = popup.getBoundingClientRect();
      expect(button.left + 320, 'set-up: no room to the right').to.be.greaterThan(host.right);
      expect(button.right - 320, 'set-up: no room to the left').to.be.lessThan(host.left);
      expect(box.right, `list right edge (chart right ${host.right})`).to.be.at.most(host.right + 0.5);
      expect(box.left, `list left edge (chart left ${host.left})`).to.be.at.least(host.left - 0.5);
      expect(box.top).to.be.at.least(button.bottom - 1);
      // Its search box is whole and usable.
      const search = popup.querySelector('input')!.getBoundingClientRect();
      expect(search.right).to.be.at.most(host.right);
    } finally {
      await setViewport({ width: 1600, height: 900 });
    }
  });

  it('is never wider than a chart narrower than the list (320 px chart)', async () => {
    const chart = await readyChart(html`<kline-chart style="width:300px;height:240px" indicators=""></kline-chart>`);
    const host = chart.getBoundingClientRect();
    const { popup } = await openList(chart);
    const box = popup.getBoundingClientRect();
    expect(box.width, 'list width').to.be.at.most(host.width + 0.5);
    expect(box.left).to.be.at.least(host.left - 0.5);
    expect(box.right).to.be.at.most(host.right + 0.5);
  });

  it('still opens to the right of a button near the left edge', async () => {
    const chart = await readyChart(html`<kline-chart style="width:1400px;height:500px" indicators=""></kline-chart>`);
    const { picker, popup } = await openList(chart);
    // Measured open: the toolbar may have laid out again meanwhile.
    const host = (picker.getRootNode() as ShadowRoot).host.getBoundingClientRect();
    expect(Math.round(popup.getBoundingClientRect().left)).to.equal(Math.round(host.left));
  });
});

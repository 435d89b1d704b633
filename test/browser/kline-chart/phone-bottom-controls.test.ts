import { expect } from '@open-wc/testing';
import { setViewport } from '@web/test-runner-commands';
import { html } from 'lit';
import '../../../components/kline-chart/define.js';
import type { KlineChart } from '../../../components/kline-chart/kline-chart.js';
import { coreOf } from '../../../components/kline-chart/core-of.js';
import { fingerDrag, type Point } from '../helpers/touch-chart.js';
import { inputReady, waitFor } from '../helpers/chart-fixture.js';
import { mount, unmountAll } from '../panel/panel-fixture.js';

/** A phone's chart (390 px wide in a 390×844 viewport), painted. */
async function phoneChart(): Promise<KlineChart> {
  await setViewport({ width: 390, height: 844 });
  const main = mount(html`<main><kline-chart style="width:390px;height:640px" indicators="VOL"></kline-chart></main>`);
  const chart = main.querySelector<KlineChart>('kline-chart')!;
  await waitFor(() => chart.context.get() !== null, 'chart data');
  await chart.whenPainted();
  await inputReady(); // the plot's keys, touch gestures and separator drags (a chunk)
  window.scrollTo(0, 0);
  return chart;
}

const q = (chart: KlineChart, selector: string) => chart.shadowRoot!.querySelector<HTMLElement>(selector);

/** A finger's drag to the right over the price plot: older bars come in, the newest leaves the view. */
async function panToOlderBars(chart: KlineChart): Promise<void> {
  const o = q(chart, '.pane[data-pane-id="price"] .u-over')!.getBoundingClientRect();
  const from: Point = [o.left + 60, o.top + o.height / 2];
  await fingerDrag(from, [from[0] + 200, from[1]]);
  await waitFor(() => q(chart, '[part="latest-button"]') !== null, 'the "most recent bar" button');
}

/** The elements' boxes do not meet (1 px apart at least). */
function apart(a: HTMLElement, b: HTMLElement): boolean {
  const r = a.getBoundingClientRect();
  const s = b.getBoundingClientRect();
  return r.right <= s.left || s.right <= r.left || r.bottom <= s.top || s.bottom <= r.top;
}

/** Whether a finger at `el`'s centre presses it (or its icon), not something drawn over it. */
function pressable(chart: KlineChart, el: HTMLElement): boolean {
  const r = el.getBoundingClientRect();
  const hit = chart.shadowRoot!.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
  return hit !== null && el.contains(hit);
}

/** A close across a new alert line just above the last close: the chart's notice says it. */
async function fireAlert(chart: KlineChart): Promise<HTMLElement> {
  const b = coreOf(chart).store.peek('series')!.bars; // the last bar (no public read of it)
  const i = b.length - 1;
  const price = b.close[i] + 1;
  await chart.tools.execute('price_lines_create', { price, alert: 'cross' });
  chart.updateBar({
    time: b.time[i],
    open: b.open[i],
    high: Math.max(b.high[i], price + 1),
    low: b.low[i],
    close: price + 1,
    volume: b.volume[i] + 1,
  });
  await waitFor(() => /alert/i.test(q(chart, '.toast')?.textContent ?? ''), 'the alert notice');
  return q(chart, '.toast')!;
}

describe('a phone chart’s bottom: "most recent bar" button, notices and the replay strip', function () {
  this.timeout(60000);
  const clipboard = Object.getOwnPropertyDescriptor(Navigator.prototype, 'clipboard')!;
  afterEach(async () => {
    Object.defineProperty(Navigator.prototype, 'clipboard', clipboard);
    delete (navigator as { clipboard?: unknown }).clipboard;
    unmountAll();
    await setViewport({ width: 800, height: 600 });
  });

  it('a price alert’s notice leaves the "most recent bar" button uncovered and tappable', async () => {
    const chart = await phoneChart();
    await panToOlderBars(chart);
    const latest = q(chart, '[part="latest-button"]')!;
    const toast = await fireAlert(chart);
    expect(apart(toast, latest), 'the notice and the button do not overlap').to.equal(true);
    expect(pressable(chart, latest), 'the button is what a finger presses').to.equal(true);
    const r = latest.getBoundingClientRect();
    expect(Math.min(r.width, r.height), 'a finger-sized target').to.be.at.least(24);
  });

  it('during a replay the strip, the "most recent bar" button and a notice do not overlap; all are tappable', async () => {
    const chart = await phoneChart();
    const b = coreOf(chart).store.peek('series')!.bars; // a bar 60 back (no public read of the bars)
    expect(await chart.startReplay(b.time[b.length - 60])).to.equal(true);
    await waitFor(() => q(chart, '[part="replay-strip"]') !== null, 'the replay strip');
    await panToOlderBars(chart);
    // A notice: the clipboard refuses the image.
    Object.defineProperty(navigator, 'clipboard', {
      configurable: true,
      value: { write: () => Promise.reject(new DOMException('Write permission denied.', 'NotAllowedError')) },
    });
    expect(await chart.copyImage()).to.equal(false);
    await waitFor(() => q(chart, '.toast') !== null, 'the notice');
    const strip = q(chart, '[part="replay-strip"]')!;
    const latest = q(chart, '[part="latest-button"]')!;
    const toast = q(chart, '.toast')!;
    expect(apart(strip, latest), 'strip and button').to.equal(true);
    expect(apart(strip, toast), 'strip and notice').to.equal(true);
    expect(apart(latest, toast), 'button and notice').to.equal(true);
    for (const el of [latest, ...strip.querySelectorAll<HTMLElement>('button')]) {
      expect(pressable(chart, el), `${el.getAttribute('part')} under a finger`).to.equal(true);
      const r = el.getBoundingClientRect();
      expect(Math.min(r.width, r.height), `${el.getAttribute('part')} finger-sized`).to.be.at.least(24);
    }
    const main = q(chart, '.main')!.getBoundingClientRect();
    for (const el of [strip, latest, toast]) {
      const r = el.getBoundingClientRect();
      expect(r.left >= main.left && r.right <= main.right && r.bottom <= main.bottom, 'inside the chart').to.equal(
        true,
      );
    }
  });
});

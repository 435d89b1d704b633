import { expect } from '@open-wc/testing';
import { executeServerCommand, setViewport } from '@web/test-runner-commands';
import { html } from 'lit';
import '../../../components/kline-chart/define.js';
import type { KlineChart } from '../../../components/kline-chart/kline-chart.js';
import { inputReady, priceScales, waitFor } from '../helpers/chart-fixture.js';
import { mount, unmountAll } from '../panel/panel-fixture.js';

type Point = [number, number];

/** A real tap (Chromium DevTools protocol touch input) at the centre of an element. */
async function tap(el: Element): Promise<void> {
  el.scrollIntoView({ block: 'nearest' }); // the More menu scrolls
  const r = el.getBoundingClientRect();
  await tapAt([Math.round(r.left + r.width / 2), Math.round(r.top + r.height / 2)]);
}

async function tapAt(point: Point): Promise<void> {
  await executeServerCommand('touch', {
    steps: [
      { type: 'touchStart', points: [point] },
      { type: 'touchEnd', points: [] },
    ],
  });
}

async function phoneChart(): Promise<KlineChart> {
  const main = mount(html`<main><kline-chart style="width:390px;height:500px" locale="en"></kline-chart></main>`);
  const chart = main.querySelector<KlineChart>('kline-chart')!;
  await waitFor(() => chart.context.get() !== null, 'chart data');
  await chart.whenPainted();
  await inputReady(); // the plot's keys, touch gestures and separator drags (a chunk)
  return chart;
}

/** "Bar replay" from the More menu, by taps; resolves once the chart waits for the start bar. */
async function chooseStartBar(chart: KlineChart): Promise<void> {
  const root = chart.shadowRoot!;
  await waitFor(() => root.querySelector('[part="more-button"]') !== null, 'the compact toolbar');
  await tap(root.querySelector('[part="more-button"]')!);
  const item = () => root.querySelector<HTMLElement>('[part="more-menu"] [data-action="replay"]');
  await waitFor(() => item() !== null, 'the "Bar replay" item');
  await tap(item()!);
  await waitFor(() => root.querySelector('.replay-pick') !== null, 'choosing the start bar');
  await chart.updateComplete;
}

const hint = (chart: KlineChart) => chart.shadowRoot!.querySelector<HTMLElement>('.replay-hint [role="status"]');
const cancel = (chart: KlineChart) => chart.shadowRoot!.querySelector<HTMLElement>('[part="replay-cancel"]');

/**
 * On a phone (a coarse pointer, no keyboard) choosing the replay's start bar says "Tap", not "Click …
 * Enter … Escape", and offers a Cancel button in reach of the finger (the chart's "Bar replay" is in the
 * More menu there, so nothing else on screen cancels).
 */
describe('choosing the replay start on a touch screen', function () {
  this.timeout(60000);
  afterEach(() => unmountAll());
  after(async () => {
    await executeServerCommand('touch-screen', { on: false });
    await setViewport({ width: 800, height: 600 });
  });

  it('says "Tap", cancels with a visible button, and a tap on a bar starts the replay there; in every language', async () => {
    // A phone screen with touch emulation (a coarse pointer, no hover: web-test-runner.config.js).
    await setViewport({ width: 390, height: 800 });
    await executeServerCommand('touch-screen', { on: true });
    await waitFor(() => matchMedia('(pointer: coarse)').matches, 'the emulated touch screen');
    const chart = await phoneChart();
    await chooseStartBar(chart);
    expect(hint(chart)?.textContent).to.equal('Tap a bar to start the replay');
    const button = cancel(chart)!;
    expect(button, 'a Cancel button').to.not.equal(null);
    expect(button.textContent.trim()).to.equal('Cancel');
    const b = button.getBoundingClientRect();
    expect(b.height, 'a finger-sized target').to.be.at.least(24);
    const box = chart.getBoundingClientRect();
    expect(b.left >= box.left && b.right <= box.right && b.top >= box.top, 'inside the chart').to.equal(true);
    const centre: Point = [Math.round(b.left + b.width / 2), Math.round(b.top + b.height / 2)];
    expect(chart.shadowRoot!.elementFromPoint(...centre), 'nothing covers it').to.equal(button);

    await tap(button);
    await waitFor(() => chart.shadowRoot!.querySelector('.replay-pick') === null, 'choosing cancelled');
    expect(chart.replay, 'no replay').to.equal(null);

    // Again, and a tap on a bar starts there.
    await chooseStartBar(chart);
    const s = await priceScales(chart);
    const over = chart.shadowRoot!.querySelector('.pane[data-pane-id="price"] .u-over')!.getBoundingClientRect();
    const k = s.lastIndex - 10;
    await tapAt([Math.round(over.left + (s.indexToX(k) - s.plot.left) / s.pixelRatio), Math.round(over.top + 80)]);
    await waitFor(() => chart.replay !== null, 'the replay started at the tapped bar');
    expect(chart.replay!.index).to.equal(k);
    await chart.stopReplay();

    const expected: Record<string, [string, string]> = {
      'zh-CN': ['点按一根 K 线，从那里开始回放', '取消'],
      'zh-TW': ['點按一根 K 線，從那裡開始回放', '取消'],
      ja: ['リプレイを開始するバーをタップ', 'キャンセル'],
    };
    for (const [locale, [text, label]] of Object.entries(expected)) {
      chart.locale = locale;
      await chooseStartBar(chart);
      await waitFor(() => hint(chart)?.textContent === text, `the ${locale} hint`);
      expect(cancel(chart)!.textContent.trim(), locale).to.equal(label);
      await tap(cancel(chart)!);
      await waitFor(() => chart.shadowRoot!.querySelector('.replay-pick') === null, `${locale}: cancelled`);
    }
  });

  it('with a mouse it still says "Click … Escape cancels", without a Cancel button', async () => {
    await executeServerCommand('touch-screen', { on: false });
    await setViewport({ width: 800, height: 600 });
    await waitFor(() => !matchMedia('(pointer: coarse)').matches, 'a mouse again');
    const chart = await phoneChart();
    await chooseStartBar(chart);
    expect(hint(chart)?.textContent).to.match(/^Click .*Escape cancels/);
    expect(cancel(chart)).to.equal(null);
  });
});

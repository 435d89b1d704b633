import { expect } from '@open-wc/testing';
import { html } from 'lit';
import { loadLocale } from '../../../components/i18n/index.js';
import type { KlineChart } from '../../../components/kline-chart/kline-chart.js';
import { readyChart } from '../helpers/chart-fixture.js';
import { liveText, recordLive } from '../helpers/live-region.js';
import { chord, press } from '../helpers/keyboard.js';
import { pollUntil } from '../helpers/wait-for.js';

// A pan or zoom key that could not move the view (Shift+Left on the first bar, + fully zoomed in, − fully
// zoomed out) said nothing: the view's sentence was the same words, which a live region does not read twice.
// Now it says why, once per press or burst of presses.

/** `times` presses of `key` 20 ms apart on the plot, as a held key repeats. */
async function burst(chart: KlineChart, key: string, times: number, shiftKey = false): Promise<void> {
  for (let i = 0; i < times; i++) {
    chart.dispatchEvent(
      new KeyboardEvent('keydown', { key, shiftKey, bubbles: true, composed: true, cancelable: true }),
    );
    await new Promise((r) => setTimeout(r, 20));
  }
}

const rest = () => new Promise((r) => setTimeout(r, 1700)); // past the keys' 0.6 s pause and the announcer's window

describe('pan and zoom keys at the edge of the data or the zoom, as a screen reader hears them', function () {
  this.timeout(40000);

  it('Shift+Left on the first bars says "Start of data", each press again; a held key says it once', async () => {
    const chart = await readyChart(
      html`<kline-chart symbol="DEMO" period="1d" style="width:800px;height:400px"></kline-chart>`,
    );
    chart.focus();
    await press('Home');
    await chord('Shift', 'ArrowLeft'); // Home leaves half a screen of room: this one still moves
    await pollUntil(async () => liveText(chart).startsWith('Showing'), 'the pan said');
    await rest();

    const said = recordLive(chart);
    const view = chart.context.get()!.visibleRange;
    await chord('Shift', 'ArrowLeft');
    await pollUntil(async () => liveText(chart) === 'Start of data', 'the edge said');
    expect(chart.context.get()!.visibleRange, 'the view did not move').to.deep.equal(view);
    await rest();
    await chord('Shift', 'ArrowLeft');
    await rest();
    await burst(chart, 'ArrowLeft', 8, true);
    await rest();
    expect(
      said.filter((t) => t !== ''),
      'once per press, once for the held key',
    ).to.deep.equal(['Start of data', 'Start of data', 'Start of data']);
  });

  it('+ and − at the zoom limits say "Zoomed in fully" / "Zoomed out fully"; a burst that reached it says the view too', async () => {
    const chart = await readyChart(
      html`<kline-chart symbol="DEMO" period="1d" style="width:800px;height:400px"></kline-chart>`,
    );
    chart.focus();
    await burst(chart, '+', 20);
    await pollUntil(
      async () => liveText(chart).startsWith('Zoomed in fully. Showing'),
      'the burst that reached the limit',
    );
    const bars = chart.context.get()!.visibleRange.bars;
    await rest();
    await press('+');
    await pollUntil(async () => liveText(chart) === 'Zoomed in fully', 'one more + said');
    expect(chart.context.get()!.visibleRange.bars, 'no closer').to.equal(bars);

    await burst(chart, '-', 40);
    await pollUntil(async () => liveText(chart).startsWith('Zoomed out fully. Showing'), 'the burst out').catch(() => {
      throw new Error(`live region: ${liveText(chart)}; ${JSON.stringify(chart.context.get()!.visibleRange)}`);
    });
    await rest();
    await press('-');
    await pollUntil(async () => liveText(chart) === 'Zoomed out fully', 'one more − said');
  });

  it('speaks the chart\'s language: Shift+Right past the newest bar says "已到数据末尾"', async () => {
    await loadLocale('zh-CN');
    const chart = await readyChart(
      html`<kline-chart locale="zh-CN" symbol="DEMO" period="1d" style="width:800px;height:400px"></kline-chart>`,
    );
    chart.focus();
    await burst(chart, 'ArrowRight', 4, true);
    await rest();
    await chord('Shift', 'ArrowRight');
    await pollUntil(async () => liveText(chart) === '已到数据末尾', 'the edge said in Chinese').catch(() => {
      throw new Error(`live region: ${liveText(chart)}`);
    });
  });
});

import { expect } from '@open-wc/testing';
import { countPixels, parseColor } from '../helpers/canvas-pixels.js';
import { paneCanvas } from '../helpers/chart-fixture.js';
import { mountChart, painted, removeFixtures } from '../lifecycle/lifecycle-fixture.js';
import { zigzagRise } from '../helpers/zigzag-rise.js';

const UP = '#00c000';
const DOWN = '#e00000';

/** `heikin_ashi` draws averaged candles (src/core/data/heikin-ashi.ts); the legend keeps market prices. */
describe('Heikin-Ashi candles', function () {
  this.timeout(60000);
  afterEach(removeFixtures);

  it('a noisy rise shows as rising candles, the legend keeps the last market close, and candles come back', async () => {
    const { chart } = mountChart({ symbol: 'HA', period: '1m' });
    chart.setAttribute(
      'style',
      `width:700px;height:420px;--kline-up-color:${UP};--kline-down-color:${DOWN};--kline-up-text-color:${UP};--kline-down-text-color:${DOWN}`,
    );
    const bars = zigzagRise(120);
    chart.setBars(bars);
    await painted(chart);
    await chart.tools.execute('settings_update', { values: { lastPrice: false } });
    await painted(chart);
    const canvas = () => paneCanvas(chart, 'price');
    const up = parseColor(UP);
    const down = parseColor(DOWN);
    const before = { up: countPixels(canvas(), up, 12), down: countPixels(canvas(), down, 12) };
    expect(before.down, 'half the market candles fall').to.be.greaterThan(before.up * 0.3);

    const result = await chart.tools.execute('settings_update', { values: { candleStyle: 'heikin_ashi' } });
    expect(result.success, JSON.stringify(result)).to.equal(true);
    await painted(chart);
    const after = { up: countPixels(canvas(), up, 12), down: countPixels(canvas(), down, 12) };
    expect(after.up, 'rising Heikin-Ashi candles').to.be.greaterThan(before.up);
    expect(after.down, 'no falling Heikin-Ashi candle past the first bars').to.be.lessThan(before.down * 0.05);
    const legend = chart.shadowRoot!.querySelector('.legend')!.textContent;
    const last = bars[bars.length - 1];
    // 158.9, not the Heikin-Ashi close (O + H + L + C) / 4 = 159.2.
    expect(legend, 'the legend shows the market close').to.contain(`C ${+last.close.toFixed(2)}`);

    await chart.tools.execute('settings_update', { values: { candleStyle: 'solid' } });
    await painted(chart);
    expect(countPixels(canvas(), down, 12), 'market candles again').to.be.closeTo(before.down, before.down * 0.02);
  });
});

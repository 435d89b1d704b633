import { expect } from '@open-wc/testing';
import { countPixels, parseColor } from '../helpers/canvas-pixels.js';
import { paneCanvas } from '../helpers/chart-fixture.js';
import { minuteBars, mountChart, painted, removeFixtures } from '../lifecycle/lifecycle-fixture.js';

/** `line` draws the closes as one line; `area` fills below it as well (paint-candles.ts). */
describe('line and area price styles', function () {
  this.timeout(60000);
  afterEach(removeFixtures);

  it('line shows the close line without candles; area adds the fill below it', async () => {
    const { chart } = mountChart({ symbol: 'STYLE', period: '1m' });
    chart.setAttribute('style', 'width:700px;height:420px;--kline-line-color:#0000ff;--kline-area-fill:#ffcc00');
    chart.setBars(minuteBars(200));
    await painted(chart);
    // The last price's tag and line take the candle colours too.
    await chart.tools.execute('settings_update', { values: { lastPrice: false } });
    await painted(chart);
    const blue = parseColor('#0000ff');
    const fill = parseColor('#ffcc00');
    const up = parseColor(getComputedStyle(chart).getPropertyValue('--kline-up-color').trim() || '#26a69a');
    const canvas = () => paneCanvas(chart, 'price');
    expect(countPixels(canvas(), blue, 10), 'no line on candles').to.equal(0);
    const candles = countPixels(canvas(), up, 10);
    expect(candles, 'candles').to.be.greaterThan(200);

    await chart.tools.execute('settings_update', { values: { candleStyle: 'line' } });
    await painted(chart);
    const line = countPixels(canvas(), blue, 10);
    expect(line, 'the close line').to.be.greaterThan(300);
    expect(countPixels(canvas(), up, 10), 'no candles').to.be.lessThan(candles * 0.05);
    expect(countPixels(canvas(), fill, 10), 'no fill').to.equal(0);

    await chart.tools.execute('settings_update', { values: { candleStyle: 'area' } });
    await painted(chart);
    // Fewer pure-blue pixels than the line alone: its anti-aliased edges blend into the fill.
    expect(countPixels(canvas(), blue, 10), 'the close line over the fill').to.be.within(line * 0.6, line * 1.2);
    expect(countPixels(canvas(), fill, 10), 'the fill below').to.be.greaterThan(10000);
  });
});

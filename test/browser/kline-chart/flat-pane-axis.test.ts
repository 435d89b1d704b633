import { expect } from '@open-wc/testing';
import type { Bar } from '../../../src/core/data/bars.js';
import type { KlineChart } from '../../../components/kline-chart/kline-chart.js';
import { waitFor } from '../helpers/chart-fixture.js';
import { minuteBars, mountChart, painted, removeFixtures } from '../lifecycle/lifecycle-fixture.js';

// A volume pane whose volumes were all zero labelled its axis "0, 1, 1" (ticks 0, 0.5, 1 rounded to
// whole volumes); a study pane whose values were all equal wrote one label several times too
// ("2M, 2M, 2M"). A flat pane labels only its one value; fractional volumes keep their decimals.

/**
 * The value-axis labels of the pane after `price` as the chart repaints (1 px wider), one per label
 * position (the pane's canvas is replaced on resize, so it is found by its pane). Time labels excluded.
 */
async function studyPaneTexts(chart: KlineChart): Promise<string[]> {
  const byY = new Map<number, string>();
  const fillText = CanvasRenderingContext2D.prototype.fillText;
  CanvasRenderingContext2D.prototype.fillText = function (text: string, x: number, y: number, w?: number) {
    const pane = this.canvas.closest?.('.pane')?.getAttribute('data-pane-id');
    if (pane && pane !== 'price' && text !== '' && !/^\d\d:\d\d$/.test(text)) byY.set(Math.round(y), text);
    return w === undefined ? fillText.call(this, text, x, y) : fillText.call(this, text, x, y, w);
  };
  try {
    chart.style.width = `${chart.offsetWidth + 1}px`;
    await waitFor(() => byY.size > 0, 'a repaint of the pane');
    await chart.whenPainted();
    await chart.whenPainted();
    return [...byY.entries()].sort((a, b) => b[0] - a[0]).map(([, text]) => text);
  } finally {
    CanvasRenderingContext2D.prototype.fillText = fillText;
  }
}

async function axisTexts(indicators: string, bars: Bar[]): Promise<string[]> {
  const { chart } = mountChart({ source: 'custom', indicators, style: 'width:700px;height:480px' });
  expect(chart.setBars(bars)).to.equal(true);
  await painted(chart);
  return studyPaneTexts(chart);
}

describe('the axis of a flat pane', function () {
  this.timeout(60000);
  afterEach(removeFixtures);

  it('a volume pane of zero volumes labels just 0', async () => {
    const texts = await axisTexts(
      'VOL',
      minuteBars(120).map((b) => ({ ...b, volume: 0 })),
    );
    expect(texts).to.deep.equal(['0']);
  });

  it('fractional volumes under 1 get distinct labels with decimals', async () => {
    const texts = await axisTexts(
      'VOL',
      minuteBars(120).map((b, i) => ({ ...b, volume: 0.1 + (i % 8) * 0.1 })),
    );
    expect(texts.length, texts.join(' ')).to.be.greaterThan(1);
    expect(new Set(texts).size, texts.join(' ')).to.equal(texts.length);
    expect(
      texts.some((t) => /^0\.\d+$/.test(t)),
      texts.join(' '),
    ).to.equal(true);
  });

  it('a study pane whose values are all equal has distinct labels around its value', async () => {
    // Identical bars: the true range, so ATR, is 2,000,000 on every bar.
    const bars = minuteBars(120).map((b) => ({ ...b, open: 2e6, close: 2e6, high: 3e6, low: 1e6 }));
    const texts = await axisTexts('ATR(14)', bars);
    expect(new Set(texts).size, texts.join(' ')).to.equal(texts.length);
    expect(texts, texts.join(' ')).to.include('2M');
  });
});

import { expect } from '@open-wc/testing';
import type { KlineChart } from '../../../components/kline-chart/kline-chart.js';
import type { PrimitiveScales } from '../../../components/kline-chart/chart-primitive.js';
import type { Bar } from '../../../src/core/data/index.js';
import { axisLabels, type AxisLabelInk } from '../helpers/axis-labels.js';
import { parseColor } from '../helpers/canvas-pixels.js';
import { midpointStudy } from '../helpers/midpoint-study.js';
import { paneCanvas, waitFor } from '../helpers/chart-fixture.js';
import { mountChart, painted, removeFixtures } from '../lifecycle/lifecycle-fixture.js';
import { tickBars } from '../helpers/tick-bars.js';

/** The bar midpoints on the left scale: the same prices as the candles, on the other axis. */
const mid = midpointStudy('LEFTMID', 'Midpoint (left)', 0, 1);

/**
 * The left price scale (an overlay put on it) writes its ticks as the right one does: as many decimals
 * as the step between ticks needs. These read the labels off the canvas: a label that repeats its
 * neighbour's text at another height, or that has fewer digits than the right axis's, is what a person
 * would notice.
 */
describe('left price scale labels', function () {
  this.timeout(60000);
  afterEach(removeFixtures);

  async function labelsOf(rows: Bar[]): Promise<{ left: AxisLabelInk[]; right: AxisLabelInk[] }> {
    const { chart } = mountChart({ symbol: 'FX', period: '1m' });
    chart.registerIndicator(mid);
    expect(chart.setBars(rows)).to.equal(true);
    await painted(chart);
    const r = await chart.tools.execute('indicators_add', { definitionId: 'LEFTMID', scale: 'left' });
    expect(r.success, JSON.stringify(r)).to.equal(true);
    let scales: PrimitiveScales | null = null;
    chart.addPrimitive({ paint: (_ctx, s) => void (scales = s) });
    await waitFor(() => scales !== null && scales.plot.left > 20, 'the left axis');
    await chart.whenPainted();
    return read(chart, scales!);
  }

  function read(chart: KlineChart, s: PrimitiveScales): { left: AxisLabelInk[]; right: AxisLabelInk[] } {
    const canvas = paneCanvas(chart, 'price');
    const axis = parseColor(getComputedStyle(chart).getPropertyValue('--kline-axis-color').trim() || '#787b86');
    return {
      left: axisLabels(canvas, 0, Math.floor(s.plot.left) - 1, axis),
      right: axisLabels(canvas, Math.ceil(s.plot.left + s.plot.width) + 2, canvas.width, axis),
    };
  }

  const cases: [string, number, number, number][] = [
    ['a 1e-5 tick size near 1.08 (EUR/USD)', 1.0835, 1e-5, 0.002],
    ['a 1e-9 tick size near 0.000012 (PEPE)', 0.000012345, 1e-9, 0.01],
  ];
  for (const [name, base, tick, swing] of cases)
    it(`${name}: no label repeats its neighbour, and they are as long as the right axis's`, async () => {
      const { left, right } = await labelsOf(tickBars(200, base, tick, { swing, period: 9 }));
      expect(left.length, 'left labels').to.be.greaterThan(2);
      for (let i = 1; i < left.length; i++)
        expect(left[i].ink, `left label ${i} differs from the one above`).not.to.equal(left[i - 1].ink);
      const width = (labels: AxisLabelInk[]) => Math.max(...labels.map((l) => l.right - l.left));
      // The same prices, the same step: as many characters (a digit is ~6 px wide).
      expect(width(left), 'left label width vs right').to.be.closeTo(width(right), 7 * (window.devicePixelRatio || 1));
    });
});

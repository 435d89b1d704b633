import { expect } from '@open-wc/testing';
import type { KlineChart } from '../../../components/kline-chart/kline-chart.js';
import { axisLabels } from '../helpers/axis-labels.js';
import { parseColor, rowsWithColor } from '../helpers/canvas-pixels.js';
import { paneCanvas, waitFor } from '../helpers/chart-fixture.js';
import { minuteBars, mountChart, nextFrame, painted, removeFixtures } from '../lifecycle/lifecycle-fixture.js';

// A pane with no value to show had uPlot's stand-in scale 0..1 and painted its ticks: "0.0 … 1.0" on
// the price axis of a chart still waiting for its bars (source="custom"), "0.0 0.5 1.0" on a MACD pane
// whose 20 bars are all warm-up. Such a pane shows no value labels and no horizontal grid until it has data.

/** A solid grid colour, so the grid's rows can be told from the background. */
const GRID = '#ff00ff';

function mount(indicators: string): KlineChart {
  return mountChart({ source: 'custom', indicators, style: `width:700px;height:420px;--kline-grid-color:${GRID}` })
    .chart;
}

/** The value-axis labels of a pane (ink of the axis colour right of its plot) and its grid rows. */
function paneAxis(chart: KlineChart, paneId: string): { labels: number; gridRows: number } {
  const pane = chart.shadowRoot!.querySelector<HTMLElement>(`.pane[data-pane-id="${paneId}"]`)!;
  const canvas = paneCanvas(chart, paneId);
  const over = pane.querySelector<HTMLElement>('.u-over')!.getBoundingClientRect();
  const box = canvas.getBoundingClientRect();
  const k = canvas.width / box.width;
  const plotLeft = Math.ceil((over.left - box.left) * k);
  const plotRight = Math.floor((over.right - box.left) * k);
  const axis = parseColor(getComputedStyle(chart).getPropertyValue('--kline-axis-color').trim());
  return {
    labels: axisLabels(canvas, plotRight + 2, canvas.width, axis).length,
    gridRows: rowsWithColor(canvas, parseColor(GRID), plotLeft + 2, plotRight - 2, 40).length,
  };
}

describe('a pane without values', function () {
  this.timeout(60000);
  afterEach(removeFixtures);

  it('a chart waiting for its bars shows no price labels or grid; its bars bring them', async () => {
    const chart = mount('VOL');
    await waitFor(() => !!chart.shadowRoot?.querySelector('.pane[data-pane-id="price"] canvas'), 'the price pane');
    for (let i = 0; i < 3; i++) await nextFrame();
    expect(chart.context.get()).to.equal(null);
    expect(paneAxis(chart, 'price'), 'before data').to.deep.equal({ labels: 0, gridRows: 0 });

    expect(chart.setBars(minuteBars(200))).to.equal(true);
    await painted(chart);
    const after = paneAxis(chart, 'price');
    expect(after.labels, 'labels with data').to.be.greaterThan(2);
    expect(after.gridRows, 'grid rows with data').to.be.greaterThan(2);
  });

  it('a MACD pane whose bars are all warm-up shows no labels or grid until enough bars come', async () => {
    const chart = mount('VOL,MACD(12,26,9)');
    expect(chart.setBars(minuteBars(20))).to.equal(true);
    await painted(chart);
    const macd = () => chart.shadowRoot!.querySelector<HTMLElement>('.pane[data-pane-id*="macd"]')!.dataset.paneId!;
    expect(paneAxis(chart, 'price').labels, 'the price pane has values').to.be.greaterThan(2);
    expect(paneAxis(chart, macd()), 'MACD of 20 bars').to.deep.equal({ labels: 0, gridRows: 0 });

    expect(chart.setBars(minuteBars(200))).to.equal(true);
    await waitFor(() => chart.context.get()?.dataRange.bars === 200, '200 bars');
    await chart.whenPainted();
    await chart.whenPainted();
    const after = paneAxis(chart, macd());
    expect(after.labels, 'MACD labels with 200 bars').to.be.greaterThan(0);
    expect(after.gridRows, 'MACD grid with 200 bars').to.be.greaterThan(0);
  });
});

import { expect } from '@open-wc/testing';
import { executeServerCommand } from '@web/test-runner-commands';
import { waitFor } from '../helpers/chart-fixture.js';
import { frameChart, loadedScripts, openChartFrame } from '../helpers/test-frame.js';

type Bar = { time: number; open: number; high: number; low: number; close: number; volume: number };
type Chart = HTMLElement & {
  whenPainted(): Promise<void>;
  setBars(bars: readonly Bar[], options?: { period?: string }): boolean;
  updateBar(bar: Bar): boolean;
};

// A study's running state for live ticks (src/core/indicators/stepped-updater.ts) is a chunk of the bundle
// (lazy-stepped-updater.ts): a first paint computes every study in full. The first tick fetches it; until it
// is here, or when it cannot be fetched, each tick recomputes the study in full, so the values a user reads are
// the same either way.

const T0 = Date.UTC(2024, 0, 2);
const bar = (i: number, close: number): Bar => ({
  time: T0 + i * 60_000,
  open: close,
  high: close,
  low: close,
  close,
  volume: 1,
});

/** The text of the chart's legends (the price pane's and the study panes'). */
const legends = (chart: Chart) =>
  [...chart.shadowRoot!.querySelectorAll('.legend, .pane-legend')].map((e) => e.textContent ?? '').join(' | ');

describe("a study's running state for live ticks is a chunk", function () {
  this.timeout(60000);
  afterEach(() => executeServerCommand('block-requests', { pattern: null }));

  it('ticks show the right study values while it cannot be fetched, and after it loads', async () => {
    const { win } = await openChartFrame('/test/pages/script-tag-empty.html', 'width:900px;height:500px;border:0');
    await executeServerCommand('block-requests', { pattern: '/dist/chunks/stepped-updater-' });
    const { chart, errors } = await frameChart<Chart>(win, { indicators: 'MA(3)' });
    expect(chart.setBars([bar(0, 10), bar(1, 20), bar(2, 30), bar(3, 40)], { period: '1m' })).to.equal(true);
    await chart.whenPainted();
    await waitFor(() => /MA3\D*30\b/.test(legends(chart)), `MA3 = 30 in ${legends(chart)}`);

    // Appended, then changed in place: (30 + 40 + 80) / 3, then (30 + 40 + 110) / 3.
    expect(chart.updateBar(bar(4, 80))).to.equal(true);
    await waitFor(() => /MA3\D*50\b/.test(legends(chart)), `MA3 = 50 in ${legends(chart)}`);
    expect(chart.updateBar(bar(4, 110))).to.equal(true);
    await waitFor(() => /MA3\D*60\b/.test(legends(chart)), `MA3 = 60 in ${legends(chart)}`);
    const fetches = () => loadedScripts(win).filter((s) => s.startsWith('chunks/stepped-updater-')).length;
    // The blocked request's entry is listed once it has failed, which may come after the ticks' values.
    await waitFor(() => fetches() > 0, 'the fetch tried');
    expect(fetches(), 'one failed fetch').to.equal(1);

    await executeServerCommand('block-requests', { pattern: null });
    // The next chart's first tick fetches it; from then on ticks step the running state.
    chart.setAttribute('indicators', 'MA(2)');
    await waitFor(() => /MA2\D*75\b/.test(legends(chart)), `MA2 = 75 in ${legends(chart)}`);
    expect(chart.updateBar(bar(5, 150))).to.equal(true);
    await waitFor(() => /MA2\D*130\b/.test(legends(chart)), `MA2 = 130 in ${legends(chart)}`);
    await waitFor(() => fetches() === 2, 'fetched again');
    expect(chart.updateBar(bar(6, 50))).to.equal(true);
    await waitFor(() => /MA2\D*100\b/.test(legends(chart)), `MA2 = 100 in ${legends(chart)}`);
    expect(chart.updateBar(bar(6, 70))).to.equal(true);
    await waitFor(() => /MA2\D*110\b/.test(legends(chart)), `MA2 = 110 in ${legends(chart)}`);
    expect(errors).to.deep.equal([]);
  });
});

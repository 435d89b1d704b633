import { expect } from '@open-wc/testing';
import { executeServerCommand } from '@web/test-runner-commands';
import { waitFor } from '../helpers/chart-fixture.js';
import { loadedScripts, openChartFrame } from '../helpers/test-frame.js';

type Bar = { time: number; open: number; high: number; low: number; close: number; volume: number };
type Chart = HTMLElement & {
  context: { get(): { symbol?: string; period?: string } | null };
  whenPainted(): Promise<void>;
  setBars(bars: Bar[], options?: { symbol?: string; period?: string }): boolean;
};

// A bar's fault in words (src/core/data/check-bar.ts) is a chunk that only the data loading chunks
// import (load-series.ts, the CSV and JSON parsers), while the rules `setBars` and `updateBar` check and
// word with (first-unsound-bar.ts, find-bad-bar.ts) are in the bundle itself (issue #12). When the chunk
// cannot be fetched, the host's bars still show and are still refused with their exact words, loading a
// source's bars says why it failed, and the same load works once the chunk is fetched.

const T0 = Date.UTC(2024, 0, 2);
const minuteRows = (n: number): Bar[] =>
  Array.from({ length: n }, (_, i) => ({ time: T0 + i * 60_000, open: 10, high: 11, low: 9, close: 10.5, volume: 5 }));

describe("a chart whose bars' wording chunk (check-bar) cannot be fetched", function () {
  this.timeout(60000);

  afterEach(async () => {
    await executeServerCommand('block-requests', { pattern: null });
  });

  it("refuses the host's bad bars in the same words, says why sample data did not load, and loads it once it can", async () => {
    await executeServerCommand('block-requests', { pattern: '/dist/chunks/check-bar-' });
    const { frame, win } = await openChartFrame(
      '/test/pages/script-tag-empty.html',
      'width:900px;height:600px;border:0',
    );
    // Made here rather than with frameChart: a chart waiting for the host's bars is not ready before them.
    const chart = win.document.createElement('kline-chart') as HTMLElement as Chart;
    chart.style.cssText = 'display:block;width:800px;height:460px';
    chart.setAttribute('source', 'custom');
    const errors: string[] = [];
    chart.addEventListener('kline-error', (e) => errors.push((e as CustomEvent<{ message: string }>).detail.message));
    win.document.body.replaceChildren(chart);
    await win.customElements.whenDefined('kline-chart');

    // The host's own bars: checked and worded by the bundle alone.
    const bad = minuteRows(6);
    bad[4] = { ...bad[4], open: 12 };
    expect(chart.setBars(bad, { symbol: 'HOST', period: '1m' })).to.equal(false);
    expect(errors).to.deep.equal(['Bar 4 has open 12 outside [low 9, high 11].']);
    expect(chart.setBars(minuteRows(60), { symbol: 'HOST', period: '1m' })).to.equal(true);
    await chart.whenPainted();
    expect(loadedScripts(win).filter((p) => p.startsWith('chunks/check-bar-'))).to.deep.equal([]);

    // A source's bars go through the loading chunk, which needs check-bar: a clear kline-error, the host's bars stay.
    errors.length = 0;
    chart.setAttribute('source', 'sample');
    chart.setAttribute('symbol', 'DEMO');
    await waitFor(() => errors.length > 0, 'kline-error');
    expect(errors.join('\n')).to.match(/The chart's code for [^.]+ could not be loaded/);
    expect(chart.context.get()?.symbol).to.equal('HOST');

    // Once the chunk can be fetched, the same load works.
    await executeServerCommand('block-requests', { pattern: null });
    errors.length = 0;
    chart.setAttribute('period', '5m');
    await waitFor(() => chart.context.get()?.symbol === 'DEMO', 'the sample bars');
    expect(errors).to.deep.equal([]);
    expect(loadedScripts(win).some((p) => /^chunks\/check-bar-[\w-]{8}\.js$/.test(p))).to.equal(true);
    frame.remove();
  });
});

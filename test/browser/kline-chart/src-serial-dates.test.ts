import { expect } from '@open-wc/testing';
import type { KlineChart } from '../../../components/kline-chart/kline-chart.js';
import { waitFor } from '../helpers/chart-fixture.js';
import { minuteBars, mountChart, paneHashes, painted, removeFixtures } from '../lifecycle/lifecycle-fixture.js';

// A JSON file exported from a spreadsheet carries its dates as serial day numbers (45293 is 2024-01-03).
// The chart read them as epoch seconds and drew the file's bars in January 1970, without a word; a CSV
// with the same numbers was refused. Both must be refused with a kline-error that says what the numbers
// look like, and the chart keeps what it showed.

interface ErrorDetail {
  code: string;
  message: string;
}

const fileUrl = (body: string, type: string) => URL.createObjectURL(new Blob([body], { type }));

/** The next kline-error, or a stand-in saying none came within 10 s (the file was taken). */
function nextError(chart: KlineChart): Promise<ErrorDetail> {
  return new Promise((resolve) => {
    setTimeout(() => resolve({ code: 'none', message: 'no kline-error within 10 s' }), 10_000);
    chart.addEventListener('kline-error', (e) => resolve((e as CustomEvent<ErrorDetail>).detail), { once: true });
  });
}

describe('a data file with spreadsheet serial dates', function () {
  this.timeout(60000);
  afterEach(removeFixtures);

  for (const [shape, body] of [
    ['rows', '[[45293,10,11,9,10.5,100],[45294,10,11,9,10.5,100],[45295,10,11,9,10.5,100]]'],
    [
      'objects',
      '[{"date":45293,"open":10,"high":11,"low":9,"close":10.5},{"date":45294,"open":10,"high":11,"low":9,"close":10.5}]',
    ],
    ['columns', '{"time":[45293,45294],"open":[10,10],"high":[11,11],"low":[9,9],"close":[10.5,10.5]}'],
  ] as const) {
    it(`JSON ${shape}: kline-error naming the time and the serial dates; the chart keeps its bars`, async () => {
      const { chart } = mountChart({ period: '1d' });
      expect(chart.setBars(minuteBars(100, Date.UTC(2023, 0, 2), 86_400_000), { symbol: 'KEEP' })).to.equal(true);
      await painted(chart);
      const shown = JSON.stringify([chart.context.get()!.symbol, chart.context.get()!.dataRange]);
      const pixels = paneHashes(chart);
      const url = fileUrl(body, 'application/json');
      const error = nextError(chart);
      chart.setAttribute('symbol', 'SHEET');
      chart.setAttribute('source', 'json');
      chart.setAttribute('src', url);
      const detail = await error;
      URL.revokeObjectURL(url);
      expect(detail.code, detail.message).to.equal('parse_error');
      expect(detail.message).to.match(/time|date/);
      expect(detail.message).to.contain('45293');
      expect(detail.message).to.match(/spreadsheet/i);
      await waitFor(() => chart.shadowRoot!.querySelector('.toast') !== null, 'the toast');
      expect(JSON.stringify([chart.context.get()!.symbol, chart.context.get()!.dataRange])).to.equal(shown);
      await chart.whenPainted();
      expect(paneHashes(chart)).to.deep.equal(pixels);
    });
  }
});

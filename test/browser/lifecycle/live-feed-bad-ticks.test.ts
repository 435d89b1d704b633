import { expect } from '@open-wc/testing';
import type { KlineChart } from '../../../components/kline-chart/kline-chart.js';
import { coreOf } from '../../../components/kline-chart/core-of.js';
import type { Bar } from '../../../src/core/data/index.js';
import { waitFor } from '../helpers/chart-fixture.js';
import { minuteBars, mountChart, paneHashes, painted, removeFixtures, streamingSource } from './lifecycle-fixture.js';

// A live source's ticks went to the chart core without the checks `updateBar` makes for a host: a tick
// older than the last bar vanished without a word, and a tick with high below low (or NaN, or epoch
// seconds) was drawn. The feed's ticks must be checked like the host's: refused with a kline-error that
// says why, and the chart keeps what it showed.

interface ErrorDetail {
  code: string;
  reason?: string;
  message: string;
}

function lastBar(chart: KlineChart): Bar {
  const b = coreOf(chart).store.peek('series')!.bars;
  const i = b.length - 1;
  return { time: b.time[i], open: b.open[i], high: b.high[i], low: b.low[i], close: b.close[i], volume: b.volume[i] };
}

describe('bad ticks from a live source', function () {
  this.timeout(60000);
  afterEach(removeFixtures);

  it('are refused with kline-error invalid_bars naming the reason; the chart keeps its bars and pixels', async () => {
    const rows = minuteBars(200);
    const source = streamingSource(rows);
    const { chart } = mountChart({ live: 'on', period: '1m' });
    chart.registerDataSource(source);
    chart.setAttribute('source', 'stream');
    await waitFor(() => chart.context.get()?.source === 'stream', 'stream data');
    await painted(chart);
    expect(source.listeners).to.equal(1);
    const errors: ErrorDetail[] = [];
    chart.addEventListener('kline-error', (e) => errors.push((e as CustomEvent<ErrorDetail>).detail));
    const range = JSON.stringify(chart.context.get()!.dataRange);
    const last = lastBar(chart);
    const pixels = paneHashes(chart);
    const next = last.time + 60_000;
    const cases: [string, Bar, string][] = [
      ['an older tick', { ...rows[150] }, 'unsorted'],
      ['high below low', { time: next, open: 100, high: 99, low: 101, close: 100, volume: 1 }, 'high_below_low'],
      ['NaN close', { time: next, open: 100, high: 101, low: 99, close: Number.NaN, volume: 1 }, 'not_finite'],
      ['negative volume', { time: next, open: 100, high: 101, low: 99, close: 100, volume: -5 }, 'negative_volume'],
      ['epoch seconds', { time: next / 1000, open: 100, high: 101, low: 99, close: 100, volume: 1 }, 'seconds_not_ms'],
      ['a wild last-bar update', { ...last, high: last.low - 1 }, 'high_below_low'],
    ];
    for (const [name, bar, reason] of cases) {
      errors.length = 0;
      source.push(bar);
      expect(
        errors.map((e) => [e.code, e.reason]),
        name,
      ).to.deep.equal([['invalid_bars', reason]]);
      expect(errors[0].message, name).to.be.a('string').and.not.equal('');
      expect(JSON.stringify(chart.context.get()!.dataRange), name).to.equal(range);
      expect(lastBar(chart), name).to.deep.equal(last);
    }
    await chart.whenPainted();
    expect(paneHashes(chart), 'the canvases still show the bars of before').to.deep.equal(pixels);

    // A sound tick after them is drawn as before.
    errors.length = 0;
    source.push({ time: next, open: 100, high: 101, low: 99, close: 100.5, volume: 3 });
    expect(errors).to.deep.equal([]);
    expect(chart.context.get()!.dataRange.bars).to.equal(201);
  });
});

import { expect } from '@open-wc/testing';
import type { KlineChart } from '../../../components/kline-chart/kline-chart.js';
import { coreOf } from '../../../components/kline-chart/core-of.js';
import { LiveFeedController } from '../../../components/kline-chart/live-feed-controller.js';
import type { Bar } from '../../../src/core/data/index.js';
import { waitFor } from '../helpers/chart-fixture.js';
import { minuteBars, mountChart, paneHashes, painted, removeFixtures, streamingSource } from './lifecycle-fixture.js';

// A live source's ticks went to the chart core without the checks `updateBar` makes for a host: a tick
// older than the last bar vanished without a word, and a tick with high below low (or NaN, or epoch
// seconds) was drawn. The feed's ticks must be checked like the host's: refused with a kline-error that
// says why, and the chart keeps what it showed.
// Then a feed that kept sending bad ticks (10 a second) fired one kline-error per tick and flooded the host's
// handler: now the first fires at once and the rest of a window come as one summary naming how many (`refused`).

interface ErrorDetail {
  code: string;
  reason?: string;
  message: string;
  refused?: number;
}

const WINDOW_MS = 400;
const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

function lastBar(chart: KlineChart): Bar {
  const b = coreOf(chart).store.peek('series')!.bars;
  const i = b.length - 1;
  return { time: b.time[i], open: b.open[i], high: b.high[i], low: b.low[i], close: b.close[i], volume: b.volume[i] };
}

/** A 1m chart painted from a live source of 200 bars (`source.push` sends ticks). */
async function streamingChart() {
  const rows = minuteBars(200);
  const source = streamingSource(rows);
  const { chart } = mountChart({ live: 'on', period: '1m' });
  chart.registerDataSource(source);
  chart.setAttribute('source', 'stream');
  await waitFor(() => chart.context.get()?.source === 'stream', 'stream data');
  await painted(chart);
  return { rows, source, chart };
}

describe('bad ticks from a live source', function () {
  this.timeout(60000);
  let defaultWindow = 0;
  before(() => {
    defaultWindow = LiveFeedController.refusalWindowMs;
    LiveFeedController.refusalWindowMs = WINDOW_MS;
  });
  after(() => {
    LiveFeedController.refusalWindowMs = defaultWindow;
  });
  afterEach(removeFixtures);

  it('are refused with kline-error invalid_bars naming the reason; the chart keeps its bars and pixels', async () => {
    const { rows, source, chart } = await streamingChart();
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
    let first = true;
    for (const [name, bar, reason] of cases) {
      errors.length = 0;
      source.push(bar);
      // The first refusal fires at once; one right after it is told in the window's summary.
      if (!first) {
        expect(errors, `${name}: not at once`).to.deep.equal([]);
        await waitFor(() => errors.length > 0, `${name}: the summary`);
      }
      expect(
        errors.map((e) => [e.code, e.reason, e.refused]),
        name,
      ).to.deep.equal([['invalid_bars', reason, first ? undefined : 1]]);
      expect(errors[0].message, name).to.be.a('string').and.not.equal('');
      first = false;
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

  it('a flood of bad ticks fires once at once, then at most one summary per window; good ticks keep flowing; a new symbol starts afresh', async () => {
    const { rows, source, chart } = await streamingChart();
    const errors: (ErrorDetail & { at: number })[] = [];
    chart.addEventListener('kline-error', (e) =>
      errors.push({ ...(e as CustomEvent<ErrorDetail>).detail, at: performance.now() }),
    );
    const stale = { ...rows[10] };
    let t = lastBar(chart).time;
    const start = performance.now();
    // 30 bad ticks every 20 ms (50 a second) over 600 ms, a sound new bar after every third.
    let good = 0;
    for (let i = 0; i < 30; i++) {
      source.push(i % 2 ? stale : { ...lastBar(chart), low: lastBar(chart).high + 1 });
      if (i % 3 === 2) {
        t += 60_000;
        source.push({ time: t, open: 100, high: 101, low: 99, close: 100.5, volume: 3 });
        good++;
      }
      await sleep(20);
    }
    expect(errors[0].at - start, 'the first refusal fires at once').to.be.below(20);
    expect(errors[0].refused).to.equal(undefined);
    expect(chart.context.get()!.dataRange.bars, 'the sound ticks were drawn').to.equal(200 + good);
    // Recovery: only sound ticks; the refusals still untold come in one summary, then nothing.
    for (let i = 0; i < 5; i++) {
      t += 60_000;
      source.push({ time: t, open: 100, high: 101, low: 99, close: 100.5, volume: 3 });
      await sleep(20);
    }
    await sleep(WINDOW_MS * 2.5);
    const told = errors.reduce((sum, e) => sum + (e.refused ?? 1), 0);
    expect(told, 'every refused tick is counted').to.equal(30);
    expect(errors.length, `${errors.length} events for 30 bad ticks`).to.be.at.most(4);
    for (const e of errors) expect(e.code).to.equal('invalid_bars');
    for (let i = 2; i < errors.length; i++)
      expect(errors[i].at - errors[i - 1].at, 'summaries a window apart').to.be.at.least(WINDOW_MS - 5);
    const summary = errors[errors.length - 1];
    expect(summary.refused).to.be.a('number');
    expect(summary.message).to.contain(`${summary.refused}`);
    expect(['unsorted', 'high_below_low']).to.include(summary.reason);
    const settled = errors.length;
    await sleep(WINDOW_MS * 1.5);
    expect(errors.length, 'nothing more once the feed recovered').to.equal(settled);

    // A bad tick just after one, on a new symbol, fires at once: the new stream starts afresh.
    const windowOpened = performance.now();
    source.push(stale);
    expect(errors.length).to.equal(settled + 1);
    const loaded = new Promise((r) => chart.addEventListener('kline-data-load', r, { once: true }));
    chart.setAttribute('symbol', 'LIVE2');
    await loaded;
    await chart.whenPainted();
    expect(coreOf(chart).store.peek('target')?.symbol).to.equal('LIVE2');
    expect(source.listeners, 'subscribed again').to.equal(1);
    expect(performance.now() - windowOpened, "still inside the old stream's window").to.be.below(WINDOW_MS);
    source.push(stale);
    expect(
      errors.slice(settled + 1).map((e) => [e.reason, e.refused]),
      'the new stream tells its first refusal at once',
    ).to.deep.equal([['unsorted', undefined]]);
  });
});

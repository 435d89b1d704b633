import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { Bar, Bars } from '../../../src/core/data/bars.js';
import { DataSourceError } from '../../../src/core/data/data-source.js';
import { PERIODS } from '../../../src/core/data/period.js';
import { aggregateBars } from '../../../src/core/data/aggregate-bars.js';
import { formatMarketTime, parseMarketTime, zonedParts } from '../../../src/core/data/index.js';
import { generateSampleBars } from '../../../src/core/data/generate-sample-bars.js';
import { SAMPLE_SPECS } from '../../../src/core/data/sample-instruments.js';
import {
  createSampleSource,
  getSampleInstruments,
  SAMPLE_TICKS_PER_LIVE_BAR,
} from '../../../src/core/data/sample-source.js';

const source = createSampleSource();

function isDataSourceError(code: DataSourceError['code']): (e: unknown) => boolean {
  return (e: unknown) => e instanceof DataSourceError && e.code === code;
}

function bytesOf(bars: Bars): Buffer {
  return Buffer.concat(
    [bars.time, bars.open, bars.high, bars.low, bars.close, bars.volume].map((a) =>
      Buffer.from(a.buffer, a.byteOffset, a.byteLength),
    ),
  );
}

test('source identity and instrument list: DEMO first, at least 7 instruments on several exchanges and zones', () => {
  assert.equal(source.id, 'sample');
  assert.equal(source.label, 'Sample data (offline)');
  const instruments = getSampleInstruments();
  assert.ok(instruments.length >= 7);
  assert.deepEqual(
    [instruments[0].symbol, instruments[0].name, instruments[0].exchange, instruments[0].timezone],
    ['DEMO', 'Demo Corp', 'NASDAQ', 'America/New_York'],
  );
  const zones = new Set(instruments.map((i) => i.timezone));
  for (const zone of ['America/New_York', 'Asia/Shanghai', 'UTC', 'Europe/Berlin', 'Europe/London'])
    assert.ok(zones.has(zone), zone);
  assert.ok(instruments.some((i) => i.symbol === 'BTCUSDT' && i.exchange === 'BINANCE'));
  assert.ok(instruments.some((i) => i.symbol === 'ETHUSDT' && i.exchange === 'BINANCE'));
  assert.ok(instruments.every((i) => i.sourceId === 'sample'));
});

test('deterministic: two generations are byte-equal, and match the known first and last DEMO bars', async () => {
  for (const spec of SAMPLE_SPECS) {
    const a = generateSampleBars(spec);
    const b = generateSampleBars(spec);
    assert.equal(Buffer.compare(bytesOf(a.daily), bytesOf(b.daily)), 0, spec.instrument.symbol);
    assert.equal(Buffer.compare(bytesOf(a.minute), bytesOf(b.minute)), 0, spec.instrument.symbol);
  }
  const one = await createSampleSource().getBars({ symbol: 'DEMO', period: '1h' });
  const two = await createSampleSource().getBars({ symbol: 'DEMO', period: '1h' });
  assert.equal(Buffer.compare(bytesOf(one.bars), bytesOf(two.bars)), 0);
  // Golden values: the data must not change between machines or releases without this test noticing.
  const daily = (await source.getBars({ symbol: 'DEMO', period: '1d' })).bars;
  const first: Bar = {
    time: daily.time[0],
    open: daily.open[0],
    high: daily.high[0],
    low: daily.low[0],
    close: daily.close[0],
    volume: daily.volume[0],
  };
  assert.deepEqual(first, GOLDEN_FIRST_DEMO_BAR);
  assert.equal(daily.close[daily.length - 1], GOLDEN_LAST_DEMO_CLOSE);
});

test('daily bars span at least 10 years and end on 2026-11-27 in the market timezone', async () => {
  for (const instrument of getSampleInstruments()) {
    const symbol = `${instrument.exchange}:${instrument.symbol}`;
    const { bars, complete } = await source.getBars({ symbol, period: '1d' });
    const zone = instrument.timezone;
    assert.equal(complete, true);
    assert.equal(formatMarketTime(bars.time[bars.length - 1], zone, '1d'), '2026-11-27', symbol);
    assert.ok(bars.time[0] <= (parseMarketTime('2016-11-27', zone) as number), symbol);
    // Stamped at local midnight.
    const p = zonedParts(bars.time[bars.length - 1], zone);
    assert.deepEqual([p.hour, p.minute], [0, 0]);
  }
});

test('1-minute bars cover the last 30 trading days and lie only inside sessions', async () => {
  for (const spec of SAMPLE_SPECS) {
    const { instrument, sessions, everyDay } = spec;
    const { bars } = await source.getBars({ symbol: `${instrument.exchange}:${instrument.symbol}`, period: '1m' });
    const days = new Set<string>();
    for (let i = 0; i < bars.length; i++) {
      const p = zonedParts(bars.time[i], instrument.timezone);
      const minute = p.hour * 60 + p.minute;
      assert.ok(everyDay || (p.weekday !== 0 && p.weekday !== 6), `${instrument.symbol} trades on a weekend`);
      assert.ok(
        sessions.some(([start, end]) => minute >= start && minute < end),
        `${instrument.symbol} bar outside a session`,
      );
      days.add(formatMarketTime(bars.time[i], instrument.timezone, '1d'));
    }
    assert.equal(days.size, 30, instrument.symbol);
  }
});

test('no DEMO bar on a Saturday, no Shanghai bar in the 11:30–13:00 lunch break', async () => {
  const demo = (await source.getBars({ symbol: 'DEMO', period: '1m' })).bars;
  assert.equal(demo.length, 30 * 390);
  for (let i = 0; i < demo.length; i++) assert.notEqual(zonedParts(demo.time[i], 'America/New_York').weekday, 6);
  const sh = (await source.getBars({ symbol: 'SHDEMO', period: '1m' })).bars;
  assert.equal(sh.length, 30 * 240);
  for (let i = 0; i < sh.length; i++) {
    const p = zonedParts(sh.time[i], 'Asia/Shanghai');
    const minute = p.hour * 60 + p.minute;
    assert.ok(minute < 690 || minute >= 780, formatMarketTime(sh.time[i], 'Asia/Shanghai'));
  }
  const crypto = (await source.getBars({ symbol: 'BTCUSDT', period: '1m' })).bars;
  assert.equal(crypto.length, 30 * 1440);
  assert.equal(crypto.time[crypto.length - 1] - crypto.time[0], (30 * 1440 - 1) * 60_000);
});

test('OHLC invariants hold on every bar of every instrument and period', async () => {
  for (const instrument of getSampleInstruments()) {
    for (const period of PERIODS) {
      const { bars } = await source.getBars({ symbol: `${instrument.exchange}:${instrument.symbol}`, period });
      assert.ok(bars.length > 0);
      for (let i = 0; i < bars.length; i++) {
        const o = bars.open[i],
          h = bars.high[i],
          l = bars.low[i],
          c = bars.close[i],
          v = bars.volume[i];
        const where = `${instrument.exchange}:${instrument.symbol} ${period} #${i}`;
        assert.ok(l > 0 && l <= Math.min(o, c) && h >= Math.max(o, c) && v >= 0 && Number.isFinite(h + v), where);
        if (i > 0) assert.ok(bars.time[i] > bars.time[i - 1], where);
      }
    }
  }
});

test('prices look like a market: daily moves mostly small, volume higher on big moves, U-shaped intraday volume', async () => {
  const { bars } = await source.getBars({ symbol: 'DEMO', period: '1d' });
  let big = 0,
    bigVolume = 0,
    small = 0,
    smallVolume = 0;
  for (let i = 1; i < bars.length; i++) {
    const move = Math.abs(bars.close[i] / bars.close[i - 1] - 1);
    assert.ok(move < 0.2, `a ${Math.round(move * 100)}% daily move`);
    if (move > 0.03) {
      big++;
      bigVolume += bars.volume[i];
    } else if (move < 0.01) {
      small++;
      smallVolume += bars.volume[i];
    }
  }
  assert.ok(bigVolume / big > 1.3 * (smallVolume / small));
  const minute = (await source.getBars({ symbol: 'DEMO', period: '30m' })).bars;
  const byHalfHour = new Map<number, number>();
  for (let i = 0; i < minute.length; i++) {
    const p = zonedParts(minute.time[i], 'America/New_York');
    const key = p.hour * 60 + p.minute;
    byHalfHour.set(key, (byHalfHour.get(key) ?? 0) + minute.volume[i]);
  }
  const open = byHalfHour.get(570) as number,
    noon = byHalfHour.get(750) as number,
    close = byHalfHour.get(930) as number;
  assert.ok(open > 1.5 * noon && close > 1.5 * noon, 'busier at the open and close than at noon');
});

test('periods agree: the last daily bars are the aggregated 1-minute bars; 5m has 78 bars per NY day', async () => {
  const minute = (await source.getBars({ symbol: 'DEMO', period: '1m' })).bars;
  const daily = (await source.getBars({ symbol: 'DEMO', period: '1d', limit: 30 })).bars;
  const folded = aggregateBars(minute, '1m', '1d', 'America/New_York');
  assert.deepEqual(Array.from(daily.close), Array.from(folded.close));
  assert.deepEqual(Array.from(daily.high), Array.from(folded.high));
  const five = (await source.getBars({ symbol: 'DEMO', period: '5m' })).bars;
  assert.equal(five.length, 30 * 78);
  const weekly = (await source.getBars({ symbol: 'DEMO', period: '1w', limit: 1 })).bars;
  assert.equal(formatMarketTime(weekly.time[0], 'America/New_York', '1w'), '2026-11-23');
  const monthly = (await source.getBars({ symbol: 'BTCUSDT', period: '1M', limit: 1 })).bars;
  assert.equal(formatMarketTime(monthly.time[0], 'UTC', '1M'), '2026-11-01');
});

test('an ambiguous code: search returns both ACMEs; getBars takes the first or a qualified code', async () => {
  const found = await source.searchInstruments('ACME');
  assert.deepEqual(
    found.map((i) => `${i.exchange}:${i.symbol}`),
    ['NYSE:ACME', 'XETRA:ACME'],
  );
  assert.notEqual(found[0].name, found[1].name);
  assert.equal((await source.getBars({ symbol: 'ACME', period: '1d', limit: 1 })).instrument.exchange, 'NYSE');
  const xetra = await source.getBars({ symbol: 'xetra:acme', period: '1d', limit: 1 });
  assert.deepEqual([xetra.instrument.exchange, xetra.instrument.timezone], ['XETRA', 'Europe/Berlin']);
  assert.deepEqual(
    (await source.searchInstruments('XETRA:ACME')).map((i) => i.name),
    ['Acme Maschinenbau AG'],
  );
});

test('search: exact code first, then code prefix, then name substring (case-insensitive)', async () => {
  assert.deepEqual(
    (await source.searchInstruments('btc')).map((i) => i.symbol),
    ['BTCUSDT'],
  );
  const demo = await source.searchInstruments('demo');
  assert.equal(demo[0].symbol, 'DEMO');
  assert.ok(demo.some((i) => i.symbol === 'SHDEMO'));
  assert.deepEqual(
    (await source.searchInstruments('distillery')).map((i) => i.symbol),
    ['SHDEMO'],
  );
  assert.deepEqual(await source.searchInstruments('no such thing'), []);
  assert.equal((await source.searchInstruments('', { limit: 3 })).length, 3);
});

test('getBars honours from/to (inclusive) and limit (newest by default, oldest after from)', async () => {
  const all = (await source.getBars({ symbol: 'DEMO', period: '1d' })).bars;
  const last3 = await source.getBars({ symbol: 'DEMO', period: '1d', limit: 3 });
  assert.deepEqual(Array.from(last3.bars.time), Array.from(all.time.slice(-3)));
  assert.equal(last3.complete, false);
  const from = parseMarketTime('2024-03-04', 'America/New_York') as number;
  const to = parseMarketTime('2024-03-08', 'America/New_York') as number;
  const week = (await source.getBars({ symbol: 'DEMO', period: '1d', from, to })).bars;
  assert.deepEqual(
    Array.from(week.time).map((t) => formatMarketTime(t, 'America/New_York', '1d')),
    ['2024-03-04', '2024-03-05', '2024-03-06', '2024-03-07', '2024-03-08'],
  );
  const firstTwo = (await source.getBars({ symbol: 'DEMO', period: '1d', from, limit: 2 })).bars;
  assert.deepEqual(Array.from(firstTwo.time), [from, Array.from(week.time)[1]]);
  const lastTwo = (await source.getBars({ symbol: 'DEMO', period: '1d', to, limit: 2 })).bars;
  assert.deepEqual(Array.from(lastTwo.time), Array.from(week.time).slice(-2));
});

test('returned bars are copies: editing them does not change the next load', async () => {
  const a = await source.getBars({ symbol: 'DEMO', period: '1d', limit: 1 });
  const close = a.bars.close[0];
  a.bars.close[0] = -1;
  const b = await source.getBars({ symbol: 'DEMO', period: '1d', limit: 1 });
  assert.equal(b.bars.close[0], close);
});

test('unknown symbols and aborted requests reject with DataSourceError', async () => {
  await assert.rejects(
    source.getBars({ symbol: 'NOPE', period: '1d' }),
    (e: unknown) => isDataSourceError('not_found')(e) && (e as Error).message.includes('NOPE'),
  );
  await assert.rejects(source.getBars({ symbol: 'NASDAQ:ACME', period: '1d' }), isDataSourceError('not_found'));
  const controller = new AbortController();
  controller.abort();
  await assert.rejects(
    source.getBars({ symbol: 'DEMO', period: '1d', signal: controller.signal }),
    isDataSourceError('aborted'),
  );
  await assert.rejects(source.searchInstruments('DEMO', { signal: controller.signal }), isDataSourceError('aborted'));
});

test('subscribe: no timer until subscribed, a tick per second, a new bar every few ticks, silence after unsubscribe', async (t) => {
  t.mock.timers.enable({ apis: ['setInterval'] });
  const live = createSampleSource();
  const last = (await live.getBars({ symbol: 'DEMO', period: '1m', limit: 1 })).bars;
  const ticks: Bar[] = [];
  const subscribe = live.subscribe;
  assert.ok(subscribe);
  const stop = subscribe('DEMO', '1m', (bar) => ticks.push(bar));
  t.mock.timers.tick(1000);
  assert.equal(ticks.length, 1);
  assert.equal(ticks[0].time, last.time[0]);
  assert.equal(ticks[0].open, last.open[0]);
  assert.ok(
    ticks[0].high >= Math.max(ticks[0].open, ticks[0].close) && ticks[0].low <= Math.min(ticks[0].open, ticks[0].close),
  );
  t.mock.timers.tick(1000 * (SAMPLE_TICKS_PER_LIVE_BAR - 1));
  assert.equal(ticks.length, SAMPLE_TICKS_PER_LIVE_BAR);
  assert.equal(ticks.at(-1)?.time, last.time[0] + 60_000);
  stop();
  t.mock.timers.tick(5000);
  assert.equal(ticks.length, SAMPLE_TICKS_PER_LIVE_BAR);
});

const GOLDEN_FIRST_DEMO_BAR: Bar = {
  time: Date.UTC(2016, 0, 4, 5),
  open: 47.91,
  high: 48.97,
  low: 47.89,
  close: 48.78,
  volume: 2450701,
};
const GOLDEN_LAST_DEMO_CLOSE = 149.22;

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createBars, HeikinAshi, type Bars } from '../../../src/core/data/index.js';

/** `count` bars in a buffer of `capacity`, as the chart core keeps a live series (views of one memory). */
function series(count: number, capacity = count): Bars {
  const bars = createBars(capacity);
  for (let i = 0; i < count; i++) write(bars, i, i);
  return view(bars, count);
}

function write(bars: Bars, i: number, seed: number): void {
  const mid = 100 + Math.sin(seed / 3) * 5 + seed * 0.1;
  const [open, close] = seed % 2 === 0 ? [mid - 1, mid + 1.5] : [mid + 1, mid - 0.5];
  bars.time[i] = 1_700_000_000_000 + i * 60_000;
  bars.open[i] = open;
  bars.close[i] = close;
  bars.high[i] = Math.max(open, close) + 0.4;
  bars.low[i] = Math.min(open, close) - 0.2;
  bars.volume[i] = 10;
}

function view(bars: Bars, length: number): Bars {
  const f = (a: Float64Array) => a.subarray(0, length);
  return {
    time: f(bars.time),
    open: f(bars.open),
    high: f(bars.high),
    low: f(bars.low),
    close: f(bars.close),
    volume: f(bars.volume),
    length,
  };
}

const columns = (b: Bars) => ({
  open: [...b.open],
  high: [...b.high],
  low: [...b.low],
  close: [...b.close],
});

test('Heikin-Ashi bars follow the definition', () => {
  const bars = series(3);
  const ha = new HeikinAshi().of(bars);
  const o0 = (bars.open[0] + bars.close[0]) / 2;
  const c0 = (bars.open[0] + bars.high[0] + bars.low[0] + bars.close[0]) / 4;
  assert.equal(ha.open[0], o0);
  assert.equal(ha.close[0], c0);
  const o1 = (o0 + c0) / 2;
  const c1 = (bars.open[1] + bars.high[1] + bars.low[1] + bars.close[1]) / 4;
  assert.equal(ha.open[1], o1);
  assert.equal(ha.close[1], c1);
  assert.equal(ha.high[1], Math.max(bars.high[1], o1, c1));
  assert.equal(ha.low[1], Math.min(bars.low[1], o1, c1));
  assert.equal(ha.time, bars.time);
  assert.equal(ha.volume, bars.volume);
  assert.equal(ha.length, 3);
});

test('live ticks, new bars and a new series give what a fresh computation gives', () => {
  const memory = createBars(64);
  for (let i = 0; i < 40; i++) write(memory, i, i);
  const ha = new HeikinAshi();
  const check = (bars: Bars, what: string) =>
    assert.deepEqual(columns(ha.of(bars)), columns(new HeikinAshi().of(copy(bars))), what);
  check(view(memory, 40), 'first load');
  write(memory, 39, 77); // a tick rewrites the last bar in place
  check(view(memory, 40), 'a tick on the last bar');
  write(memory, 40, 41);
  write(memory, 41, 42);
  check(view(memory, 42), 'two new bars');
  check(series(30), 'another series (new memory)');
  check(series(50, 50), 'a longer one');
  check(view(memory, 20), 'a shorter view of the first memory');
});

function copy(bars: Bars): Bars {
  const out = createBars(bars.length);
  for (const f of ['time', 'open', 'high', 'low', 'close', 'volume'] as const) out[f].set(bars[f]);
  return out;
}

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { BUILTIN_INDICATORS, sessionDayRange, SessionDayTracker } from '../../../src/core/indicators/index.js';
import { defaults, randomColumns } from './fixtures.js';

function run(id: string, cols: ReturnType<typeof randomColumns>): Record<string, Float64Array> {
  const d = BUILTIN_INDICATORS.find((x) => x.id === id)!;
  return d.compute(cols, defaults(d));
}

function flat(n: number, price = 42, volume = 1000): ReturnType<typeof randomColumns> {
  const c = randomColumns(n, 3);
  for (const col of [c.open, c.high, c.low, c.close]) col.fill(price);
  c.volume.fill(volume);
  return c;
}

test('flat prices: TA-Lib ratios give 0 (RSI, CMO, STOCH, WR, CCI, MFI), bands collapse, KDJ RSV is 0', () => {
  const c = flat(120);
  const last = (id: string, key: string): number => run(id, c)[key][119];
  assert.equal(last('RSI', 'rsi'), 0);
  assert.equal(last('CMO', 'cmo'), 0);
  assert.equal(last('STOCH', 'k'), 0);
  assert.equal(last('WR', 'wr'), 0);
  assert.equal(last('CCI', 'cci'), 0);
  assert.equal(last('MFI', 'mfi'), 0);
  assert.equal(last('ATR', 'atr'), 0);
  assert.equal(last('ADOSC', 'adosc'), 0);
  const boll = run('BOLL', c);
  assert.equal(boll.upper[119], 42);
  assert.equal(boll.lower[119], 42);
  const kdj = run('KDJ', c);
  // K decays from the seed 50 towards the RSV of 0.
  assert.ok(kdj.k[119] < 1e-6 && kdj.k[119] >= 0);
  assert.equal(last('BIAS', 'bias1'), 0);
  // 0.1 is not exact in binary: the window average carries a residue that must not read as a swing.
  const tenth = flat(60, 0.1);
  assert.equal(run('CCI', tenth).cci[59], 0);
  assert.equal(run('BOLL', tenth).upper[59], run('BOLL', tenth).middle[59]);
  assert.equal(last('HV', 'hv'), 0);
});

test('zero volume: price-level and undefined ratios are NaN, TA-Lib and flow studies 0', () => {
  const c = randomColumns(120, 9);
  c.volume.fill(0);
  assert.ok(Number.isNaN(run('VWAP', c).vwap[119]));
  assert.ok(Number.isNaN(run('VWMA', c).vwma[119]));
  assert.ok(Number.isNaN(run('CMF', c).cmf[119]));
  assert.ok(Number.isNaN(run('VR', c).vr[119]));
  assert.equal(run('MFI', c).mfi[119], 0);
  assert.equal(run('EMV', c).emv[119], 0);
  assert.equal(run('OBV', c).obv[119], 0);
  assert.equal(run('AD', c).ad[119], 0);
  assert.equal(run('PVT', c).pvt[119], 0);
  assert.equal(run('VOL', c).ma1[119], 0);
});

test('sessionDayRange follows DST in the market timezone', () => {
  const ny = 'America/New_York';
  assert.deepEqual(sessionDayRange(Date.UTC(2024, 2, 10, 12), ny), [
    Date.UTC(2024, 2, 10, 5),
    Date.UTC(2024, 2, 11, 4),
  ]);
  assert.deepEqual(sessionDayRange(Date.UTC(2024, 10, 3, 12), ny), [
    Date.UTC(2024, 10, 3, 4),
    Date.UTC(2024, 10, 4, 5),
  ]);
  assert.deepEqual(sessionDayRange(Date.UTC(2024, 5, 1, 15), 'Asia/Shanghai'), [
    Date.UTC(2024, 4, 31, 16),
    Date.UTC(2024, 5, 1, 16),
  ]);
  assert.deepEqual(sessionDayRange(Date.UTC(2024, 5, 1, 15, 30), undefined), [
    Date.UTC(2024, 5, 1),
    Date.UTC(2024, 5, 2),
  ]);
  const tracker = new SessionDayTracker('Asia/Shanghai');
  assert.equal(tracker.isNewDay(Date.UTC(2024, 5, 1, 1)), true);
  assert.equal(tracker.isNewDay(Date.UTC(2024, 5, 1, 15)), false);
  assert.equal(tracker.isNewDay(Date.UTC(2024, 5, 1, 16)), true);
});

test('an infinite input is not a gap: only NaN marks a bar as missing', () => {
  const c = randomColumns(30, 4);
  c.volume[10] = Infinity;
  const obv = run('OBV', c).obv;
  assert.ok(Math.abs(obv[10]) === Infinity);
  c.volume[10] = NaN;
  const gap = run('OBV', c).obv;
  assert.ok(Number.isNaN(gap[10]));
  assert.ok(Number.isFinite(gap[11]));
});

test('CR (ta-lib form): after a stretch without CR values the shifted MAs start over, never averaging across it', () => {
  const c = randomColumns(300, 21);
  for (let i = 100; i < 140; i++) c.open[i] = c.high[i] = c.low[i] = c.close[i] = c.close[99];
  const v = run('CR', c);
  const lastMissing = v.cr.findLastIndex((x, i) => i > 100 && Number.isNaN(x) && i < 200);
  assert.ok(lastMissing > 120, `CR has no value over the flat stretch (last missing at ${lastMissing})`);
  // MA1 = REF(MA(CR, 10), 5): no value until 10 CR values in a row, then shifted 5 bars.
  const first = lastMissing + 10 + 5;
  for (let i = lastMissing; i < first; i++) assert.ok(Number.isNaN(v.ma1[i]), `MA1 at ${i} would step over the gap`);
  let sum = 0;
  for (let j = first - 5 - 9; j <= first - 5; j++) sum += v.cr[j];
  assert.ok(Math.abs(v.ma1[first] - sum / 10) < 1e-9 * Math.abs(sum / 10), 'the first MA1 averages the new CR values');
});

test('VOL hands out the volume column itself (no 8 MB copy per million bars), gaps and all', () => {
  const vol = BUILTIN_INDICATORS.find((d) => d.id === 'VOL')!;
  const columns = randomColumns(500, 7);
  columns.volume[10] = NaN; // a gap bar: takes the gap path
  for (const c of [randomColumns(500, 3), columns]) {
    const values = vol.compute(c, defaults(vol));
    assert.equal(values.volume.buffer, c.volume.buffer, 'same memory as the input');
    assert.deepEqual([...values.volume], [...c.volume.subarray(0, c.length)]);
    assert.equal(values.ma1.length, c.length);
  }
});

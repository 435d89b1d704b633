import { test } from 'node:test';
import assert from 'node:assert/strict';
import { BUILTIN_INDICATORS, type IndicatorDefinition } from '../../../src/core/indicators/index.js';
import {
  closesToColumns,
  defaults,
  diffSeries,
  randomColumns,
  round,
  rowsToColumns,
  type TestColumns,
} from './fixtures.js';
import * as ref from './reference.js';

function def(id: string): IndicatorDefinition {
  const d = BUILTIN_INDICATORS.find((x) => x.id === id);
  assert.ok(d, id);
  return d;
}

function run(id: string, c: TestColumns, params: Record<string, unknown> = {}): Record<string, Float64Array> {
  const d = def(id);
  return d.compute(c, { ...defaults(d), ...params });
}

function same(actual: Float64Array, expected: ArrayLike<number>, what: string, rel = 1e-9): void {
  const d = diffSeries(actual, expected, rel, 1e-9);
  assert.equal(d, null, `${what}: ${d}`);
}

const c = randomColumns(300, 1234);
const close = c.close;
const nanArr = (n: number): Float64Array => new Float64Array(n).fill(NaN);

test('MA / EMA / WMA: hand-computed values on 1..6', () => {
  const cols = closesToColumns([1, 2, 3, 4, 5, 6]);
  assert.deepEqual(Array.from(run('MA', cols, { periods: [3] }).ma1), [NaN, NaN, 2, 3, 4, 5]);
  // EMA(3): seed = mean(1,2,3) = 2, k = 0.5 → 3, 4, 5
  assert.deepEqual(Array.from(run('EMA', cols, { period: 3 }).ema), [NaN, NaN, 2, 3, 4, 5]);
  // WMA(3) at index 2: (1·1 + 2·2 + 3·3)/6 = 14/6
  assert.equal(run('WMA', cols, { period: 3 }).wma[2], 14 / 6);
  const cols2 = closesToColumns([2, 4, 8, 16]);
  // EMA(2): seed 3, k = 2/3 → 3 + (8 − 3)·2/3 = 6.333…, then 6.333… + (16 − 6.333…)·2/3
  const e = run('EMA', cols2, { period: 2 }).ema;
  assert.equal(round(e[2], 10), round(19 / 3, 10));
  assert.equal(round(e[3], 10), round(19 / 3 + ((16 - 19 / 3) * 2) / 3, 10));
});

test('MA with several periods equals the reference SMA for each', () => {
  const v = run('MA', c, { periods: [5, 10, 20, 60] });
  same(v.ma1, ref.sma(close, 5), 'ma5');
  same(v.ma4, ref.sma(close, 60), 'ma60');
});

test('EMA, WMA, DEMA, TEMA, TRIMA, KAMA, T3 equal their TA-Lib definitions', () => {
  same(run('EMA', c, { period: 14 }).ema, ref.ema(close, 14), 'EMA');
  same(run('WMA', c, { period: 9 }).wma, ref.wma(close, 9), 'WMA');
  const e1 = ref.ema(close, 10);
  const e2 = ref.ema(e1, 10, ref.first(e1));
  const e3 = ref.ema(e2, 10, ref.first(e2));
  same(
    run('DEMA', c, { period: 10 }).dema,
    e2.map((v, i) => 2 * e1[i] - v),
    'DEMA',
  );
  same(
    run('TEMA', c, { period: 10 }).tema,
    e3.map((v, i) => 3 * e1[i] - 3 * e2[i] + v),
    'TEMA',
  );
  same(run('TRIMA', c, { period: 10 }).trima, ref.trima(close, 10), 'TRIMA even');
  same(run('TRIMA', c, { period: 9 }).trima, ref.trima(close, 9), 'TRIMA odd');
  same(run('KAMA', c, { period: 10 }).kama, ref.kama(close, 10), 'KAMA');
  same(run('T3', c, { period: 5, vFactor: 0.7 }).t3, ref.t3(close, 5, 0.7), 'T3');
});

test('HMA and VWMA follow their formulas', () => {
  const half = ref.wma(close, 10);
  const full = ref.wma(close, 20);
  const raw = full.map((v, i) => 2 * half[i] - v);
  same(run('HMA', c, { period: 20 }).hma, ref.wma(raw, 4, 19), 'HMA');
  const vw = nanArr(c.length);
  for (let i = 19; i < c.length; i++) {
    let a = 0;
    let b = 0;
    for (let j = i - 19; j <= i; j++) {
      a += c.close[j] * c.volume[j];
      b += c.volume[j];
    }
    vw[i] = a / b;
  }
  same(run('VWMA', c, { period: 20 }).vwma, vw, 'VWMA');
});

test('BOLL uses the SMA and the population standard deviation', () => {
  const v = run('BOLL', c, { period: 20, multiplier: 2 });
  const mid = ref.sma(close, 20);
  const up = mid.map((m, i) => (i >= 19 ? m + 2 * ref.stdevPop(close, 20, i) : NaN));
  same(v.middle, mid, 'middle');
  same(v.upper, up, 'upper', 1e-8);
  // Hand-computed: closes 1..5, period 5: mean 3, population variance 2.
  const b = run('BOLL', closesToColumns([1, 2, 3, 4, 5]), { period: 5, multiplier: 2 });
  assert.equal(round(b.upper[4], 12), round(3 + 2 * Math.SQRT2, 12));
  assert.equal(round(b.lower[4], 12), round(3 - 2 * Math.SQRT2, 12));
});

test('SAR equals the TA-Lib algorithm, including reversals', () => {
  same(run('SAR', c).sar, ref.sar(c.high, c.low, 0.02, 0.2), 'SAR');
  // Hand-computed start: bar 1 has a higher high and higher low → long; SAR(1) = low[0].
  const rows = [
    [10, 11, 9, 10.5, 0],
    [10.5, 12, 10, 11.5, 0],
    [11.5, 13, 11, 12.5, 0],
  ];
  const s = run('SAR', rowsToColumns(rows)).sar;
  assert.ok(Number.isNaN(s[0]));
  assert.equal(s[1], 9);
  // af 0.02, ep 12 → 9 + 0.02·3 = 9.06, clamped below the lows of bars 1 (10, the "cheat") → 9.06;
  // bar 2 makes a new high: SAR(2) = 9.06.
  assert.equal(round(s[2], 10), 9.06);
});

test('KC, DC, ICHIMOKU, SUPERTREND follow their formulas', () => {
  const kc = run('KC', c);
  const mid = ref.ema(close, 20);
  const a10 = ref.atr(c, 10);
  same(
    kc.upper,
    mid.map((m, i) => m + 2 * a10[i]),
    'KC upper',
  );
  const dc = run('DC', c, { period: 20 });
  for (let i = 19; i < c.length; i += 37) {
    assert.equal(dc.upper[i], ref.highest(c.high, 20, i));
    assert.equal(dc.lower[i], ref.lowest(c.low, 20, i));
  }
  const ich = run('ICHIMOKU', c);
  const i = 120;
  const tenkan = (ref.highest(c.high, 9, i) + ref.lowest(c.low, 9, i)) / 2;
  const kijun = (ref.highest(c.high, 26, i) + ref.lowest(c.low, 26, i)) / 2;
  assert.equal(ich.tenkan[i], tenkan);
  assert.equal(ich.kijun[i], kijun);
  assert.equal(ich.spanA[i + 25], (tenkan + kijun) / 2);
  assert.equal(ich.spanB[i + 25], (ref.highest(c.high, 52, i) + ref.lowest(c.low, 52, i)) / 2);
  assert.equal(ich.chikou[i - 25], c.close[i]);

  // SuperTrend as TradingView's ta.supertrend, with TA-Lib ATR.
  const st = run('SUPERTREND', c, { period: 10, multiplier: 3 });
  const atr = ref.atr(c, 10);
  let pl = NaN;
  let pu = NaN;
  let dir = 1;
  for (let k = 10; k < c.length; k++) {
    const m = (c.high[k] + c.low[k]) / 2;
    let lo = m - 3 * atr[k];
    let up = m + 3 * atr[k];
    if (k > 10) {
      lo = lo > pl || c.close[k - 1] < pl ? lo : pl;
      up = up < pu || c.close[k - 1] > pu ? up : pu;
      dir = dir === 1 ? (c.close[k] > up ? -1 : 1) : c.close[k] < lo ? 1 : -1;
    }
    if (dir === -1) {
      assert.equal(st.up[k], lo);
      assert.ok(Number.isNaN(st.down[k]));
    } else {
      assert.equal(st.down[k], up);
      assert.ok(Number.isNaN(st.up[k]));
    }
    pl = lo;
    pu = up;
  }
});

test('VWAP resets at each market-timezone midnight', () => {
  const ny = randomColumns(72, 8, 'America/New_York');
  const v = run('VWAP', ny).vwap;
  const dayOf = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/New_York', dateStyle: 'short' });
  let pv = 0;
  let vol = 0;
  let day = '';
  for (let i = 0; i < ny.length; i++) {
    const d = dayOf.format(new Date(ny.time[i]));
    if (d !== day) {
      pv = 0;
      vol = 0;
      day = d;
    }
    pv += ((ny.high[i] + ny.low[i] + ny.close[i]) / 3) * ny.volume[i];
    vol += ny.volume[i];
    assert.ok(Math.abs(v[i] - pv / vol) < 1e-9 * Math.abs(v[i]), `bar ${i}`);
  }
  // Bars are hourly from 00:00 UTC = 19:00 New York: the 5th bar (05:00 UTC) starts a new day.
  const tp4 = (ny.high[5] + ny.low[5] + ny.close[5]) / 3;
  assert.equal(round(v[5], 9), round(tp4, 9));
  // In UTC the first reset is at bar 24 instead.
  const utc = run('VWAP', { ...ny, timezone: 'UTC' }).vwap;
  assert.notEqual(round(utc[5], 9), round(tp4, 9));
  assert.equal(round(utc[24], 9), round((ny.high[24] + ny.low[24] + ny.close[24]) / 3, 9));
});

test('MACD equals TA-Lib (fast seed window ends with the slow one; all outputs from slow+signal−2)', () => {
  const v = run('MACD', c);
  const [m, s, h] = ref.macd(close, 12, 26, 9);
  same(v.macd, m, 'macd');
  same(v.signal, s, 'signal');
  same(v.hist, h, 'hist');
  // The quirk matters: a fast EMA seeded from the first 12 closes gives a different value.
  const naiveFast = ref.ema(close, 12);
  const naiveLine = ref.ema(close, 26).map((x, i) => naiveFast[i] - x);
  assert.notEqual(round(v.macd[33], 12), round(naiveLine[33], 12));
  // Swapped periods behave like TA-Lib: slow < fast are exchanged.
  same(run('MACD', c, { fast: 26, slow: 12 }).macd, v.macd, 'swapped');
});

test('RSI matches the StockCharts/Wilder worked example and the reference', () => {
  // StockCharts' published RSI(14) table (cs-rsi.xls): 70.53, 66.32, 66.55, 69.41, 66.36, 57.97.
  const closes = [
    44.3389, 44.0902, 44.1497, 43.6124, 44.3278, 44.8264, 45.0955, 45.4245, 45.8433, 46.0826, 45.8931, 46.0328, 45.614,
    46.282, 46.282, 46.0028, 46.0328, 46.4116, 46.2222, 45.6439,
  ];
  const r = run('RSI', closesToColumns(closes), { period: 14 }).rsi;
  assert.ok(Number.isNaN(r[13]));
  assert.deepEqual(
    Array.from(r.subarray(14)).map((x) => round(x, 2)),
    [70.53, 66.32, 66.55, 69.41, 66.36, 57.97],
  );
  same(run('RSI', c).rsi, ref.rsi(close, 14), 'RSI');
  same(run('CMO', c).cmo, ref.rsi(close, 14, true), 'CMO');
});

test('STOCH, STOCHRSI, KDJ, WR, CCI', () => {
  const fk = ref.stochFastK(c, 14);
  const slowK = ref.sma(fk, 3, 13);
  const slowD = ref.sma(slowK, 3, 15);
  const st = run('STOCH', c);
  same(
    st.k,
    slowK.map((x, i) => (i >= 17 ? x : NaN)),
    'STOCH k',
  );
  same(st.d, slowD, 'STOCH d');

  const r = ref.rsi(close, 14);
  const sk = nanArr(c.length);
  for (let i = 18; i < c.length; i++) {
    const hh = ref.highest(r, 5, i);
    const ll = ref.lowest(r, 5, i);
    sk[i] = hh === ll ? 0 : ((r[i] - ll) / (hh - ll)) * 100;
  }
  const srsi = run('STOCHRSI', c);
  const sd = ref.sma(sk, 3, 18);
  same(srsi.d, sd, 'STOCHRSI d');
  same(
    srsi.k,
    sk.map((x, i) => (i >= 20 ? x : NaN)),
    'STOCHRSI k',
  );

  const kdj = run('KDJ', c);
  const rsv = ref.stochFastK(c, 9);
  let k = 50;
  let d = 50;
  for (let i = 8; i < c.length; i++) {
    k = (2 / 3) * k + rsv[i] / 3;
    d = (2 / 3) * d + k / 3;
    assert.ok(Math.abs(kdj.k[i] - k) < 1e-9 && Math.abs(kdj.d[i] - d) < 1e-9, `KDJ ${i}`);
    assert.ok(Math.abs(kdj.j[i] - (3 * k - 2 * d)) < 1e-8);
  }
  const wr = run('WR', c).wr;
  for (let i = 13; i < c.length; i += 17) {
    const hh = ref.highest(c.high, 14, i);
    const ll = ref.lowest(c.low, 14, i);
    assert.ok(Math.abs(wr[i] - (-100 * (hh - c.close[i])) / (hh - ll)) < 1e-9);
  }
  same(run('CCI', c).cci, ref.cci(c, 20), 'CCI');
  // Hand-computed KDJ on a 2-bar flat-then-up series with period 2.
  const hand = run(
    'KDJ',
    rowsToColumns([
      [10, 11, 9, 10, 1],
      [10, 12, 10, 12, 1],
    ]),
    { period: 2 },
  );
  // RSV = (12 − 9)/(12 − 9)·100 = 100 → K = 50·2/3 + 100/3 = 66.67, D = 50·2/3 + 66.67/3 = 55.56
  assert.equal(round(hand.k[1], 2), 66.67);
  assert.equal(round(hand.d[1], 2), 55.56);
  assert.equal(round(hand.j[1], 2), 88.89);
});

test('ATR, NATR, DMI (PLUS_DI, MINUS_DI, ADX, ADXR), AROON', () => {
  const a = ref.atr(c, 14);
  same(run('ATR', c).atr, a, 'ATR');
  same(
    run('NATR', c).natr,
    a.map((x, i) => (x / c.close[i]) * 100),
    'NATR',
  );
  // Hand-computed ATR(2): TR1 = max(12−10, |10.5−12|, |10.5−10|) = 2, TR2 = max(13−11, |11.5−13|, |11.5−11|) = 2
  const small = rowsToColumns([
    [10, 11, 9, 10.5, 0],
    [10.5, 12, 10, 11.5, 0],
    [11.5, 13, 11, 12.5, 0],
    [12.5, 16, 12, 15, 0],
  ]);
  const atr2 = run('ATR', small, { period: 2 }).atr;
  assert.equal(atr2[2], 2);
  assert.equal(atr2[3], (2 + 4) / 2);
  const [pdi, mdi, adx, adxr] = ref.dmi(c, 14);
  const dmi = run('DMI', c);
  same(dmi.pdi, pdi, '+DI');
  same(dmi.mdi, mdi, '-DI');
  same(dmi.adx, adx, 'ADX');
  same(dmi.adxr, adxr, 'ADXR');
  const [up, down] = ref.aroon(c, 14);
  const ar = run('AROON', c);
  same(ar.up, up, 'aroon up');
  same(ar.down, down, 'aroon down');
});

test('MFI, OBV, ROC, MTM, TRIX, ULTOSC, PPO', () => {
  same(run('MFI', c).mfi, ref.mfi(c, 14), 'MFI');
  const obv = run('OBV', closesToColumns([10, 11, 11, 9, 12], 100)).obv;
  assert.deepEqual(Array.from(obv), [100, 200, 200, 100, 200]);
  const roc = run('ROC', closesToColumns([10, 11, 12.1]), { period: 2 }).roc;
  assert.equal(round(roc[2], 10), 21);
  const mtm = run('MTM', closesToColumns([10, 11, 12.5, 12]), { period: 2, signal: 2 });
  assert.deepEqual(Array.from(mtm.mtm), [NaN, NaN, 2.5, 1]);
  assert.deepEqual(Array.from(mtm.ma), [NaN, NaN, NaN, 1.75]);
  const e1 = ref.ema(close, 12);
  const e2 = ref.ema(e1, 12, ref.first(e1));
  const e3 = ref.ema(e2, 12, ref.first(e2));
  const trix = nanArr(c.length);
  for (let i = 34; i < c.length; i++) trix[i] = (e3[i] / e3[i - 1] - 1) * 100;
  same(run('TRIX', c).trix, trix, 'TRIX', 1e-7);
  same(run('ULTOSC', c).ultosc, ref.ultosc(c, 7, 14, 28), 'ULTOSC');
  same(run('ULTOSC', c, { period1: 28, period2: 7, period3: 14 }).ultosc, ref.ultosc(c, 7, 14, 28), 'ULTOSC sorted');
  const fs = ref.sma(close, 12);
  const ss = ref.sma(close, 26);
  same(
    run('PPO', c).ppo,
    ss.map((s, i) => ((fs[i] - s) / s) * 100),
    'PPO SMA',
  );
  const fe = ref.ema(close, 12);
  const se = ref.ema(close, 26);
  same(
    run('PPO', c, { maType: 'EMA' }).ppo,
    se.map((s, i) => ((fe[i] - s) / s) * 100),
    'PPO EMA',
  );
});

test('AD, ADOSC, BOP, CMF, AO, PVT, EMV', () => {
  same(run('AD', c).ad, ref.ad(c), 'AD');
  same(run('ADOSC', c).adosc, ref.adosc(c, 3, 10), 'ADOSC', 1e-8);
  // Hand-computed AD: ((12 − 10) − (14 − 12))/(14 − 10)·100 = 0, then ((15 − 10) − 0)/5·50 = 50
  const adHand = run(
    'AD',
    rowsToColumns([
      [11, 14, 10, 12, 100],
      [12, 15, 10, 15, 50],
    ]),
  ).ad;
  assert.deepEqual(Array.from(adHand), [0, 50]);
  const bop = run(
    'BOP',
    rowsToColumns([
      [10, 14, 9, 13, 1],
      [10, 10, 10, 10, 1],
    ]),
  ).bop;
  assert.deepEqual(Array.from(bop), [0.6, 0]);
  const cmf = nanArr(c.length);
  for (let i = 19; i < c.length; i++) {
    let a = 0;
    let b = 0;
    for (let j = i - 19; j <= i; j++) {
      a += ref.mfv(c, j);
      b += c.volume[j];
    }
    cmf[i] = a / b;
  }
  same(run('CMF', c).cmf, cmf, 'CMF');
  const hl2 = Array.from({ length: c.length }, (_, i) => (c.high[i] + c.low[i]) / 2);
  const f5 = ref.sma(hl2, 5);
  const s34 = ref.sma(hl2, 34);
  same(
    run('AO', c).ao,
    f5.map((f, i) => f - s34[i]),
    'AO',
  );
  const pvt = run('PVT', closesToColumns([10, 11, 9.9], 100)).pvt;
  assert.equal(round(pvt[1], 10), 10);
  assert.equal(round(pvt[2], 10), 0);
  const raw = nanArr(c.length);
  for (let i = 1; i < c.length; i++) raw[i] = (10000 * (hl2[i] - hl2[i - 1]) * (c.high[i] - c.low[i])) / c.volume[i];
  same(run('EMV', c).emv, ref.sma(raw, 14, 1), 'EMV');
});

test('BIAS, PSY, VR, BRAR, CR, DMA, BBI, VOL, HV', () => {
  const m6 = ref.sma(close, 6);
  same(
    run('BIAS', c).bias1,
    m6.map((m, i) => ((close[i] - m) / m) * 100),
    'BIAS',
  );
  const psy = run('PSY', closesToColumns([1, 2, 1, 2, 3]), { period: 4, signal: 1 }).psy;
  assert.equal(psy[4], 75);
  const vrCols = closesToColumns([10, 11, 11, 10, 12]);
  vrCols.volume.set([5, 10, 20, 30, 40]);
  // up: 10 + 40, down: 30, flat: 20 → (50 + 10)/(30 + 10)·100 = 150
  assert.equal(run('VR', vrCols, { period: 4, signal: 1 }).vr[4], 150);
  const brarCols = rowsToColumns([
    [10, 12, 9, 11, 1],
    [11, 13, 10, 12, 1],
    [12, 12.5, 10.5, 11, 1],
  ]);
  const brar = run('BRAR', brarCols, { period: 2 });
  // AR(2) at 2: (1 + 2 + 0.5 ... ) → Σ(h − o) = 2 + 0.5, Σ(o − l) = 1 + 1.5
  assert.equal(brar.ar[2], (2.5 / 2.5) * 100);
  // BR(2) at 2: Σmax(0, h − pc) = (13 − 11) + (12.5 − 12) = 2.5; Σmax(0, pc − l) = (11 − 10) + (12 − 10.5) = 2.5
  assert.equal(brar.br[2], 100);
  // CR(2) at 2: mid1 = (12 + 9)/2 = 10.5, mid2 = (13 + 10)/2 = 11.5;
  // up = (13 − 10.5) + (12.5 − 11.5) = 3.5; down = (10.5 − 10) + (11.5 − 10.5) = 1.5
  assert.equal(round(run('CR', brarCols, { period: 2 }).cr[2], 10), round((3.5 / 1.5) * 100, 10));
  const cr = run('CR', c);
  const crRaw = cr.cr;
  const ma10 = ref.sma(crRaw, 10, 26);
  for (let i = 40; i < c.length; i += 13) assert.ok(Math.abs(cr.ma1[i] - ma10[i - 5]) < 1e-9, `CR ma1 ${i}`);
  const dma = run('DMA', c);
  const dif = ref.sma(close, 10).map((x, i) => x - ref.sma(close, 50)[i]);
  same(dma.dif, dif, 'DMA dif');
  same(dma.ama, ref.sma(dif, 10, 49), 'DMA ama');
  const bbi = ref
    .sma(close, 3)
    .map((x, i) => (x + ref.sma(close, 6)[i] + ref.sma(close, 12)[i] + ref.sma(close, 24)[i]) / 4);
  same(run('BBI', c).bbi, bbi, 'BBI');
  const vol = run('VOL', c, { periods: [5] });
  same(vol.volume, c.volume, 'VOL volume');
  same(vol.ma1, ref.sma(c.volume, 5), 'VOL ma');
  assert.deepEqual(Object.keys(run('VOL', c, { periods: [] })), ['volume']);
  const lr = new Float64Array(c.length);
  for (let i = 1; i < c.length; i++) lr[i] = Math.log(close[i] / close[i - 1]);
  const hv = run('HV', c).hv;
  for (let i = 20; i < c.length; i += 11) {
    assert.ok(Math.abs(hv[i] - 100 * ref.stdevPop(lr, 20, i) * Math.sqrt(252)) < 1e-7, `HV ${i}`);
  }
});

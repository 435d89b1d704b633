/**
 * Indicator conventions. Each `tdx` study is checked against its 通达信 formula text evaluated bar by
 * bar (tdx-reference.ts, formulas quoted per study below as TDX ships them), the `tradingview` HV
 * against the Pine source of TradingView's built-in "Historical Volatility" script
 * (`annual = 365`, `per = timeframe.isintraday or timeframe.isdaily and timeframe.multiplier == 1 ? 1 : 7`,
 * `hv = 100 * ta.stdev(math.log(close / close[1]), length) * math.sqrt(annual / per)`, `ta.stdev`
 * biased, i.e. population σ — Pine v5 reference manual). Series have NaN gaps, zero volume and flat
 * stretches; values must agree to 1e-9 relative from the first bar the formula shows a value.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  createDefaultIndicatorRegistry,
  formatIndicatorLabel,
  parseIndicatorList,
  type IndicatorConvention,
  type IndicatorDefinition,
} from '../../../src/core/indicators/index.js';
import { ChartCore } from '../../../src/core/commands/chart-core.js';
import { parseLayout } from '../../../src/core/persist/index.js';
import { buildPaneSpecs } from '../../../src/render/build-pane-specs.js';
import { defaults, diffSeries, randomColumns, type TestColumns } from './fixtures.js';
import { check, hardColumns, referenceWithGaps, type Bars, type Inputs } from './convention-fixtures.js';
import { AVEDEV, EMA, HHV, LLV, MA, REF, SMA, STD, SUM, div, from, op, toArray, type S } from './tdx-reference.js';

const registry = createDefaultIndicatorRegistry();

function variant(id: string, convention: IndicatorConvention): IndicatorDefinition {
  const d = registry.resolve(id, convention);
  assert.ok(d, id);
  return d;
}

interface Case {
  readonly id: string;
  readonly inputs: Inputs;
  readonly params?: Record<string, unknown>;
  /** The outputs in definition order, from the formula. */
  readonly formula: (b: Bars, p: Record<string, number & number[]>) => S[];
}

const sub = (a: number, b: number) => a - b;
const add = (a: number, b: number) => a + b;
const max0 = (x: number) => Math.max(0, x);

const TDX_CASES: readonly Case[] = [
  // DIF:EMA(CLOSE,SHORT)-EMA(CLOSE,LONG); DEA:EMA(DIF,MID); MACD:(DIF-DEA)*2,COLORSTICK;
  {
    id: 'MACD',
    inputs: ['close'],
    formula: (b, p) => {
      const dif = op(sub, EMA(b.c, p.fast), EMA(b.c, p.slow));
      const dea = EMA(dif, p.signal);
      return [dif, dea, op((x, y) => (x - y) * 2, dif, dea)];
    },
  },
  // RSV:=(CLOSE-LLV(LOW,N))/(HHV(HIGH,N)-LLV(LOW,N))*100; K:SMA(RSV,M1,1); D:SMA(K,M2,1); J:3*K-2*D;
  // (K and D start from 50; a flat range keeps the previous RSV)
  {
    id: 'KDJ',
    inputs: ['high', 'low', 'close'],
    formula: (b, p) => {
      const hh = HHV(b.h, p.period);
      const ll = LLV(b.l, p.period);
      let last = 50;
      const rsv: S = b.c.map((c, i) => {
        if (hh[i]! - ll[i]! !== 0) last = ((c! - ll[i]!) / (hh[i]! - ll[i]!)) * 100;
        return last;
      });
      const k = SMA(rsv, p.kSmooth, 1, 50);
      const d = SMA(k, p.dSmooth, 1, 50);
      return [k, d, op((x, y) => 3 * x - 2 * y, k, d)];
    },
  },
  // LC:=REF(CLOSE,1); RSI1:SMA(MAX(CLOSE-LC,0),N1,1)/SMA(ABS(CLOSE-LC),N1,1)*100; (N1..N3 = 6,12,24)
  {
    id: 'RSI',
    inputs: ['close'],
    formula: (b, p) => {
      const lc = REF(b.c, 1);
      return p.periods.map((n) =>
        op(
          (x, y) => div(x, y) * 100,
          SMA(
            op((c, l) => Math.max(c - l, 0), b.c, lc),
            n,
            1,
          ),
          SMA(
            op((c, l) => Math.abs(c - l), b.c, lc),
            n,
            1,
          ),
        ),
      );
    },
  },
  // BOLL:MA(CLOSE,M); UB:BOLL+2*STD(CLOSE,M); LB:BOLL-2*STD(CLOSE,M);
  {
    id: 'BOLL',
    inputs: ['close'],
    formula: (b, p) => {
      const mid = MA(b.c, p.period);
      const sd = STD(b.c, p.period);
      return [op((m, s) => m + p.multiplier * s, mid, sd), mid, op((m, s) => m - p.multiplier * s, mid, sd)];
    },
  },
  // WR1:100*(HHV(HIGH,N)-CLOSE)/(HHV(HIGH,N)-LLV(LOW,N)); WR2: the same with N1;
  {
    id: 'WR',
    inputs: ['high', 'low', 'close'],
    formula: (b, p) =>
      [p.period, p.period2].map((n) => op((h, c, l) => 100 * div(h - c, h - l), HHV(b.h, n), b.c, LLV(b.l, n))),
  },
  // MTR:=SUM(MAX(MAX(HIGH-LOW,ABS(HIGH-REF(CLOSE,1))),ABS(REF(CLOSE,1)-LOW)),N); HD:=HIGH-REF(HIGH,1);
  // LD:=REF(LOW,1)-LOW; DMP:=SUM(IF(HD>0&&HD>LD,HD,0),N); DMM:=SUM(IF(LD>0&&LD>HD,LD,0),N);
  // PDI:DMP*100/MTR; MDI:DMM*100/MTR; ADX:MA(ABS(MDI-PDI)/(MDI+PDI)*100,M); ADXR:(ADX+REF(ADX,M))/2;
  {
    id: 'DMI',
    inputs: ['high', 'low', 'close'],
    formula: (b, p) => {
      const pc = REF(b.c, 1);
      const mtr = SUM(
        op((h, l, c) => Math.max(Math.max(h - l, Math.abs(h - c)), Math.abs(c - l)), b.h, b.l, pc),
        p.period,
      );
      const hd = op(sub, b.h, REF(b.h, 1));
      const ld = op(sub, REF(b.l, 1), b.l);
      const dmp = SUM(
        op((x, y) => (x > 0 && x > y ? x : 0), hd, ld),
        p.period,
      );
      const dmm = SUM(
        op((x, y) => (y > 0 && y > x ? y : 0), hd, ld),
        p.period,
      );
      const pdi = op((x, t) => div(x * 100, t), dmp, mtr);
      const mdi = op((x, t) => div(x * 100, t), dmm, mtr);
      const adx = MA(
        op((m, q) => div(Math.abs(m - q), m + q) * 100, mdi, pdi),
        p.smooth,
      );
      return [pdi, mdi, adx, op((a, r) => (a + r) / 2, adx, REF(adx, p.smooth))];
    },
  },
  // OBV:SUM(IF(CLOSE>REF(CLOSE,1),VOL,IF(CLOSE<REF(CLOSE,1),-VOL,0)),0); MAOBV:MA(OBV,M);
  {
    id: 'OBV',
    inputs: ['close', 'volume'],
    formula: (b, p) => {
      const obv = SUM(
        op((c, r, v) => (c > r ? v : c < r ? -v : 0), b.c, REF(b.c, 1), b.v),
        0,
      );
      return [obv, MA(obv, p.signal)];
    },
  },
  // ROC:100*(CLOSE-REF(CLOSE,N))/REF(CLOSE,N); MAROC:MA(ROC,M);
  {
    id: 'ROC',
    inputs: ['close'],
    formula: (b, p) => {
      const roc = op((c, r) => 100 * div(c - r, r), b.c, REF(b.c, p.period));
      return [roc, MA(roc, p.signal)];
    },
  },
  // TYP:=(HIGH+LOW+CLOSE)/3; CCI:(TYP-MA(TYP,N))*1000/(15*AVEDEV(TYP,N));
  {
    id: 'CCI',
    inputs: ['high', 'low', 'close'],
    formula: (b, p) => {
      const typ = op((h, l, c) => (h + l + c) / 3, b.h, b.l, b.c);
      return [op((t, m, d) => div((t - m) * 1000, 15 * d), typ, MA(typ, p.period), AVEDEV(typ, p.period))];
    },
  },
  // BIAS1:(CLOSE-MA(CLOSE,L1))/MA(CLOSE,L1)*100; (L1..L3 = 6,12,24)
  {
    id: 'BIAS',
    inputs: ['close'],
    formula: (b, p) => p.periods.map((n) => op((c, m) => div(c - m, m) * 100, b.c, MA(b.c, n))),
  },
  // BR:SUM(MAX(0,HIGH-REF(CLOSE,1)),N)/SUM(MAX(0,REF(CLOSE,1)-LOW),N)*100; AR:SUM(HIGH-OPEN,N)/SUM(OPEN-LOW,N)*100;
  {
    id: 'BRAR',
    inputs: ['open', 'high', 'low', 'close'],
    formula: (b, p) => {
      const pc = REF(b.c, 1);
      const n = p.period;
      return [
        op(
          (x, y) => div(x, y) * 100,
          SUM(
            op((h, c) => max0(h - c), b.h, pc),
            n,
          ),
          SUM(
            op((c, l) => max0(c - l), pc, b.l),
            n,
          ),
        ),
        op((x, y) => div(x, y) * 100, SUM(op(sub, b.h, b.o), n), SUM(op(sub, b.o, b.l), n)),
      ];
    },
  },
  // MID:=REF(HIGH+LOW,1)/2; CR:SUM(MAX(0,HIGH-MID),N)/SUM(MAX(0,MID-LOW),N)*100;
  // MA1:REF(MA(CR,M1),M1/2.5+1); MA2, MA3, MA4 likewise;
  {
    id: 'CR',
    inputs: ['high', 'low'],
    formula: (b, p) => {
      const mid = op((x) => x / 2, REF(op(add, b.h, b.l), 1));
      const cr = op(
        (x, y) => div(x, y) * 100,
        SUM(
          op((h, m) => max0(h - m), b.h, mid),
          p.period,
        ),
        SUM(
          op((m, l) => max0(m - l), mid, b.l),
          p.period,
        ),
      );
      return [cr, ...[p.ma1, p.ma2, p.ma3, p.ma4].map((m) => REF(MA(cr, m), Math.floor(m / 2.5 + 1)))];
    },
  },
  // DIF:MA(CLOSE,N1)-MA(CLOSE,N2); DIFMA:MA(DIF,M);
  {
    id: 'DMA',
    inputs: ['close'],
    formula: (b, p) => {
      const dif = op(sub, MA(b.c, p.fast), MA(b.c, p.slow));
      return [dif, MA(dif, p.signal)];
    },
  },
  // VOLUME:=MA(VOL,N)/VOL; MID:=100*(HIGH+LOW-REF(HIGH+LOW,1))/(HIGH+LOW);
  // EMV:MA(MID*VOLUME*(HIGH-LOW)/MA(HIGH-LOW,N),N); MAEMV:MA(EMV,M);
  {
    id: 'EMV',
    inputs: ['high', 'low', 'volume'],
    formula: (b, p) => {
      const n = p.period;
      const volume: S = op((m, v) => (v === 0 ? NaN : m / v), MA(b.v, n), b.v).map((x) =>
        x === null || Number.isNaN(x) ? null : x,
      );
      const hl = op(add, b.h, b.l);
      const mid = op((x, r) => 100 * div(x - r, x), hl, REF(hl, 1));
      const range = op(sub, b.h, b.l);
      const emv = MA(
        op((m, v, r, mr) => m * v * div(r, mr), mid, volume, range, MA(range, n)),
        n,
      );
      return [emv, MA(emv, p.signal)];
    },
  },
  // MTM:CLOSE-REF(CLOSE,N); MTMMA:MA(MTM,M);
  {
    id: 'MTM',
    inputs: ['close'],
    formula: (b, p) => {
      const mtm = op(sub, b.c, REF(b.c, p.period));
      return [mtm, MA(mtm, p.signal)];
    },
  },
  // PSY:COUNT(CLOSE>REF(CLOSE,1),N)/N*100; PSYMA:MA(PSY,M);
  {
    id: 'PSY',
    inputs: ['close'],
    formula: (b, p) => {
      const psy = op(
        (x) => (x / p.period) * 100,
        SUM(
          op((c, r) => (c > r ? 1 : 0), b.c, REF(b.c, 1)),
          p.period,
        ),
      );
      return [psy, MA(psy, p.signal)];
    },
  },
  // MTR:=EMA(EMA(EMA(CLOSE,N),N),N); TRIX:(MTR-REF(MTR,1))/REF(MTR,1)*100; MATRIX:MA(TRIX,M);
  {
    id: 'TRIX',
    inputs: ['close'],
    formula: (b, p) => {
      const mtr = EMA(EMA(EMA(b.c, p.period), p.period), p.period);
      const trix = op((m, r) => div(m - r, r) * 100, mtr, REF(mtr, 1));
      return [trix, MA(trix, p.signal)];
    },
  },
  // TH:=SUM(IF(CLOSE>REF(CLOSE,1),VOL,0),N); TL:=SUM(IF(CLOSE<REF(CLOSE,1),VOL,0),N);
  // TQ:=SUM(IF(CLOSE=REF(CLOSE,1),VOL,0),N); VR:100*(TH*2+TQ)/(TL*2+TQ); MAVR:MA(VR,M);
  {
    id: 'VR',
    inputs: ['close', 'volume'],
    formula: (b, p) => {
      const pc = REF(b.c, 1);
      const th = SUM(
        op((c, r, v) => (c > r ? v : 0), b.c, pc, b.v),
        p.period,
      );
      const tl = SUM(
        op((c, r, v) => (c < r ? v : 0), b.c, pc, b.v),
        p.period,
      );
      const tq = SUM(
        op((c, r, v) => (c === r ? v : 0), b.c, pc, b.v),
        p.period,
      );
      const vr = op((h, l, q) => 100 * div(h * 2 + q, l * 2 + q), th, tl, tq);
      return [vr, MA(vr, p.signal)];
    },
  },
];

for (const tc of TDX_CASES) {
  test(`tdx ${tc.id} equals its 通达信 formula on series with gaps, zero volume and a flat stretch`, () => {
    const def = variant(tc.id, 'tdx');
    assert.notEqual(def, registry.get(tc.id), 'has its own tdx form');
    for (const seed of [11, 4242]) {
      const c = hardColumns(seed);
      const params = { ...defaults(def), ...(tc.params ?? {}) };
      const expected = referenceWithGaps(c, tc.inputs, (b) =>
        tc.formula(b, params as Record<string, number & number[]>),
      );
      check(def, c, params, expected, `${tc.id} seed ${seed}`);
    }
  });
}

test("tdx defaults are 通达信's: MACD(12,26,9) RSI(6,12,24) KDJ(9,3,3) BOLL(20,2) WR(10,6) DMI(14,6) CCI(14) ROC(12,6) OBV(30) BIAS(6,12,24) TRIX(12,9)", () => {
  const label = (id: string) => formatIndicatorLabel(variant(id, 'tdx'), defaults(variant(id, 'tdx')));
  assert.deepEqual(
    [
      'MACD',
      'RSI',
      'KDJ',
      'BOLL',
      'WR',
      'DMI',
      'CCI',
      'ROC',
      'OBV',
      'BIAS',
      'TRIX',
      'BRAR',
      'CR',
      'DMA',
      'EMV',
      'MTM',
      'PSY',
      'VR',
    ].map(label),
    [
      'MACD(12,26,9)',
      'RSI(6,12,24)',
      'KDJ(9,3,3)',
      'BOLL(20,2)',
      'WR(10,6)',
      'DMI(14,6)',
      'CCI(14)',
      'ROC(12,6)',
      'OBV(30)',
      'BIAS(6,12,24)',
      'TRIX(12,9)',
      'BRAR(26)',
      'CR(26,10,20,40,62)',
      'DMA(10,50,10)',
      'EMV(14,9)',
      'MTM(12,6)',
      'PSY(12,6)',
      'VR(26,6)',
    ],
  );
});

test("MACD: the TA-Lib bar is DIF − DEA labelled HIST from bar 33; 通达信's is (DIF − DEA) × 2 labelled MACD from bar 0", () => {
  const c = randomColumns(200, 5);
  const ta = variant('MACD', 'ta-lib');
  const tdx = variant('MACD', 'tdx');
  const a = ta.compute(c, defaults(ta));
  const b = tdx.compute(c, defaults(tdx));
  assert.deepEqual(
    ta.outputs(defaults(ta) as never).map((o) => o.label),
    ['DIF', 'DEA', 'HIST'],
  );
  assert.deepEqual(
    tdx.outputs(defaults(tdx) as never).map((o) => o.label),
    ['DIF', 'DEA', 'MACD'],
  );
  assert.ok(Number.isNaN(a.hist[32]) && Number.isFinite(a.hist[33]));
  assert.ok(Number.isFinite(b.macd[0]) && Number.isFinite(b.hist[0]));
  assert.equal(b.macd[0], 0, 'both EMAs start at the first close');
  for (let i = 0; i < 200; i++) assert.ok(Math.abs(b.hist[i] - 2 * (b.macd[i] - b.signal[i])) < 1e-12);
  assert.equal(a.hist[100], a.macd[100] - a.signal[100]);
});

test('KDJ under tdx holds steady through a flat range instead of sliding to 0', () => {
  const c = hardColumns(3);
  const def = variant('KDJ', 'tdx');
  const v = def.compute(c, defaults(def));
  // Bars 108..129 see a flat 9-bar window (HHV = LLV): RSV stays what it was at bar 107.
  for (let i = 109; i < 130; i++) {
    assert.ok(v.k[i] > 0.5 && v.k[i] < 99.5, `K at ${i} is ${v.k[i]}`);
    assert.ok(Math.abs(v.k[i] - v.k[i - 1]) <= Math.abs(v.k[109] - v.k[108]) + 1e-9, 'converging, not jumping');
  }
  // From bar 0 on, as 通达信 shows it; the first K is (2·50 + RSV)/3.
  assert.ok(Number.isFinite(v.k[0]));
  const rsv0 = ((c.close[0] - c.low[0]) / (c.high[0] - c.low[0])) * 100;
  assert.ok(Math.abs(v.k[0] - (100 + rsv0) / 3) < 1e-9);
});

test("WR under tdx is 0..100 (100 at the low) with two lines, TA-Lib's −100..0 with one", () => {
  const c = randomColumns(300, 9);
  const tdx = variant('WR', 'tdx');
  const ta = variant('WR', 'ta-lib');
  const a = tdx.compute(c, defaults(tdx));
  const b = ta.compute(c, defaults(ta));
  assert.deepEqual(Object.keys(a), ['wr', 'wr2']);
  for (let i = 0; i < 300; i++) assert.ok(a.wr[i] >= 0 && a.wr[i] <= 100);
  for (let i = 13; i < 300; i++) assert.ok(b.wr[i] <= 0 && b.wr[i] >= -100);
});

test('EMV under tdx shows no value for windows holding a zero-volume bar', () => {
  const c = hardColumns(8);
  const def = variant('EMV', 'tdx');
  const v = def.compute(c, defaults(def));
  for (let i = 200; i < 206 + 13; i++) assert.ok(Number.isNaN(v.emv[i]), `EMV at ${i}`);
  assert.ok(
    Number.isNaN(v.emv[259 + 13]) && Number.isFinite(v.emv[259 + 14]),
    'the window after the zero-volume bar at 259',
  );
});

test('CR under tdx: the shifted MAs need MA-length present CR values and never step over a missing one', () => {
  const c = hardColumns(8);
  const def = variant('CR', 'tdx');
  const v = def.compute(c, defaults(def));
  const cr = v.cr;
  const firstCr = cr.findIndex((x) => Number.isFinite(x));
  assert.equal(firstCr, 26, 'CR needs REF(H+L,1) and 26 bars');
  assert.equal(
    v.ma1.findIndex((x) => Number.isFinite(x)),
    26 + 9 + 5,
    'MA1 = REF(MA(CR,10),5)',
  );
});

/** Pine: hv = 100 * ta.stdev(math.log(close / close[1]), length) * math.sqrt(annual / per). */
function pineHv(close: S, length: number, annual: number, per: number): S {
  const r = close.map((c, i) => (i === 0 || c === null || close[i - 1] === null ? null : Math.log(c / close[i - 1]!)));
  return r.map((_, i) => {
    if (i - length + 1 < 0) return null;
    const w = r.slice(i - length + 1, i + 1);
    if (!w.every((x) => x !== null)) return null;
    const mean = w.reduce((a, b) => a + b, 0) / length;
    const variance = w.reduce((a, b) => a + (b - mean) ** 2, 0) / length;
    return 100 * Math.sqrt(variance) * Math.sqrt(annual / per);
  });
}

test("tradingview HV equals Pine's built-in script: length 10, annual 365, per 1 intraday/daily and 7 above", () => {
  const def = variant('HV', 'tradingview');
  assert.deepEqual(defaults(def), { period: 10, annualization: 365 });
  const hourly = hardColumns(21);
  check(
    def,
    hourly,
    defaults(def),
    referenceWithGaps(hourly, ['close'], (b) => [pineHv(b.c, 10, 365, 1)]),
    'HV hourly',
  );
  const weekly = randomColumns(300, 22);
  for (let i = 0; i < 300; i++) weekly.time[i] = Date.UTC(2020, 0, 6) + i * 7 * 86_400_000;
  check(
    def,
    weekly,
    { period: 10, annualization: 252 },
    [toArray(pineHv(from(weekly.close), 10, 252, 7))],
    'HV weekly, 252',
  );
});

// Pine v5 reference manual, ta.ema / ta.rma: "sum := na(sum[1]) ? ta.sma(src, length) : alpha * src + (1 - alpha) * nz(sum[1])"
function pineSeeded(x: S, length: number, alpha: number): S {
  let sum: number | null = null;
  const sma = MA(x, length); // ta.sma is the plain mean, na while a value in the window is na
  return x.map((v, i) => {
    sum = sum === null ? sma[i] : v === null ? null : alpha * v + (1 - alpha) * sum;
    return sum;
  });
}
const pineEma = (x: S, n: number) => pineSeeded(x, n, 2 / (n + 1));
// ta.atr: "trueRange = na(high[1]) ? high - low : math.max(math.max(high - low, math.abs(high - close[1])), math.abs(low - close[1])); ta.rma(trueRange, length)"
function pineAtr(b: Bars, n: number): S {
  const tr = b.h.map((h, i) =>
    i === 0
      ? h! - b.l[i]!
      : Math.max(Math.max(h! - b.l[i]!, Math.abs(h! - b.c[i - 1]!)), Math.abs(b.l[i]! - b.c[i - 1]!)),
  );
  return pineSeeded(tr, n, 1 / n);
}

const TV_CASES: readonly Case[] = [
  // ta.macd: fastMA = ta.ema(source, fastlen); slowMA = ta.ema(source, slowlen); macd = fastMA - slowMA; signal = ta.ema(macd, siglen); hist = macd - signal
  {
    id: 'MACD',
    inputs: ['close'],
    formula: (b, p) => {
      const macd = op(sub, pineEma(b.c, p.fast), pineEma(b.c, p.slow));
      const signal = pineEma(macd, p.signal);
      return [macd, signal, op(sub, macd, signal)];
    },
  },
  { id: 'ATR', inputs: ['high', 'low', 'close'], formula: (b, p) => [pineAtr(b, p.period)] },
  // Keltner Channels built-in: ma = ta.ema(src, length); rangema = ta.atr(atrlength); upper = ma + rangema * mult; lower = ma - rangema * mult
  {
    id: 'KC',
    inputs: ['high', 'low', 'close'],
    formula: (b, p) => {
      const ma = pineEma(b.c, p.period);
      const atr = pineAtr(b, p.atrPeriod);
      return [op((m, a) => m + a * p.multiplier, ma, atr), ma, op((m, a) => m - a * p.multiplier, ma, atr)];
    },
  },
  // ta.supertrend as written out in the Pine reference (pine_supertrend); plotted as the built-in
  // script does: up = direction < 0 ? supertrend : na, down = direction < 0 ? na : supertrend
  // (no value while ta.atr has none).
  {
    id: 'SUPERTREND',
    inputs: ['high', 'low', 'close'],
    formula: (b, p) => {
      const atr = pineAtr(b, p.period);
      const up: S = [];
      const down: S = [];
      let lower1: number | null = null;
      let upper1: number | null = null;
      let super1: number | null = null;
      b.c.forEach((close, i) => {
        const src = (b.h[i]! + b.l[i]!) / 2;
        const a = atr[i];
        let lowerBand: number | null = a === null ? null : src - p.multiplier * a;
        let upperBand: number | null = a === null ? null : src + p.multiplier * a;
        const prevLowerBand = lower1 ?? 0;
        const prevUpperBand = upper1 ?? 0;
        const c1 = i > 0 ? b.c[i - 1] : null;
        lowerBand =
          (lowerBand !== null && lowerBand > prevLowerBand) || (c1 !== null && c1 < prevLowerBand)
            ? lowerBand
            : prevLowerBand;
        upperBand =
          (upperBand !== null && upperBand < prevUpperBand) || (c1 !== null && c1 > prevUpperBand)
            ? upperBand
            : prevUpperBand;
        let direction: number;
        if (i === 0 || atr[i - 1] === null) direction = 1;
        else if (super1 === prevUpperBand) direction = close! > upperBand! ? -1 : 1;
        else direction = close! < lowerBand! ? 1 : -1;
        const st = direction === -1 ? lowerBand : upperBand;
        up.push(a === null ? null : direction < 0 ? st : null);
        down.push(a === null ? null : direction < 0 ? null : st);
        lower1 = a === null ? null : lowerBand;
        upper1 = a === null ? null : upperBand;
        super1 = a === null ? null : st;
      });
      return [up, down];
    },
  },
  // Ease of Movement built-in: eom = ta.sma(div * ta.change(hl2) * (high - low) / volume, length), div = 10000
  // (x / 0 is na in Pine, so a zero-volume bar leaves its windows without a value)
  {
    id: 'EMV',
    inputs: ['high', 'low', 'volume'],
    formula: (b, p) => {
      const hl2 = op((h, l) => (h + l) / 2, b.h, b.l);
      const raw = op(
        (ch, h, l, v) => (v === 0 ? NaN : (10000 * ch * (h - l)) / v),
        op(sub, hl2, REF(hl2, 1)),
        b.h,
        b.l,
        b.v,
      ).map((x) => (x === null || Number.isNaN(x) ? null : x));
      const eom = MA(raw, p.period);
      return [eom, MA(eom, p.signal)];
    },
  },
];

for (const tc of TV_CASES) {
  test(`tradingview ${tc.id} equals its Pine definition on series with gaps and flat stretches`, () => {
    const def = variant(tc.id, 'tradingview');
    assert.notEqual(def, registry.get(tc.id), 'has its own tradingview form');
    for (const seed of [12, 999]) {
      const c = hardColumns(seed);
      const params = { ...defaults(def), ...(tc.params ?? {}) };
      const expected = referenceWithGaps(c, tc.inputs, (b) =>
        tc.formula(b, params as Record<string, number & number[]>),
      );
      check(def, c, params, expected, `${tc.id} seed ${seed}`);
    }
  });
}

test("tradingview MACD differs from TA-Lib's only through the fast EMA seed, and the gap closes", () => {
  const c = randomColumns(600, 77);
  const tv = variant('MACD', 'tradingview').compute(c, { fast: 12, slow: 26, signal: 9 });
  const ta = variant('MACD', 'ta-lib').compute(c, { fast: 12, slow: 26, signal: 9 });
  assert.ok(Number.isFinite(tv.macd[25]) && Number.isNaN(ta.macd[25]));
  assert.ok(Math.abs(tv.macd[40] - ta.macd[40]) > 1e-9, 'different seeds');
  assert.ok(Math.abs(tv.macd[599] - ta.macd[599]) < 1e-9 * Math.max(1, Math.abs(ta.macd[599])), 'the seed decays away');
});

test('studies a convention does not change resolve to their TA-Lib definition', () => {
  for (const id of ['MA', 'EMA', 'STOCH', 'VWAP']) {
    assert.equal(registry.resolve(id, 'tdx'), registry.get(id), id);
    assert.equal(registry.resolve(id, 'tradingview'), registry.get(id), id);
  }
  assert.equal(registry.resolve('MACD', 'ta-lib'), registry.get('MACD'));
  assert.equal(registry.resolve('nope', 'tdx'), undefined);
});

test('the short notation names a study\'s convention after ";" and the label writes it back', () => {
  const parsed = parseIndicatorList(
    'MACD(12,26,9;tdx),RSI(;tdx),RSI(6,12,24;tdx),RSI(14),WR(1,2;excel),KDJ;tdx',
    registry,
  );
  assert.deepEqual(
    parsed.items.map((i) => [i.definitionId, i.params, i.convention]),
    [
      ['MACD', { fast: 12, slow: 26, signal: 9 }, 'tdx'],
      ['RSI', { periods: [6, 12, 24] }, 'tdx'],
      ['RSI', { periods: [6, 12, 24] }, 'tdx'],
      ['RSI', { period: 14 }, undefined],
    ],
  );
  assert.deepEqual(
    parsed.errors.map((e) => e.text),
    ['WR(1,2;excel)', 'KDJ;tdx'],
  );
  assert.match(parsed.errors[0].reason, /unknown convention; expected one of ta-lib, tdx, tradingview/);
  // Under a tdx chart, plain pieces read tdx params.
  const tdxChart = parseIndicatorList('RSI(6,12),WR(10,6)', registry, 'tdx');
  assert.deepEqual(
    tdxChart.items.map((i) => i.params),
    [{ periods: [6, 12] }, { period: 10, period2: 6 }],
  );
  assert.equal(
    formatIndicatorLabel(variant('MACD', 'tdx'), { fast: 12, slow: 26, signal: 9 }, 'tdx'),
    'MACD(12,26,9;tdx)',
  );
  assert.equal(formatIndicatorLabel(variant('OBV', 'ta-lib'), {}, 'ta-lib'), 'OBV(;ta-lib)');
  assert.equal(parseIndicatorList('OBV(;ta-lib)', registry, 'tdx').items[0].convention, 'ta-lib');
});

async function loaded(indicators: string, settings: Record<string, string> = {}): Promise<ChartCore> {
  const core = new ChartCore({ chartId: 'c1' });
  if (Object.keys(settings).length) core.settings.apply(settings, 'attributes', false);
  await core.loadTarget({ symbol: 'DEMO', period: '1d', sourceId: 'sample' }, null);
  core.indicators.applyIndicatorList(indicators);
  return core;
}

function engineValues(core: ChartCore, index = 0) {
  const instance = core.store.peek('indicators')[index];
  return core.indicatorEngine.values(instance, core.store.peek('series')!)!;
}

test("the chart convention: auto is tdx for zh-CN and ta-lib otherwise; a study's own convention wins", async () => {
  const en = await loaded('MACD,RSI');
  assert.ok(Number.isNaN(engineValues(en).hist[0]), 'ta-lib MACD warms up');
  assert.deepEqual(Object.keys(engineValues(en, 1)), ['rsi']);
  const zh = await loaded('MACD,RSI,MACD(12,26,9;ta-lib)', { locale: 'zh-CN' });
  assert.ok(Number.isFinite(engineValues(zh).hist[0]), 'tdx MACD from bar 0');
  assert.deepEqual(Object.keys(engineValues(zh, 1)), ['rsi', 'rsi2', 'rsi3']);
  assert.ok(Number.isNaN(engineValues(zh, 2).hist[0]), 'the study that names ta-lib keeps it');
  assert.deepEqual(
    zh.store.peek('indicators').map((i) => zh.indicators.label(i.instanceId)),
    ['MACD(12,26,9)', 'RSI(6,12,24)', 'MACD(12,26,9;ta-lib)'],
  );
  // Switching the chart's convention carries params over where they fit: RSI(6,12,24) → RSI(14).
  zh.settings.apply({ indicatorConvention: 'ta-lib' }, 'attributes', false);
  assert.deepEqual(
    zh.store.peek('indicators').map((i) => zh.indicators.label(i.instanceId)),
    ['MACD(12,26,9)', 'RSI(14)', 'MACD(12,26,9;ta-lib)'],
  );
  assert.ok(Number.isNaN(engineValues(zh).hist[0]));
  zh.settings.apply({ indicatorConvention: 'tdx', locale: 'en' }, 'attributes', false);
  assert.ok(Number.isFinite(engineValues(zh).hist[0]));
  const bad = await zh.tools.execute('settings_update', { values: { indicatorConvention: 'excel' } });
  assert.equal(bad.success, false);
  assert.equal(zh.store.peek('settings').indicatorConvention, 'tdx');
});

test("tools: indicators_add/update/query take a convention; list says the chart's", async () => {
  const core = await loaded('MA(5)');
  const add = await core.tools.execute('indicators_add', {
    definitionId: 'rsi',
    params: { periods: [6, 12] },
    convention: 'tdx',
  });
  assert.ok(add.success, JSON.stringify(add));
  assert.equal((add.data as { label: string }).label, 'RSI(6,12;tdx)');
  const id = (add.data as { instanceId: string }).instanceId;
  assert.deepEqual(Object.keys(engineValues(core, 1)), ['rsi', 'rsi2']);
  const wrong = await core.tools.execute('indicators_add', { definitionId: 'RSI', params: { periods: [6] } });
  assert.equal(wrong.success, false, 'ta-lib RSI has no periods');
  const query = await core.tools.execute('indicators_query', { definitionId: 'MACD', convention: 'tdx', limit: 3 });
  assert.ok(query.success);
  assert.match(query.text!, /^MACD\(12,26,9;tdx\) .*hist=MACD/);
  const viaInstance = await core.tools.execute('indicators_query', { instanceId: id, limit: 2 });
  assert.ok(viaInstance.success);
  assert.match(viaInstance.text!, /time,rsi,rsi2/);
  const update = await core.tools.execute('indicators_update', { instanceId: id, convention: 'ta-lib' });
  assert.ok(update.success, JSON.stringify(update));
  assert.equal((update.data as { label: string }).label, 'RSI(14;ta-lib)');
  assert.equal(core.undo(), 'indicators_update');
  assert.equal(core.indicators.label(id), 'RSI(6,12;tdx)');
  const list = await core.tools.execute('indicators_list', {});
  assert.ok(list.success);
  assert.match(list.text!, /Convention: ta-lib/);
  const bad = await core.tools.execute('indicators_add', { definitionId: 'MACD', convention: 'excel' });
  assert.equal(bad.success, false);
  const described = core.tools.describe().find((t) => t.name === 'indicators_add')!;
  assert.match(JSON.stringify(described), /通达信/);
});

test("a saved layout keeps each study's convention and its params, checked against that form", () => {
  const doc = (indicators: unknown[]) =>
    JSON.stringify({
      version: 1,
      savedAt: 1,
      indicators,
      panes: [{ id: 'price', weight: 3 }],
      comparisons: [],
      drawings: {},
      settings: { indicatorConvention: 'tdx' },
    });
  const parsed = parseLayout(
    doc([
      {
        instanceId: 'rsi-1',
        definitionId: 'RSI',
        params: { periods: [6, 12, 24] },
        paneId: 'pane-rsi-1',
        convention: 'tdx',
      },
      { instanceId: 'rsi-2', definitionId: 'RSI', params: { periods: [6, 12] }, paneId: 'pane-rsi-2' },
      { instanceId: 'rsi-3', definitionId: 'RSI', params: { period: 14 }, paneId: 'pane-rsi-3', convention: 'ta-lib' },
      { instanceId: 'rsi-4', definitionId: 'RSI', params: { period: 14 }, paneId: 'pane-rsi-4', convention: 'excel' },
      { instanceId: 'rsi-5', definitionId: 'RSI', params: { period: 14 }, paneId: 'pane-rsi-5', convention: 'tdx' },
    ]),
    { indicators: registry },
  );
  assert.ok(parsed.ok);
  assert.deepEqual(
    parsed.layout.indicators.map((i) => [i.instanceId, i.convention]),
    [
      ['rsi-1', 'tdx'],
      ['rsi-2', undefined],
      ['rsi-3', 'ta-lib'],
    ],
  );
  assert.equal(parsed.layout.settings.indicatorConvention, 'tdx');
  assert.equal(parsed.dropped.length, 2);
  assert.match(parsed.dropped.join('\n'), /expected one of ta-lib, tdx, tradingview/);
});

test('tradingview AO: the same values, columns coloured by change (Pine: diff <= 0 ? red : green) down to the pane spec', async () => {
  const c = randomColumns(200, 31);
  const tv = variant('AO', 'tradingview');
  const ta = variant('AO', 'ta-lib');
  assert.equal(diffSeries(tv.compute(c, defaults(tv)).ao, ta.compute(c, defaults(ta)).ao, 0, 0), null);
  assert.equal(tv.outputs(defaults(tv) as never)[0].colorBy, 'change');
  assert.equal(ta.outputs(defaults(ta) as never)[0].colorBy, undefined);
  const core = await loaded('AO', { indicatorConvention: 'tradingview' });
  const s = core.store.peek('settings');
  const theme = { palette: ['#111'], up: '#0a0', down: '#a00' } as unknown as Parameters<typeof buildPaneSpecs>[3];
  const specs = buildPaneSpecs(
    {
      series: core.store.peek('series'),
      indicators: core.store.peek('indicators'),
      panes: core.store.peek('panes'),
      settings: s,
    },
    core.indicatorEngine,
    (id) => core.indicatorRegistry.get(id),
    theme,
  );
  const ao = specs.flatMap((p) => p.series).find((x) => x.label === 'AO')!;
  assert.equal(ao.colorBy, 'change');
});

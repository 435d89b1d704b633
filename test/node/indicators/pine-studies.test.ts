/**
 * Studies under `tradingview` against Pine's definitions, each reference written from the Pine v5
 * reference manual / TradingView's built-in script source quoted above it, evaluated bar by bar on
 * generated series with gaps (NaN bars), zero volume and a flat stretch (convention-fixtures.ts).
 * (HV, KC, SuperTrend, ATR, MACD and EMV are checked the same way in conventions.test.ts.)
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createDefaultIndicatorRegistry, type IndicatorDefinition } from '../../../src/core/indicators/index.js';
import { defaults, diffSeries, randomColumns } from './fixtures.js';
import { check, hardColumns, referenceWithGaps, type Bars } from './convention-fixtures.js';
import { from, op, type S } from './tdx-reference.js';

const registry = createDefaultIndicatorRegistry();
const tv = (id: string): IndicatorDefinition => registry.resolve(id, 'tradingview')!;

const ok = (v: number | null | undefined): v is number => v !== null && v !== undefined && !Number.isNaN(v);
/** The last `n` values ending at `i`, or null when one is na or the series is too short. */
function win(x: S, n: number, i: number): number[] | null {
  if (i - n + 1 < 0) return null;
  const w = x.slice(i - n + 1, i + 1);
  return w.every(ok) ? w : null;
}
// ta.sma: "sum = sum + source[i] / length" over the last `length` bars.
const sma = (x: S, n: number): S => x.map((_, i) => win(x, n, i)?.reduce((a, b) => a + b / n, 0) ?? null);
// math.sum(source, length): sliding sum, na while a value in the window is na.
const msum = (x: S, n: number): S => x.map((_, i) => win(x, n, i)?.reduce((a, b) => a + b, 0) ?? null);
// ta.wma: "norm = 0.0, sum = 0.0; for i = 0 to length - 1: weight = (length - i) * length;
// norm := norm + weight; sum := sum + source[i] * weight; sum / norm".
function wma(x: S, n: number): S {
  return x.map((_, i) => {
    const w = win(x, n, i);
    if (!w) return null;
    let norm = 0;
    let sum = 0;
    for (let k = 0; k < n; k++) {
      const weight = (n - k) * n;
      norm += weight;
      sum += w[n - 1 - k] * weight;
    }
    return sum / norm;
  });
}
// ta.highest / ta.lowest over `length` bars (current included).
const highest = (x: S, n: number): S => x.map((_, i) => (win(x, n, i) ? Math.max(...win(x, n, i)!) : null));
const lowest = (x: S, n: number): S => x.map((_, i) => (win(x, n, i) ? Math.min(...win(x, n, i)!) : null));
const div = (a: number, b: number) => (b === 0 ? NaN : a / b); // Pine: x / 0 is na
const clean = (x: S): S => x.map((v) => (ok(v) ? v : null));

interface PineCase {
  readonly id: string;
  readonly inputs: readonly ('open' | 'high' | 'low' | 'close' | 'volume')[];
  readonly formula: (b: Bars, p: Record<string, number>) => S[];
}

const CASES: readonly PineCase[] = [
  // ta.hma: "ta.wma(2 * ta.wma(source, length / 2) - ta.wma(source, length), math.floor(math.sqrt(length)))"
  // (even lengths, so length / 2 is whole in every Pine version)
  {
    id: 'HMA',
    inputs: ['close'],
    formula: (b, p) => [
      wma(
        op((h, f) => 2 * h - f, wma(b.c, p.period / 2), wma(b.c, p.period)),
        Math.floor(Math.sqrt(p.period)),
      ),
    ],
  },
  // ta.vwma: "ta.sma(source * volume, length) / ta.sma(volume, length)"
  {
    id: 'VWMA',
    inputs: ['close', 'volume'],
    formula: (b, p) => [
      clean(
        op(
          div,
          sma(
            op((c, v) => c * v, b.c, b.v),
            p.period,
          ),
          sma(b.v, p.period),
        ),
      ),
    ],
  },
  // Donchian Channels built-in: "lower = ta.lowest(length); upper = ta.highest(length); basis = math.avg(upper, lower)"
  {
    id: 'DC',
    inputs: ['high', 'low'],
    formula: (b, p) => {
      const upper = highest(b.h, p.period);
      const lower = lowest(b.l, p.period);
      return [upper, op((u, l) => (u + l) / 2, upper, lower), lower];
    },
  },
  // Chaikin Money Flow built-in: "ad = close == high and close == low or high == low ? 0 :
  // ((2 * close - low - high) / (high - low)) * volume; mf = math.sum(ad, length) / math.sum(volume, length)"
  {
    id: 'CMF',
    inputs: ['high', 'low', 'close', 'volume'],
    formula: (b, p) => {
      const ad = op(
        (h, l, c, v) => ((c === h && c === l) || h === l ? 0 : ((2 * c - l - h) / (h - l)) * v),
        b.h,
        b.l,
        b.c,
        b.v,
      );
      return [clean(op(div, msum(ad, p.period), msum(b.v, p.period)))];
    },
  },
  // Awesome Oscillator built-in: "ao = ta.sma(hl2, 5) - ta.sma(hl2, 34)"
  {
    id: 'AO',
    inputs: ['high', 'low'],
    formula: (b, p) => {
      const hl2 = op((h, l) => (h + l) / 2, b.h, b.l);
      return [op((f, s) => f - s, sma(hl2, p.fast), sma(hl2, p.slow))];
    },
  },
];

for (const tc of CASES) {
  test(`tradingview ${tc.id} equals Pine's definition on series with gaps, zero volume and a flat stretch`, () => {
    const def = tv(tc.id);
    for (const seed of [5, 1234]) {
      const c = hardColumns(seed);
      const params = defaults(def) as Record<string, number>;
      check(
        def,
        c,
        params,
        referenceWithGaps(c, tc.inputs, (b) => tc.formula(b, params)),
        `${tc.id} ${seed}`,
      );
    }
  });
}

test('tradingview HMA also matches at lengths 10 and 30', () => {
  const def = tv('HMA');
  const c = hardColumns(77);
  for (const period of [10, 30]) {
    const expected = referenceWithGaps(c, ['close'], (b) => CASES[0].formula(b, { period }));
    check(def, c, { period }, expected, `HMA(${period})`);
  }
});

// Ichimoku Cloud built-in: "donchian(len) => math.avg(ta.lowest(len), ta.highest(len));
// conversionLine = donchian(conversionPeriods); baseLine = donchian(basePeriods);
// leadLine1 = math.avg(conversionLine, baseLine); leadLine2 = donchian(laggingSpan2Periods);
// plot(close, offset = -displacement + 1); plot(leadLine1, offset = displacement - 1);
// plot(leadLine2, offset = displacement - 1)", inputs 9, 26, 52, 26.
function pineIchimoku(b: Bars, p: Record<string, number>): { plotted: S[]; ahead: S[] } {
  const donchian = (n: number) => op((l, h) => (l + h) / 2, lowest(b.l, n), highest(b.h, n));
  const conversion = donchian(p.conversion);
  const base = donchian(p.base);
  const lead1 = op((x, y) => (x + y) / 2, conversion, base);
  const lead2 = donchian(p.spanB);
  const off = p.displacement - 1;
  const m = b.c.length;
  // A plot with offset k shows series[x − k] at bar x; positions m … m + off − 1 lie beyond the last bar.
  const at = (x: S, k: number, pos: number) => (pos - k >= 0 && pos - k < m ? x[pos - k] : null);
  const positions = (lo: number, hi: number) => Array.from({ length: hi - lo }, (_, j) => lo + j);
  const bars = positions(0, m);
  const plotted = [
    conversion,
    base,
    bars.map((x) => at(lead1, off, x)),
    bars.map((x) => at(lead2, off, x)),
    bars.map((x) => at(b.c, -off, x)),
  ];
  const ahead = [
    positions(m, m + off).map((x) => at(lead1, off, x)),
    positions(m, m + off).map((x) => at(lead2, off, x)),
  ];
  return { plotted, ahead };
}

test("tradingview Ichimoku equals Pine's built-in, with the leading spans' 25 points beyond the last bar", () => {
  const def = tv('ICHIMOKU');
  const params = defaults(def) as Record<string, number>;
  assert.deepEqual(params, { conversion: 9, base: 26, spanB: 52, displacement: 26 });
  for (const seed of [3, 808]) {
    const c = hardColumns(seed);
    const expected = referenceWithGaps(c, ['high', 'low', 'close'], (b) => pineIchimoku(b, params).plotted);
    check(def, c, params, expected, `ICHIMOKU ${seed}`);
    const keep: number[] = [];
    for (let i = 0; i < c.length; i++) if (![c.high, c.low, c.close].some((a) => Number.isNaN(a[i]))) keep.push(i);
    const pick = (a: Float64Array) => from(keep.map((i) => a[i]));
    const b: Bars = { o: pick(c.open), h: pick(c.high), l: pick(c.low), c: pick(c.close), v: pick(c.volume) };
    const ahead: S[] = pineIchimoku(b, params).ahead;
    const forward = def.forward!(c, params);
    assert.equal(forward.spanA.length, 25);
    assert.equal(
      diffSeries(
        forward.spanA,
        Float64Array.from(ahead[0], (v) => v ?? NaN),
      ),
      null,
      'span A ahead',
    );
    assert.equal(
      diffSeries(
        forward.spanB,
        Float64Array.from(ahead[1], (v) => v ?? NaN),
      ),
      null,
      'span B ahead',
    );
    assert.ok(forward.spanB.every(Number.isFinite), 'every point ahead has a value on a long series');
  }
  // A series shorter than the widest window: the points ahead are na like Pine's.
  const short = randomColumns(40, 2);
  const f = def.forward!(short, params);
  assert.ok(f.spanB.every(Number.isNaN) && Number.isFinite(f.spanA[24]) && Number.isNaN(f.spanA[0]));
});

/** Wall-clock date and hour of `t` in `zone`. */
function wall(t: number, zone: string): { y: number; m: number; d: number; h: number } {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone: zone,
    hourCycle: 'h23',
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
  }).formatToParts(new Date(t));
  const get = (type: string) => Number(parts.find((p) => p.type === type)!.value);
  return { y: get('year'), m: get('month'), d: get('day'), h: get('hour') };
}

/**
 * VWAP built-in: "isNewPeriod = switch anchor 'Session' => timeframe.change('D'), 'Week' =>
 * timeframe.change('W'), 'Month' => timeframe.change('M'); if na(src[1]) isNewPeriod := true;
 * [_vwap, _, _] = ta.vwap(src = hlc3, isNewPeriod, 1)", and ta.vwap: cumulative
 * Σ(src·volume) / Σ(volume) since the last bar where the anchor was true (0 / 0 is na). The trading
 * day of a session opening at `openHour` the evening before is the next calendar date.
 */
function pineVwap(b: Bars, time: number[], anchor: 'session' | 'week' | 'month', zone: string, openHour: number): S {
  let key = '';
  let pv = 0;
  let vol = 0;
  return b.c.map((c, i) => {
    const w = wall(time[i], zone);
    const date = new Date(Date.UTC(w.y, w.m - 1, w.d + (openHour > 0 && w.h >= openHour ? 1 : 0)));
    const days = Math.floor(date.getTime() / 86_400_000);
    const k =
      anchor === 'session'
        ? String(days)
        : anchor === 'week'
          ? String(Math.floor((days + 3) / 7)) // weeks start on Monday (1970-01-01 was a Thursday)
          : `${date.getUTCFullYear()}-${date.getUTCMonth()}`;
    if (k !== key) {
      key = k;
      pv = 0;
      vol = 0;
    }
    pv += ((b.h[i]! + b.l[i]! + c!) / 3) * b.v[i]!;
    vol += b.v[i]!;
    return vol === 0 ? null : pv / vol;
  });
}

function vwapColumns(seed: number, zone: string) {
  const c = hardColumns(seed);
  for (let i = 0; i < c.length; i++) c.time[i] = Date.UTC(2024, 0, 26, 13) + i * 3 * 3_600_000; // 3h bars, 100 days
  for (let i = 40; i < 52; i++) c.volume[i] = 0; // a whole zero-volume day
  return { ...c, timezone: zone };
}

test("VWAP anchors (session from the instrument's session, week, month) equal Pine's ta.vwap", () => {
  const def = tv('VWAP');
  assert.equal(def, registry.get('VWAP'), 'one VWAP for every convention: it is Pine-shaped');
  for (const [zone, sessionStart, openHour] of [
    ['America/Chicago', -360, 18], // CME Globex 1800-1700: the day opens the evening before
    ['Asia/Shanghai', 0, 0],
    ['UTC', 0, 0],
  ] as const) {
    for (const anchor of ['session', 'week', 'month'] as const) {
      const c = { ...vwapColumns(9, zone), sessionStart };
      const keepTime: number[] = [];
      for (let i = 0; i < c.length; i++)
        if (![c.high, c.low, c.close, c.volume].some((a) => Number.isNaN(a[i]))) keepTime.push(c.time[i]);
      const expected = referenceWithGaps(c, ['high', 'low', 'close', 'volume'], (b) => [
        pineVwap(b, keepTime, anchor, zone, openHour),
      ]);
      check(def, c, { anchor }, expected, `VWAP ${anchor} ${zone}`);
    }
  }
  // The zero-volume day has no value until it trades (Pine: 0 / 0 is na).
  const c = { ...vwapColumns(9, 'UTC'), sessionStart: 0 };
  const v = def.compute(c, { anchor: 'session' }).vwap;
  assert.ok(Number.isNaN(v[48]) && Number.isNaN(v[50]), 'no volume yet that day');
});

test('VWAP anchored at a chosen bar time starts there and never resets', () => {
  const def = registry.get('VWAP')!;
  const c = { ...vwapColumns(4, 'America/New_York'), sessionStart: 0 };
  const from = c.time[120];
  const v = def.compute(c, { anchor: from }).vwap;
  let pv = 0;
  let vol = 0;
  for (let i = 0; i < c.length; i++) {
    const gap = [c.high, c.low, c.close, c.volume].some((a) => Number.isNaN(a[i]));
    if (i < 120 || gap) {
      assert.ok(Number.isNaN(v[i]), `no value at ${i}`);
      continue;
    }
    pv += ((c.high[i] + c.low[i] + c.close[i]) / 3) * c.volume[i];
    vol += c.volume[i];
    assert.ok(Math.abs(v[i] - pv / vol) <= 1e-9 * Math.abs(pv / vol), `bar ${i}`);
  }
});

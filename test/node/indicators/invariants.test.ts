import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  BUILTIN_INDICATORS,
  type IndicatorDefinition,
  type IndicatorValues,
} from '../../../src/core/indicators/index.js';
import { defaults, diffValues, firstValid, head, randomColumns, emptyColumns, type TestColumns } from './fixtures.js';

/**
 * First non-NaN index of each output with default params, on a clean series: TA-Lib's outBegIdx
 * for TA-Lib functions, the documented warm-up for the others.
 */
const WARMUP: Record<string, Record<string, number>> = {
  MA: { ma1: 4, ma2: 9, ma3: 19 },
  EMA: { ema: 19 },
  WMA: { wma: 19 },
  DEMA: { dema: 38 },
  TEMA: { tema: 57 },
  TRIMA: { trima: 19 },
  KAMA: { kama: 30 },
  T3: { t3: 24 },
  HMA: { hma: 22 },
  VWMA: { vwma: 19 },
  BBI: { bbi: 23 },
  BOLL: { upper: 19, middle: 19, lower: 19 },
  SAR: { sar: 1 },
  KC: { upper: 19, middle: 19, lower: 19 },
  DC: { upper: 19, middle: 19, lower: 19 },
  ICHIMOKU: { tenkan: 8, kijun: 25, spanA: 50, spanB: 76, chikou: 0 },
  SUPERTREND: { down: 10 },
  VWAP: { vwap: 0 },
  VOL: { volume: 0, ma1: 4, ma2: 9 },
  MACD: { macd: 33, signal: 33, hist: 33 },
  RSI: { rsi: 14 },
  STOCH: { k: 17, d: 17 },
  STOCHRSI: { k: 20, d: 20 },
  KDJ: { k: 8, d: 8, j: 8 },
  CCI: { cci: 19 },
  WR: { wr: 13 },
  ATR: { atr: 14 },
  NATR: { natr: 14 },
  DMI: { pdi: 14, mdi: 14, adx: 27, adxr: 40 },
  AROON: { up: 14, down: 14 },
  MFI: { mfi: 14 },
  OBV: { obv: 0 },
  ROC: { roc: 10 },
  MTM: { mtm: 12, ma: 17 },
  TRIX: { trix: 34, ma: 42 },
  ULTOSC: { ultosc: 28 },
  CMO: { cmo: 14 },
  PPO: { ppo: 25, signal: 33, hist: 33 },
  AD: { ad: 0 },
  ADOSC: { adosc: 9 },
  BOP: { bop: 0 },
  CMF: { cmf: 19 },
  AO: { ao: 33 },
  PVT: { pvt: 0 },
  EMV: { emv: 14, ma: 22 },
  BIAS: { bias1: 5, bias2: 11, bias3: 23 },
  PSY: { psy: 12, ma: 17 },
  VR: { vr: 26, ma: 31 },
  BRAR: { br: 26, ar: 25 },
  CR: { cr: 26, ma1: 40, ma2: 54, ma3: 82, ma4: 110 },
  DMA: { dif: 49, ama: 58 },
  HV: { hv: 20 },
};

/** Largest first-valid index over outputs, used to size "too short" series. */
function maxWarmup(id: string): number {
  return Math.max(0, ...Object.values(WARMUP[id] ?? {}));
}

function assertFinite(def: IndicatorDefinition, values: IndicatorValues, what: string): void {
  for (const [key, arr] of Object.entries(values)) {
    for (let i = 0; i < arr.length; i++) {
      if (arr[i] === Infinity || arr[i] === -Infinity) assert.fail(`${def.id}.${key}[${i}] is ${arr[i]} (${what})`);
    }
  }
}

test('there are at least 45 built-in indicators with unique ids, every param documented and bounded', () => {
  assert.ok(BUILTIN_INDICATORS.length >= 45, `only ${BUILTIN_INDICATORS.length}`);
  const ids = new Set(BUILTIN_INDICATORS.map((d) => d.id));
  assert.equal(ids.size, BUILTIN_INDICATORS.length);
  for (const def of BUILTIN_INDICATORS) {
    assert.ok(WARMUP[def.id], `no warm-up table entry for ${def.id}`);
    for (const [name, schema] of Object.entries(def.params.properties)) {
      assert.notEqual(schema.default, undefined, `${def.id}.${name} default`);
      assert.equal(typeof schema.description, 'string', `${def.id}.${name} description`);
      const bounded =
        (schema.minimum !== undefined && schema.maximum !== undefined) ||
        (schema.minItems !== undefined && schema.maxItems !== undefined) ||
        Array.isArray(schema.anyOf);
      assert.ok(bounded, `${def.id}.${name} bounds`);
    }
    for (const key of def.paramOrder) assert.ok(key in def.params.properties, `${def.id} paramOrder ${key}`);
  }
});

const series = randomColumns(400, 11, 'America/New_York');

for (const def of BUILTIN_INDICATORS) {
  test(`${def.id}: output keys, lengths and warm-up (first non-NaN index)`, () => {
    const params = defaults(def);
    const values = def.compute(series, params);
    const outputs = def.outputs(params);
    assert.deepEqual(Object.keys(values).sort(), outputs.map((o) => o.key).sort());
    for (const o of outputs) assert.equal(values[o.key].length, series.length, o.key);
    for (const [key, first] of Object.entries(WARMUP[def.id])) {
      assert.equal(firstValid(values[key]), first, `${def.id}.${key} first valid index`);
    }
    if (def.id === 'ICHIMOKU') {
      // The lagging span holds the close 25 bars later; its last 25 bars are NaN.
      assert.equal(values.chikou[0], series.close[25]);
      assert.ok(Number.isNaN(values.chikou[series.length - 1]));
      assert.ok(!Number.isNaN(values.chikou[series.length - 26]));
    }
    assertFinite(def, values, 'random series');
  });

  test(`${def.id}: fewer bars than the warm-up gives NaN only, and empty input does not throw`, () => {
    const params = defaults(def);
    const w = maxWarmup(def.id);
    const empty = def.compute(emptyColumns(0), params);
    for (const arr of Object.values(empty)) assert.equal(arr.length, 0);
    if (w === 0) return;
    const short = head(series, Math.min(w, ...Object.values(WARMUP[def.id]).filter((x) => x > 0)));
    const values = def.compute(short, params);
    for (const [key, first] of Object.entries(WARMUP[def.id])) {
      if (first === 0) continue;
      assert.equal(firstValid(values[key]), -1, `${def.id}.${key} must be all NaN with ${short.length} bars`);
    }
  });

  test(`${def.id}: zero volume and flat prices produce no Infinity`, () => {
    const params = defaults(def);
    const zeroVol = randomColumns(200, 3);
    zeroVol.volume.fill(0);
    const flat = randomColumns(200, 5);
    flat.open.fill(42);
    flat.high.fill(42);
    flat.low.fill(42);
    flat.close.fill(42);
    const flatZero = randomColumns(200, 5);
    for (const col of [flatZero.open, flatZero.high, flatZero.low, flatZero.close]) col.fill(42);
    flatZero.volume.fill(0);
    for (const [name, cols] of [
      ['zero volume', zeroVol],
      ['flat prices', flat],
      ['flat prices and zero volume', flatZero],
    ] as const) {
      const values = def.compute(cols, params);
      assertFinite(def, values, name);
      // Price-independent studies stay defined after their warm-up wherever they read no volume.
      for (const [key, first] of Object.entries(WARMUP[def.id])) {
        const arr = values[key];
        if (first >= arr.length) continue;
        const nan = Array.from(arr.subarray(first + 60)).filter((x) => Number.isNaN(x)).length;
        if (name === 'flat prices' && !['BIAS', 'VR', 'BRAR', 'CR', 'SUPERTREND', 'ICHIMOKU'].includes(def.id)) {
          assert.equal(nan, 0, `${def.id}.${key} should stay defined on flat prices`);
        }
      }
    }
  });

  test(`${def.id}: NaN gaps are skipped (outputs NaN there, other bars as if the gaps were absent)`, () => {
    const params = defaults(def);
    const withGaps = randomColumns(300, 21, 'UTC');
    const gapBars = [40, 41, 120, 299];
    for (const g of gapBars) {
      withGaps.open[g] = NaN;
      withGaps.high[g] = NaN;
      withGaps.low[g] = NaN;
      withGaps.close[g] = NaN;
      withGaps.volume[g] = NaN;
    }
    const values = def.compute(withGaps, params);
    const keep = [...Array(300).keys()].filter((i) => !gapBars.includes(i));
    const compact = emptyColumns(keep.length, 'UTC');
    keep.forEach((src, j) => {
      for (const f of ['time', 'open', 'high', 'low', 'close', 'volume'] as const) compact[f][j] = withGaps[f][src];
    });
    const ref = def.compute(compact, params);
    for (const [key, arr] of Object.entries(values)) {
      for (const g of gapBars) assert.ok(Number.isNaN(arr[g]), `${def.id}.${key}[${g}] should be NaN`);
      keep.forEach((src, j) => {
        const a = arr[src];
        const b = ref[key][j];
        if (!(Object.is(a, b) || Math.abs(a - b) <= 1e-12 * Math.max(1, Math.abs(a)))) {
          assert.fail(`${def.id}.${key}[${src}] = ${a}, expected ${b}`);
        }
      });
    }
    assertFinite(def, values, 'gaps');
  });

  if (def.createUpdater) {
    test(`${def.id}: updater fed bar by bar (appends and in-place changes) equals the full compute`, () => {
      const params = defaults(def);
      const n = 260;
      const full = randomColumns(n, 99, 'Asia/Shanghai');
      // Live view: the arrays are reused and grow by viewing more of them.
      const live = randomColumns(n, 99, 'Asia/Shanghai');
      const start = 5;
      const updater = def.createUpdater!(head(live, start), params);
      for (let i = start; i < n; i++) {
        // A provisional tick, then the final bar in place (twice: the replay must be repeatable).
        live.close[i] = full.close[i] * 1.013;
        live.high[i] = Math.max(full.high[i], live.close[i]);
        live.low[i] = Math.min(full.low[i], live.close[i]) * 0.999;
        live.volume[i] = full.volume[i] / 3;
        updater.update(head(live, i + 1), true);
        live.close[i] = full.close[i] * 0.98;
        live.low[i] = Math.min(full.low[i], live.close[i]);
        updater.update(head(live, i + 1), false);
        for (const f of ['open', 'high', 'low', 'close', 'volume'] as const) live[f][i] = full[f][i];
        updater.update(head(live, i + 1), false);
      }
      const expected = def.compute(full, params);
      const d = diffValues(expected, updater.values);
      assert.equal(d, null, `${def.id} updater differs: ${d}`);
      for (const arr of Object.values(updater.values)) assert.equal(arr.length, n);
    });

    test(`${def.id}: updater seeded with the whole series equals compute, and a last-bar gap yields NaN`, () => {
      const params = defaults(def);
      const cols: TestColumns = randomColumns(120, 5, 'UTC');
      const updater = def.createUpdater!(cols, params);
      assert.equal(diffValues(def.compute(cols, params), updater.values), null);
      const saved = cols.close[119];
      cols.close[119] = NaN;
      cols.high[119] = NaN;
      cols.low[119] = NaN;
      cols.open[119] = NaN;
      cols.volume[119] = NaN;
      updater.update(cols, false);
      for (const [key, arr] of Object.entries(updater.values)) assert.ok(Number.isNaN(arr[119]), key);
      cols.close[119] = saved;
      const back = randomColumns(120, 5, 'UTC');
      for (const f of ['open', 'high', 'low', 'volume'] as const) cols[f][119] = back[f][119];
      updater.update(cols, false);
      assert.equal(diffValues(def.compute(cols, params), updater.values), null);
    });
  }
}

test('the incremental studies the brief requires all have updaters', () => {
  for (const id of ['MA', 'EMA', 'WMA', 'DEMA', 'TEMA', 'MACD', 'RSI', 'BOLL', 'ATR', 'KDJ', 'OBV', 'VWAP']) {
    const def = BUILTIN_INDICATORS.find((d) => d.id === id);
    assert.ok(def?.createUpdater, id);
  }
});

/**
 * 通达信 SAR(10,2,20) against a bar-by-bar reference written from 通达信's published description of
 * its built-in 抛物转向 SAR (help text, rules quoted below; the same rules circulate as the standard
 * Chinese description of SAR): SAR(n) = SAR(n−1) + AF·[EP(n−1) − SAR(n−1)].
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createDefaultIndicatorRegistry, formatIndicatorLabel } from '../../../src/core/indicators/index.js';
import { defaults, randomColumns } from './fixtures.js';
import { check, hardColumns, referenceWithGaps } from './convention-fixtures.js';
import type { S } from './tdx-reference.js';

const registry = createDefaultIndicatorRegistry();
const tdx = registry.resolve('SAR', 'tdx')!;

/** The reference: one loop, windows re-read from the arrays, no shared code with src. */
function tdxSar(h: S, l: S, c: S, n: number, stepPct: number, capPct: number): S {
  const H = h as number[];
  const L = l as number[];
  const C = c as number[];
  const out: S = H.map(() => null);
  if (H.length < n) return out;
  const hhv = (t: number) => Math.max(...H.slice(Math.max(0, t - n + 1), t + 1));
  const llv = (t: number) => Math.min(...L.slice(Math.max(0, t - n + 1), t + 1));
  const S0 = stepPct / 100;
  const M = capPct / 100;
  // (1) 先选定一段时间判断为上涨或下跌: the first N bars; the close rose over them → 看涨.
  let up = C[n - 1] > C[0];
  // (2) 若是看涨，则第一天的SAR值必须是近期内的最低价；若是看跌，则第一天的SAR须是近期的最高价。
  let sar = up ? llv(n - 1) : hhv(n - 1);
  let ep = up ? hhv(n - 1) : llv(n - 1); // EP：这段期间的最高价（看涨）/ 最低价（看跌）
  let af = Math.min(S0, M);
  out[n - 1] = sar;
  for (let t = n; t < H.length; t++) {
    // (4) SAR(n) = SAR(n−1) + AF〖EP(n−1) − SAR(n−1)〗
    let next = sar + af * (ep - sar);
    // (6) 看涨期间 SAR 比当日或前一日的最低价高，则以当日或前一日的最低价为 SAR (the two bars the
    // SAR is computed from: t−1 and t−2); 看跌期间同理取最高价。
    if (up) next = Math.min(next, L[t - 1], L[t - 2]);
    else next = Math.max(next, H[t - 1], H[t - 2]);
    // 向下跌破 SAR 便卖出，向上越过 SAR 就买进: price through the SAR (the low below it in an
    // up-trend, the high above it in a down-trend) reverses on that bar; the new SAR is the recent
    // extreme of the last N bars (rule 2 again), AF starts over (任何一次行情的转变，加速因子AF都必须
    // 重新由0.02起算).
    const broke = up ? L[t] < next : H[t] > next;
    if (broke) {
      up = !up;
      sar = up ? llv(t) : hhv(t);
      ep = up ? H[t] : L[t];
      af = Math.min(S0, M);
    } else {
      sar = next;
      // (5) 假若当天的最高价比前一天的最高价还高，则加速因子增加0.02 … 最高不能超过0.2; 下跌类推。
      if (up ? H[t] > H[t - 1] : L[t] < L[t - 1]) af = Math.min(af + S0, M);
      ep = up ? Math.max(ep, H[t]) : Math.min(ep, L[t]);
    }
    out[t] = sar;
  }
  return out;
}

test("tdx SAR(10,2,20) equals 通达信's rules from bar N − 1, on series with gaps and a flat stretch", () => {
  assert.notEqual(tdx, registry.get('SAR'), 'has its own tdx form');
  assert.equal(formatIndicatorLabel(tdx, defaults(tdx)), 'SAR(10,2,20)');
  for (const seed of [11, 4242, 77]) {
    const c = hardColumns(seed);
    const expected = referenceWithGaps(c, ['high', 'low', 'close'], (b) => [tdxSar(b.h, b.l, b.c, 10, 2, 20)]);
    check(tdx, c, defaults(tdx), expected, `SAR seed ${seed}`);
    const v = tdx.compute(c, defaults(tdx)).sar;
    assert.ok(Number.isNaN(v[8]) && Number.isFinite(v[9]), 'first value at bar N − 1 = 9');
  }
  const c = randomColumns(500, 31);
  const p = { period: 4, step: 3, maximum: 15 };
  const expected = referenceWithGaps(c, ['high', 'low', 'close'], (b) => [tdxSar(b.h, b.l, b.c, 4, 3, 15)]);
  check(tdx, c, p, expected, 'SAR(4,3,15)');
});

test("tdx SAR differs from TA-Lib's on a minority of bars: N-bar start and restart, AF on a higher high", () => {
  const c = randomColumns(2000, 5);
  const a = tdx.compute(c, defaults(tdx)).sar;
  const b = registry.get('SAR')!.compute(c, { acceleration: 0.02, maximum: 0.2 }).sar;
  let sides = 0;
  let bars = 0;
  for (let i = 10; i < 2000; i++) {
    bars++;
    if (a[i] < c.close[i] !== b[i] < c.close[i]) sides++;
  }
  assert.ok(sides > 0 && sides < bars / 5, `the two disagree about the side of price on ${sides}/${bars} bars`);
});

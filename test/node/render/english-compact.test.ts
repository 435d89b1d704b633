/**
 * An English chart writes volumes and large values compact without Intl (src/render/english-compact.ts),
 * so its first paint creates no Intl object (the first costs ~15 ms while ICU's data loads). It must write
 * exactly what `Intl.NumberFormat('en', { notation: 'compact', maximumFractionDigits })` writes.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { englishCompact } from '../../../src/render/english-compact.js';
import { formatCompact } from '../../../src/render/format-number.js';

const intl = (digits: number) => new Intl.NumberFormat('en', { notation: 'compact', maximumFractionDigits: digits });

/** mulberry32: a repeatable stream of values in [0, 1). */
function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = Math.imul(a ^ (a >>> 15), a | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

test('the edges: rounding up into the next unit, half away from zero on the decimal, signs and zeros', () => {
  const values = [
    0,
    -0,
    0.5,
    1.005,
    0.125,
    0.135,
    2.5,
    12.345,
    999,
    999.994,
    999.995,
    1000,
    1234,
    9999.5,
    99999,
    999994,
    999995,
    999999,
    1e6,
    2845123,
    2855000,
    1.5e9,
    999.995e9,
    1e12,
    1.23456e14,
    999995e9,
    999994999999999,
    5e-324,
    1e-7,
    -0.001,
    -2845123,
    -999.995,
    123456.789,
    0.1 + 0.2,
    1.0000000000000002,
    4.35,
    1.45,
    8.345,
    1e3 - 1e-9,
  ];
  for (const digits of [0, 1, 2, 3])
    for (const v of values) assert.equal(englishCompact(v, digits), intl(digits).format(v), `${v}, ${digits} digits`);
});

test('100,000 values of every magnitude from 1e-9 to 1e15, as Intl writes them', () => {
  const next = random(7);
  const formats = [0, 1, 2, 3].map(intl);
  for (let i = 0; i < 100_000; i++) {
    const digits = i % 4;
    const magnitude = 10 ** Math.floor(next() * 24 - 9);
    // Values on a rounding edge (few decimals, ending in 5) as often as arbitrary ones.
    const raw = next() * 1000 * magnitude;
    const v = (i % 2 ? Number(raw.toPrecision(1 + Math.floor(next() * 6))) : raw) * (next() < 0.2 ? -1 : 1);
    if (Math.abs(v) >= 1e15) continue;
    assert.equal(englishCompact(v, digits), formats[digits].format(v), `${v}, ${digits} digits`);
  }
});

test('formatCompact: English without Intl, other languages in their own units', () => {
  assert.equal(formatCompact(2845123, 'en'), '2.85M');
  assert.equal(formatCompact(2845123, ''), '2.85M');
  assert.equal(formatCompact(7850000, 'zh-CN'), '785万');
  assert.equal(formatCompact(120000000, 'ja'), '1.2億');
  assert.equal(formatCompact(1e300, 'en'), '1E300');
});

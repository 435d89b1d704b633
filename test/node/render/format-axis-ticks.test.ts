import { test } from 'node:test';
import assert from 'node:assert/strict';
import { formatAxisTicks } from '../../../src/render/format-number.js';
import { derivePricePrecision } from '../../../src/core/data/index.js';
import { barsFromObjects } from '../../../src/core/data/index.js';

test('axis ticks of a 1e-5 price keep the decimals that tell them apart', () => {
  const ticks = [0.000012, 0.0000125, 0.000013, 0.0000135];
  assert.deepEqual(formatAxisTicks(ticks, 'price', 'en'), ['0.0000120', '0.0000125', '0.0000130', '0.0000135']);
});

test('axis ticks of a 5-decimal price are distinct, and float noise is not shown', () => {
  const step = 0.0005;
  const ticks = [0, 1, 2, 3].map((k) => 1.083 + k * step);
  const labels = formatAxisTicks(ticks, 'price', 'en');
  assert.equal(new Set(labels).size, ticks.length, labels.join(' '));
  assert.deepEqual(labels, ['1.0830', '1.0835', '1.0840', '1.0845']);
  assert.deepEqual(formatAxisTicks([0.1, 0.2, 0.1 + 0.2], 'price', 'en'), ['0.1', '0.2', '0.3']);
});

test('one tick alone, and a zero tick computed as -1e-17, read as numbers', () => {
  assert.deepEqual(formatAxisTicks([0.000012], 'price', 'en'), ['0.000012']);
  assert.deepEqual(formatAxisTicks([105.5], 'indicator', 'en'), ['105.5']);
  assert.deepEqual(formatAxisTicks([-0.1, -1e-17, 0.1], 'indicator', 'en'), ['-0.1', '0.0', '0.1']);
  assert.deepEqual(formatAxisTicks([], 'price', 'en'), []);
});

test('axis ticks of large prices and volumes keep their short forms', () => {
  assert.deepEqual(formatAxisTicks([50000, 50100, 50200], 'price', 'en'), ['50000', '50100', '50200']);
  assert.deepEqual(formatAxisTicks([0, 5e6, 1e7], 'volume', 'en'), ['0', '5M', '10M']);
});

test('the price precision of bars is their tick size, robust to float noise and capped', () => {
  const bar = (p: number, i: number) => ({ time: i * 60_000, open: p, high: p, low: p, close: p, volume: 1 });
  assert.equal(derivePricePrecision(barsFromObjects([0.000012345, 0.000012351].map(bar))), 9);
  assert.equal(derivePricePrecision(barsFromObjects([0.1 + 0.2, 0.35, 0.4].map(bar))), 2);
  assert.equal(derivePricePrecision(barsFromObjects([101, 102, 99].map(bar))), 0);
  // Arbitrary floats (no tick): at most 8 significant digits.
  assert.equal(derivePricePrecision(barsFromObjects([Math.PI * 100, Math.E * 100].map(bar))), 5);
});

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { formatPrice } from '../../../src/core/drawings/format-price.js';
import { priceChange } from '../../../src/core/drawings/kinds/measure-labels.js';

// The drawings' labels write a price with the decimals of its scale (`ref`): a tiny price (1e-300, a
// 1e-12 coin) in exponent form rather than as zeros, but a difference near 0 on a larger scale (a
// measure's Δ on a $100 stock) as the scale writes it, not as 3E-3 beside a percentage of +0.00%.

test('a tiny price, or a difference on a tiny scale, is written in exponent form', () => {
  assert.equal(formatPrice(1e-300), '1E-300');
  assert.equal(formatPrice(1.234e-12), '1.23E-12');
  assert.equal(formatPrice(1.2e-13, 1.234e-12), '1.2E-13');
  assert.equal(priceChange(1e-300, 1.1e-300, formatPrice), 'Δ +1E-301 (+10.00%)');
});

test('a difference near 0 on a larger scale keeps the decimals of the scale', () => {
  assert.equal(formatPrice(0.003, 100), '0.00');
  assert.equal(formatPrice(-0.00004, 1.5), '-0.0000');
  assert.equal(priceChange(100, 100.003, formatPrice), 'Δ +0.00 (+0.00%)');
  assert.equal(priceChange(100, 110, formatPrice), 'Δ +10.00 (+10.00%)');
});

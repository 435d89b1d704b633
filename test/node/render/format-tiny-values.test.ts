import { test } from 'node:test';
import assert from 'node:assert/strict';
import { formatAxisTicks, formatPriceTag, formatStudyValue } from '../../../src/render/format-number.js';
import { formatPrice } from '../../../components/kline-chart/chart-legend.js';

// Prices around 1e-300 (a bad file, a test feed) were written 0.000000000000 in the legend, the price
// tag and the axis: a chart of nothing but zeros. Like huge values (1E300), they are written 1E-300.

test('tiny prices are written in exponent form, not as zeros', () => {
  for (const [v, text] of [
    [1e-300, '1E-300'],
    [2.5e-300, '2.5E-300'],
    [-3e-20, '-3E-20'],
  ] as const) {
    assert.equal(formatPrice(v, 12), text);
    assert.equal(formatPriceTag(v, 12), text);
    assert.equal(formatPriceTag(v, undefined), text);
    assert.equal(formatStudyValue(v, 'price', 'en', 12), text);
    assert.equal(formatStudyValue(v, 'indicator', 'en'), text);
  }
  const ticks = formatAxisTicks([1e-300, 1.5e-300, 2e-300], 'price', 'en');
  assert.deepEqual(ticks, ['1E-300', '1.5E-300', '2E-300']);
  // Ordinary small prices keep their decimals; zero stays zero.
  assert.equal(formatPriceTag(0.00001234, 8), '0.00001234');
  assert.equal(formatPrice(0, 2), '0.00');
  assert.deepEqual(formatAxisTicks([0.0001, 0.0002], 'price', 'en'), ['0.0001', '0.0002']);
});

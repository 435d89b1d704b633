import { test } from 'node:test';
import assert from 'node:assert/strict';
import { formatAxisTicks, formatCompact, formatStudyValue } from '../../../src/render/format-number.js';

// A data file with a volume of 1e300 (or a study of it): the legend and the axis write a short number,
// not three hundred digits that run off the chart.

for (const locale of ['en', 'zh-CN', 'zh-TW', 'ja']) {
  test(`huge values are written short in ${locale}`, () => {
    for (const v of [1e16, 3.5e21, 1e300, -2e150]) {
      const texts = [
        formatCompact(v, locale),
        formatStudyValue(v, 'volume', locale),
        formatStudyValue(v, 'indicator', locale),
        ...formatAxisTicks([0, v / 2, v], 'volume', locale),
      ];
      for (const text of texts) assert.ok(text.length <= 12, `${v} → '${text}' (${locale})`);
    }
    // Below a thousand trillion the locale's compact units stay.
    assert.equal(formatCompact(7_850_000, 'en'), '7.85M');
    assert.ok(formatCompact(2e14, locale).length <= 8, formatCompact(2e14, locale));
  });
}

test('a huge value keeps its magnitude and sign', () => {
  assert.match(formatCompact(1e300, 'en'), /^1E300$/);
  assert.match(formatCompact(-2.5e150, 'en'), /^-2\.5E150$/);
});

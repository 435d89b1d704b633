import { test } from 'node:test';
import assert from 'node:assert/strict';
import { BUILTIN_INDICATORS } from '../../../src/core/indicators/index.js';
import { defaults, diffSeries, randomColumns, type TestColumns } from './fixtures.js';

// A bar far out of scale (1e300 passes validation: src/core/data/first-unsound-bar.ts refuses only
// non-finite values) must not change the studies that look back a fixed number of bars once it is
// out of their reach: there they equal the same study over the bars after it.

const N = 600;
const BAD = 150;
const FROM = 400; // far past every default look-back below

/** Studies whose value at a bar depends only on a fixed number of bars before it. */
const WINDOWED = [
  'MA',
  'VOL',
  'BOLL',
  'WMA',
  'HMA',
  'VWMA',
  'CMF',
  'MFI',
  'TRIMA',
  'BBI',
  'BIAS',
  'DMA',
  'AO',
  'PSY',
  'VR',
  'BRAR',
  'ULTOSC',
  'CCI',
  'MTM',
  'ROC',
  'WR',
  'STOCH',
  'HV',
  'CR',
  'DC',
];

function sliceFrom(c: TestColumns, from: number): TestColumns {
  return {
    time: c.time.slice(from),
    open: c.open.slice(from),
    high: c.high.slice(from),
    low: c.low.slice(from),
    close: c.close.slice(from),
    volume: c.volume.slice(from),
    length: c.length - from,
    timezone: c.timezone,
  };
}

for (const [label, spoil] of [
  [
    'a price of 1e300',
    (c: TestColumns) => ['open', 'high', 'low', 'close'].forEach((f) => (c[f as 'open'][BAD] = 1e300)),
  ],
  ['a volume of 1e300', (c: TestColumns) => (c.volume[BAD] = 1e300)],
  [
    'prices of 1e308 and a volume of 1e308',
    (c: TestColumns) => {
      for (const f of ['open', 'high', 'low', 'close'] as const) c[f][BAD] = c[f][BAD + 1] = 1e308;
      c.volume[BAD + 2] = 1e308;
    },
  ],
] as const) {
  test(`windowed studies forget a bar with ${label} once it is out of reach (compute and updater)`, () => {
    const cols = randomColumns(N, 21, 'UTC');
    spoil(cols);
    const after = sliceFrom(cols, BAD + 3);
    const failures: string[] = [];
    for (const id of WINDOWED) {
      const def = BUILTIN_INDICATORS.find((d) => d.id === id);
      assert.ok(def, id);
      const params = defaults(def);
      const want = def.compute(after, params);
      const forms: [string, Record<string, Float64Array>][] = [['compute', def.compute(cols, params)]];
      if (def.createUpdater) forms.push(['updater', def.createUpdater(cols, params).values]);
      for (const [form, got] of forms) {
        for (const key of Object.keys(want)) {
          const d = diffSeries(got[key].subarray(FROM), want[key].subarray(FROM - BAD - 3), 1e-9, 1e-9);
          if (d) failures.push(`${id}.${key} (${form}): ${d}`);
        }
      }
    }
    assert.deepEqual(failures, []);
  });
}

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { barsFromObjects, findBadBar, findBadLiveBar, type Bar } from '../../../src/core/data/index.js';

const T0 = Date.UTC(2024, 0, 2);
const rows = (n: number): Bar[] =>
  Array.from({ length: n }, (_, i) => ({ time: T0 + i * 60_000, open: 10, high: 11, low: 9, close: 10.5, volume: 5 }));

test('findBadBar accepts good bars and an empty series', () => {
  assert.equal(findBadBar(barsFromObjects(rows(50))), null);
  assert.equal(findBadBar(barsFromObjects([])), null);
});

test('findBadBar names the first bad index and the reason', () => {
  const cases: [string, (r: Bar[]) => void, number, string][] = [
    ['seconds', (r) => r.forEach((b) => (b.time = b.time / 1000)), 0, 'seconds_not_ms'],
    ['unsorted', (r) => ([r[3], r[4]] = [r[4], r[3]]), 4, 'unsorted'],
    ['duplicate', (r) => (r[7].time = r[6].time), 7, 'duplicate_time'],
    ['NaN open', (r) => (r[2].open = Number.NaN), 2, 'not_finite'],
    ['-Infinity low', (r) => (r[2].low = Number.NEGATIVE_INFINITY), 2, 'not_finite'],
    ['high < low', (r) => (r[5].high = 8), 5, 'high_below_low'],
    ['open above high', (r) => (r[5].open = 12), 5, 'open_outside_range'],
    ['close below low', (r) => (r[9].close = 1), 9, 'close_outside_range'],
    ['negative volume', (r) => (r[1].volume = -3), 1, 'negative_volume'],
  ];
  for (const [name, spoil, index, reason] of cases) {
    const r = rows(12);
    spoil(r);
    const bad = findBadBar(barsFromObjects(r));
    assert.ok(bad, name);
    assert.equal(bad.index, index, name);
    assert.equal(bad.reason, reason, name);
    assert.match(bad.message, /\S/, name);
  }
  // Two problems: the earlier bar is named.
  const r = rows(12);
  r[8].volume = -1;
  r[3].high = 0;
  assert.equal(findBadBar(barsFromObjects(r))?.index, 3);
});

test('findBadBar lets float noise through and refuses anything beyond it, in every field', () => {
  const accepted = rows(6);
  accepted[1].open = 11 * (1 + 5e-10); // above high by less than the 1e-9 relative slack
  accepted[2].close = 9 * (1 - 5e-10);
  accepted[3].high = accepted[3].low = accepted[3].open = accepted[3].close = 10; // a flat bar
  accepted[4].volume = 0;
  assert.equal(findBadBar(barsFromObjects(accepted)), null);

  const cases: [string, (b: Bar) => void, string][] = [
    ['open just beyond the slack', (b) => (b.open = 11 * (1 + 1e-8)), 'open_outside_range'],
    ['close just beyond the slack', (b) => (b.close = 9 * (1 - 1e-8)), 'close_outside_range'],
    ['Infinity time', (b) => (b.time = Number.POSITIVE_INFINITY), 'not_finite'],
    ['NaN volume', (b) => (b.volume = Number.NaN), 'not_finite'],
    ['NaN high', (b) => (b.high = Number.NaN), 'not_finite'],
    ['NaN close', (b) => (b.close = Number.NaN), 'not_finite'],
  ];
  for (const [name, spoil, reason] of cases) {
    const r = rows(6);
    spoil(r[4]);
    assert.deepEqual(
      [findBadBar(barsFromObjects(r))?.index, findBadBar(barsFromObjects(r))?.reason],
      [4, reason],
      name,
    );
  }
});

test('findBadLiveBar: older than the last bar, seconds, and the per-bar checks', () => {
  const last = T0 + 10 * 60_000;
  const ok: Bar = { time: last + 60_000, open: 10, high: 11, low: 9, close: 10, volume: 1 };
  assert.equal(findBadLiveBar(ok, last), null);
  assert.equal(findBadLiveBar({ ...ok, time: last }, last), null, 'replacing the last bar is fine');
  assert.equal(findBadLiveBar({ ...ok, time: last - 1 }, last)?.reason, 'unsorted');
  assert.equal(findBadLiveBar({ ...ok, time: Math.floor(last / 1000) }, last)?.reason, 'seconds_not_ms');
  assert.equal(findBadLiveBar({ ...ok, volume: Number.NaN }, last)?.reason, 'not_finite');
});

test('findBadBar and findBadLiveBar word each refusal with the bar and its values', () => {
  const one = (spoil: (b: Bar) => void): string | undefined => {
    const r = rows(4);
    spoil(r[2]);
    return findBadBar(barsFromObjects(r))?.message;
  };
  assert.equal(
    one((b) => (b.open = 12)),
    'Bar 2 has open 12 outside [low 9, high 11].',
  );
  assert.equal(
    one((b) => (b.close = 8)),
    'Bar 2 has close 8 outside [low 9, high 11].',
  );
  assert.equal(
    one((b) => (b.high = 8)),
    'Bar 2 has high 8 below low 9.',
  );
  assert.equal(
    one((b) => (b.volume = -3)),
    'Bar 2 has negative volume -3.',
  );
  assert.equal(
    one((b) => (b.low = Number.NaN)),
    'Bar 2 has low = NaN; every field must be a finite number.',
  );
  assert.equal(
    one((b) => (b.time = T0 + 60_000)),
    `Bar 2 has the same time as bar 1 (${T0 + 60_000}); times must be unique.`,
  );
  const last = T0 + 10 * 60_000;
  const ok: Bar = { time: last + 60_000, open: 10, high: 11, low: 9, close: 10, volume: 1 };
  assert.equal(
    findBadLiveBar({ ...ok, close: Number.POSITIVE_INFINITY }, last)?.message,
    'Bar 0 has close = Infinity; every field must be a finite number.',
  );
  assert.equal(findBadLiveBar({ ...ok, open: 8 }, last)?.message, 'Bar 0 has open 8 outside [low 9, high 11].');
});

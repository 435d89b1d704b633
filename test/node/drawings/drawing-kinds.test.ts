import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  DRAWING_KINDS,
  DRAWING_KIND_INFO,
  DRAWING_POINT_COUNTS,
  describeDrawingKinds,
  isDrawingKind,
} from '../../../src/core/drawings/index.js';

test('every kind has its point count', () => {
  assert.deepEqual(
    { ...DRAWING_POINT_COUNTS },
    {
      horizontal_line: 1,
      horizontal_ray: 1,
      vertical_line: 1,
      text: 1,
      trend_line: 2,
      ray: 2,
      extended_line: 2,
      arrow: 2,
      rectangle: 2,
      fib_retracement: 2,
      price_range: 2,
      date_range: 2,
      date_price_range: 2,
      parallel_channel: 3,
      pitchfork: 3,
      fib_extension: 3,
      long_position: 3,
      short_position: 3,
    },
  );
  for (const k of DRAWING_KINDS) {
    assert.ok(DRAWING_KIND_INFO[k].label.length > 0, k);
    assert.ok(DRAWING_KIND_INFO[k].description.length > 10, k);
  }
});

test('describeDrawingKinds lists each kind with its point count, one per line', () => {
  const text = describeDrawingKinds();
  const lines = text.split('\n');
  assert.equal(lines.length, DRAWING_KINDS.length);
  assert.match(text, /^trend_line \(2 points\): /m);
  assert.match(text, /^parallel_channel \(3 points\): /m);
  assert.match(text, /^text \(1 point\): /m);
});

test('isDrawingKind accepts only the twelve names', () => {
  assert.equal(isDrawingKind('ray'), true);
  assert.equal(isDrawingKind('Ray'), false);
  assert.equal(isDrawingKind('circle'), false);
  assert.equal(isDrawingKind(undefined), false);
});

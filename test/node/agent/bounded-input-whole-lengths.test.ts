import { test } from 'node:test';
import assert from 'node:assert/strict';
import { boundToolInput, withWholeLengths } from '../../../src/agent/bound-tool-input.js';
import { describeToolCall } from '../../../src/agent/index.js';

// An approval card after a reload words the call from the stored shortened copy
// (components/chart-agent-panel/agent-words.ts): its arrays must count as many items as the whole input's.

test('a shortened copy counts its arrays at their whole length again', () => {
  const ids = Array.from({ length: 5000 }, (_, i) => `drawing-id-${i}`);
  const { input, bytes } = boundToolInput({ ids, nested: { points: Array.from({ length: 40 }, (_, i) => i) } });
  assert.ok(bytes !== undefined, 'the input is shortened');
  assert.equal(describeToolCall('drawing_delete', 'Delete drawings', input), 'Delete 11 drawings');
  const whole = withWholeLengths(input) as { ids: string[]; nested: { points: number[] } };
  assert.equal(whole.ids.length, 5000);
  assert.deepEqual(whole.ids.slice(0, 10), ids.slice(0, 10));
  assert.equal(whole.nested.points.length, 40);
  assert.equal(describeToolCall('drawing_delete', 'Delete drawings', whole), 'Delete 5000 drawings');
});

test('arrays that were not shortened, and unbelievable lengths, stay as stored', () => {
  const short = ['a', '… 3 more'];
  assert.deepEqual(withWholeLengths({ short }), { short });
  const huge = [...Array.from({ length: 10 }, (_, i) => i), '… 99999999999 more'];
  assert.deepEqual(withWholeLengths(huge), huge);
  assert.equal(withWholeLengths('… 5 more'), '… 5 more');
});

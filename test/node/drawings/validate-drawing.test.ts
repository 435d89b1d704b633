import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  isCssColor,
  normalizeStyle,
  validateDrawingInput,
  validateDrawingStyle,
} from '../../../src/core/drawings/index.js';
import { DAY, T0 } from './drawing-fixtures.js';

const ctx = { dataRange: { from: T0, to: T0 + 30 * DAY }, paneIds: ['price', 'macd-1'] };

test('valid input has no errors', () => {
  const errors = validateDrawingInput(
    {
      kind: 'trend_line',
      points: [
        { time: T0, price: 10 },
        { time: T0 + 30 * DAY, price: 12 },
      ],
      paneId: 'macd-1',
      style: { color: 'rgba(41, 98, 255, 0.5)', width: 2, dash: 'dashed' },
      label: 'support',
    },
    ctx,
  );
  assert.deepEqual(errors, []);
});

test('wrong number of points names the kind, the need and the count', () => {
  const errors = validateDrawingInput({ kind: 'trend_line', points: [{ time: T0, price: 1 }] }, ctx);
  assert.deepEqual(errors, [{ path: 'points', reason: 'trend_line needs 2 points, got 1' }]);
  const channel = validateDrawingInput({ kind: 'parallel_channel', points: [] }, ctx);
  assert.equal(channel[0].reason, 'parallel_channel needs 3 points, got 0');
});

test('a time outside the loaded data gives the valid range', () => {
  const errors = validateDrawingInput(
    {
      kind: 'trend_line',
      points: [
        { time: T0, price: 1 },
        { time: T0 + 31 * DAY, price: 2 },
      ],
    },
    ctx,
  );
  assert.equal(errors.length, 1);
  assert.equal(errors[0].path, 'points[1].time');
  assert.match(errors[0].reason, /outside the loaded data/);
  assert.match(errors[0].reason, /2024-01-01 00:00 UTC/);
  assert.match(errors[0].reason, /2024-01-31 00:00 UTC/);
});

test('times are formatted with the given formatter', () => {
  const errors = validateDrawingInput(
    { kind: 'vertical_line', points: [{ time: T0 - DAY, price: 1 }] },
    { ...ctx, formatTime: (t) => `T${(t - T0) / DAY}` },
  );
  assert.match(errors[0].reason, /from T0 to T30/);
});

test('non-finite prices and non-number times are reported per point', () => {
  const errors = validateDrawingInput(
    {
      kind: 'rectangle',
      points: [
        { time: T0, price: Number.NaN },
        { time: '2024-01-02', price: Infinity },
      ],
    },
    ctx,
  );
  assert.deepEqual(
    errors.map((e) => e.path),
    ['points[0].price', 'points[1].time', 'points[1].price'],
  );
  assert.match(errors[0].reason, /finite number/);
});

test('unknown pane id lists the existing ids', () => {
  const errors = validateDrawingInput({ kind: 'text', points: [{ time: T0, price: 1 }], paneId: 'rsi' }, ctx);
  assert.deepEqual(errors, [{ path: 'paneId', reason: 'unknown pane id; existing panes: price, macd-1' }]);
});

test('unknown kind lists the valid kinds', () => {
  const errors = validateDrawingInput({ kind: 'circle', points: [] }, ctx);
  assert.equal(errors[0].path, 'kind');
  assert.match(errors[0].reason, /horizontal_line, .*parallel_channel/);
});

test('style fields are checked', () => {
  const errors = validateDrawingStyle({ color: 'url(javascript:alert(1))', width: 0, dash: 'wavy' });
  assert.deepEqual(
    errors.map((e) => e.path),
    ['style.color', 'style.width', 'style.dash'],
  );
  assert.deepEqual(validateDrawingStyle({ width: 10 }), []);
  assert.deepEqual(validateDrawingStyle(undefined), []);
});

test('CSS colours by pattern', () => {
  for (const ok of [
    '#fff',
    '#2962FF',
    '#2962ff80',
    'rgb(1, 2, 3)',
    'rgba(1,2,3,0.5)',
    'rgb(1 2 3 / 50%)',
    'hsl(120deg, 50%, 40%)',
    'red',
    'RebeccaPurple',
    'transparent',
  ]) {
    assert.equal(isCssColor(ok), true, ok);
  }
  for (const bad of ['#12345', 'rgb(1,2)', 'notacolor', 'expression(alert(1))', 'red; background: url(x)', '', 42]) {
    assert.equal(isCssColor(bad), false, String(bad));
  }
});

test('normalizeStyle fills defaults and keeps given fields', () => {
  assert.deepEqual(normalizeStyle(), { color: '#2962ff', width: 1, dash: 'solid' });
  assert.deepEqual(normalizeStyle({ color: 'red', dash: 'dotted' }), { color: 'red', width: 1, dash: 'dotted' });
  assert.equal(normalizeStyle({ width: 40 }).width, 10);
  assert.equal(normalizeStyle({ color: 'nope' }).color, '#2962ff');
});

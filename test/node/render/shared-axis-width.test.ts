import { test } from 'node:test';
import assert from 'node:assert/strict';
import { SharedAxisWidth, MIN_AXIS_WIDTH } from '../../../src/render/price-axis-width.js';

const tick = () => new Promise<void>((resolve) => queueMicrotask(resolve));

test('panes share the widest need; a pan or zoom only widens it, new data lets it narrow', async () => {
  let changes = 0;
  const shared = new SharedAxisWidth(() => changes++);
  assert.equal(shared.width, MIN_AXIS_WIDTH);

  // First data: the oscillator's tags need 72 px, the price pane 64.
  shared.allowShrink();
  assert.equal(shared.report('price', 64), MIN_AXIS_WIDTH);
  assert.equal(shared.report('rsi', 72), 72, 'the widest pane sets the width');
  await tick();
  await tick();
  assert.equal(changes, 1, 'one relayout of the other panes');

  // A zoom relabels the oscillator with shorter tags: the plot does not jump back and forth.
  assert.equal(shared.report('rsi', 64), 72, 'held during a pan or zoom');
  assert.equal(shared.report('rsi', 72), 72);
  assert.equal(shared.report('rsi', 64), 72);
  await tick();
  assert.equal(changes, 1, 'no relayout while it holds');

  // A wider label widens it at once, even mid-zoom.
  assert.equal(shared.report('price', 88), 88);
  await tick();
  assert.equal(changes, 2);

  // New bars: the panes report again and the width narrows to what they need now.
  shared.allowShrink();
  shared.report('price', 64);
  shared.report('rsi', 64);
  assert.equal(shared.width, MIN_AXIS_WIDTH, 'narrows with new data');
  await tick();
  await tick();
  assert.equal(changes, 3);
  assert.equal(shared.report('price', 64), MIN_AXIS_WIDTH);

  // A pane that goes away no longer counts (after a layout that lets it narrow).
  shared.allowShrink();
  shared.report('macd', 96);
  await tick();
  shared.allowShrink();
  shared.forget('macd');
  assert.equal(shared.width, MIN_AXIS_WIDTH);
});

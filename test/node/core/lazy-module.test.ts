import { test } from 'node:test';
import assert from 'node:assert/strict';
import { lazyModule } from '../../../src/core/tools/lazy-module.js';

// The one load-once helper behind every lazy chunk of the chart (tool-call checks, marker tools,
// drawing and overlay parts, the settings popover): one request for any number of callers, and a
// chunk that failed to arrive (a dropped connection) is requested again by the next caller instead
// of failing for the rest of the page's life.

test('lazyModule loads once for concurrent and later callers', async () => {
  let loads = 0;
  const load = lazyModule(async () => {
    loads++;
    return { value: 42 };
  });
  const [a, b] = await Promise.all([load(), load()]);
  const c = await load();
  assert.equal(loads, 1);
  assert.equal(a, b);
  assert.equal(a, c);
  assert.equal(a.value, 42);
});

test('lazyModule forgets a failed load, so the next call tries again', async () => {
  let loads = 0;
  const load = lazyModule(async () => {
    loads++;
    if (loads === 1) throw new Error('Failed to fetch dynamically imported module');
    return 'loaded';
  });
  await assert.rejects(load(), /Failed to fetch/);
  assert.equal(await load(), 'loaded');
  assert.equal(await load(), 'loaded');
  assert.equal(loads, 2);
});

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { parseLayout } from '../../../src/core/persist/index.js';
import type { ToolExecuteOptions } from '../../../src/core/tools/index.js';
import { failureOf, loadedCore, successOf } from '../commands/indicator-fixture.js';

test('a saved layout with a pane weight of 1e308 restores with the weight clamped to 1000, and says so', () => {
  const doc = {
    version: 1,
    savedAt: 1,
    indicators: [{ instanceId: 'macd-1', definitionId: 'MACD', params: {}, paneId: 'pane-macd-1' }],
    panes: [
      { id: 'price', weight: 1e308 },
      { id: 'pane-macd-1', weight: 1e-300 },
    ],
    drawings: {},
    comparisons: [],
    settings: {},
  };
  const r = parseLayout(JSON.stringify(doc));
  assert.ok(r.ok);
  assert.deepEqual(r.layout.panes, [
    { id: 'price', weight: 1000 },
    { id: 'pane-macd-1', weight: 0.01 },
  ]);
  assert.match(r.dropped.join('\n'), /panes\[0\]\.weight: 1e\+308 is outside 0\.01 to 1000; clamped to 1000/);
  assert.match(r.dropped.join('\n'), /panes\[1\]\.weight: .* clamped to 0\.01/);
});

test('pane_resize refuses 1e308 and Infinity weights with the field named, and changes nothing', async () => {
  const core = await loadedCore();
  const before = core.store.peek('panes');
  for (const weight of [1e308, Infinity, -1, 0]) {
    const error = failureOf(await core.tools.execute('pane_resize', { weights: { price: weight } }));
    assert.equal(error.code, 'invalid_input', String(weight));
    assert.equal(error.details?.[0]?.path, 'weights.price');
  }
  assert.deepEqual(core.store.peek('panes'), before);
});

test("markers_from_condition refuses '__proto__' and other inherited names as outputs, with the outputs listed", async () => {
  const core = await loadedCore();
  for (const [left, right] of [
    ['__proto__', 0],
    ['constructor', 0],
    ['macd', '__proto__'],
    ['macd', 'toString'],
    ['hasOwnProperty', 'signal'],
  ] as const) {
    const error = failureOf(
      await core.tools.execute('markers_from_condition', { definitionId: 'MACD', left, op: '>', right }),
    );
    assert.equal(error.code, 'invalid_input', `${left} ${right}`);
    assert.match(error.message, /MACD has no output/);
    assert.match(error.details?.[0]?.reason ?? '', /macd, signal, hist/);
  }
  assert.deepEqual(core.store.peek('markers'), {});
  // The real outputs still work.
  successOf(
    await core.tools.execute('markers_from_condition', {
      definitionId: 'MACD',
      left: 'macd',
      op: 'crosses_above',
      right: 'signal',
    }),
  );
});

test('execute options are validated: unknown or ill-typed options fail with invalid_input naming them, and nothing runs', async () => {
  const core = await loadedCore();
  const before = core.store.peek('panes');
  const bad: [unknown, RegExp][] = [
    [{ readOnly: 'yes' }, /options\.readOnly/],
    [{ readOnly: 1 }, /options\.readOnly/],
    [{ bogus: 1 }, /options\.bogus/],
    [{ origin: 'root' }, /options\.origin/],
    [{ signal: { aborted: false } }, /options\.signal/],
    [{ runId: 7 }, /options\.runId/],
    [{ callId: {} }, /options\.callId/],
    [{ onProgress: 'log' }, /options\.onProgress/],
    [42, /^options$/],
    ['x', /^options$/],
    [
      Object.defineProperty({}, 'signal', {
        enumerable: true,
        get() {
          throw new Error('no');
        },
      }),
      /options\.signal/,
    ],
  ];
  for (const [i, [options, path]] of bad.entries()) {
    const error = failureOf(
      await core.tools.execute('pane_resize', { weights: { price: 7 } }, options as ToolExecuteOptions),
    );
    assert.equal(error.code, 'invalid_input', `case ${i}`);
    assert.match(error.message, /execute options/);
    assert.match(error.details?.[0]?.path ?? '', path, `case ${i}`);
  }
  assert.deepEqual(core.store.peek('panes'), before);
  // Absent and undefined options are fine.
  successOf(await core.tools.execute('panes_list', {}, undefined));
  successOf(await core.tools.execute('panes_list', {}, { runId: undefined, origin: 'host', readOnly: false }));
});

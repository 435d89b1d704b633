import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Store } from '../../../src/core/store/index.js';

interface S {
  a: number;
  b: string;
  c: boolean;
}

test('an inner action that throws is rolled back; the outer action that catches keeps its own writes', () => {
  const store = new Store<S>({ a: 1, b: 'x', c: false });
  const commits: string[] = [];
  store.onCommit((info) => commits.push(`${info.name}:${info.changed.join(',')}`));
  store.action('outer', (d) => {
    d.set('a', 2);
    assert.throws(
      () =>
        store.action('inner', (d2) => {
          d2.set('a', 99); // overwrites the outer's pending value
          d2.set('b', 'inner');
          throw new Error('inner failed');
        }),
      /inner failed/,
    );
    // Inside the outer action the inner writes are already gone.
    assert.equal(d.get('a'), 2);
    assert.equal(d.get('b'), 'x');
    d.set('c', true);
  });
  assert.deepEqual([store.state.a.get(), store.state.b.get(), store.state.c.get()], [2, 'x', true]);
  assert.deepEqual(commits, ['outer:a,c']);
  // One undo step restores exactly what the outer action changed.
  store.undo();
  assert.deepEqual([store.state.a.get(), store.state.b.get(), store.state.c.get()], [1, 'x', false]);
});

test("rollback is per level: a failure two levels down keeps the middle action's writes", () => {
  const store = new Store<S>({ a: 1, b: 'x', c: false });
  store.action('outer', () => {
    store.action('middle', (d) => {
      d.set('b', 'middle');
      try {
        store.action('deepest', (d2) => {
          d2.set('b', 'deep');
          d2.set('c', true);
          throw new Error('deep failed');
        });
      } catch {
        // handled by the middle action
      }
      d.set('a', 3);
    });
  });
  assert.deepEqual([store.state.a.get(), store.state.b.get(), store.state.c.get()], [3, 'middle', false]);
});

test('an inner failure the outer does not catch commits nothing at all', () => {
  const store = new Store<S>({ a: 1, b: 'x', c: false });
  assert.throws(() =>
    store.action('outer', (d) => {
      d.set('a', 5);
      store.action('inner', (d2) => {
        d2.set('b', 'y');
        throw new Error('boom');
      });
    }),
  );
  assert.deepEqual([store.state.a.get(), store.state.b.get()], [1, 'x']);
  assert.equal(store.history.canUndo, false);
});

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Store, effect } from '../../../src/core/store/index.js';

interface S {
  a: number;
  b: string;
  view: number;
}

test('an action commits all writes at once and is one undo step', () => {
  const store = new Store<S>({ a: 1, b: 'x', view: 0 }, { volatileKeys: ['view'] });
  store.action('set both', (d) => {
    d.set('a', 2);
    d.set('b', 'y');
  });
  assert.equal(store.state.a.get(), 2);
  assert.equal(store.state.b.get(), 'y');
  assert.equal(store.history.undoLabel, 'set both');
  assert.equal(store.undo(), 'set both');
  assert.deepEqual([store.state.a.get(), store.state.b.get()], [1, 'x']);
  assert.equal(store.redo(), 'set both');
  assert.deepEqual([store.state.a.get(), store.state.b.get()], [2, 'y']);
});

test('nested actions join the outer one; a throwing action commits nothing', () => {
  const store = new Store<S>({ a: 1, b: 'x', view: 0 });
  store.action('outer', (d) => {
    d.set('a', 5);
    store.action('inner', (d2) => d2.set('b', 'z'));
  });
  assert.equal(store.history.undoLabel, 'outer');
  store.undo();
  assert.deepEqual([store.state.a.get(), store.state.b.get()], [1, 'x']);
  assert.throws(() =>
    store.action('bad', (d) => {
      d.set('a', 99);
      throw new Error('boom');
    }),
  );
  assert.equal(store.state.a.get(), 1);
});

test('volatile slices are not recorded unless asked; non-undoable actions leave history alone', () => {
  const store = new Store<S>({ a: 1, b: 'x', view: 0 }, { volatileKeys: ['view'] });
  store.action('pan', (d) => d.set('view', 10));
  assert.equal(store.history.canUndo, false);
  store.action('zoom tool', (d) => d.set('view', 20), { record: ['view'] });
  assert.equal(store.history.canUndo, true);
  store.undo();
  assert.equal(store.state.view.get(), 10);
  store.action('load', (d) => d.set('a', 3), { undoable: false });
  assert.equal(store.history.canUndo, false);
});

test('state signals are read-only and effects see committed values once per action', async () => {
  const store = new Store<S>({ a: 1, b: 'x', view: 0 });
  assert.equal('set' in store.state.a, false);
  const seen: number[] = [];
  const dispose = effect(() => {
    seen.push(store.state.a.get());
  });
  store.action('x', (d) => {
    d.set('a', 2);
    d.set('a', 3);
  });
  await new Promise((r) => setTimeout(r, 0));
  dispose();
  assert.deepEqual(seen, [1, 3]);
});

test('commit listeners hear the action name and whether it was undoable', () => {
  const store = new Store<S>({ a: 1, b: 'x', view: 0 });
  const heard: string[] = [];
  store.onCommit((i) => heard.push(`${i.name}:${i.undoable}:${i.replay ?? ''}`));
  store.action('one', (d) => d.set('a', 2));
  store.action('noop', (d) => d.set('a', 2));
  store.undo();
  assert.deepEqual(heard, ['one:true:', 'one:true:undo']);
});

test('grouped: the undoable commits of an async composed call fold into one step; an undo meanwhile starts a new one', async () => {
  const store = new Store<S>({ a: 1, b: 'x', view: 0 }, { volatileKeys: ['view'] });
  store.action('before', (d) => d.set('a', 0));
  await store.grouped('composed', async () => {
    store.action('first', (d) => d.set('a', 2));
    await Promise.resolve();
    store.action('scroll', (d) => d.set('view', 5), { undoable: false });
    // A nested group joins the outer one.
    await store.grouped('inner', async () => store.action('second', (d) => d.set('b', 'y')));
    store.action('third', (d) => d.set('a', 3));
  });
  assert.equal(store.history.undoLabel, 'composed');
  assert.equal(store.undo(), 'composed');
  assert.deepEqual([store.peek('a'), store.peek('b')], [0, 'x'], 'every slice as before the first child');
  assert.equal(store.history.undoLabel, 'before', 'the step before the group is untouched');
  assert.equal(store.redo(), 'composed');
  assert.deepEqual([store.peek('a'), store.peek('b')], [3, 'y']);
  // Undoing the group's step while it runs: the next child records a step of its own.
  await store.grouped('again', async () => {
    store.action('one', (d) => d.set('a', 10));
    assert.equal(store.undo(), 'again');
    store.action('two', (d) => d.set('b', 'z'));
  });
  assert.equal(store.undo(), 'again');
  assert.deepEqual([store.peek('a'), store.peek('b')], [3, 'y']);
  assert.equal(store.history.undoLabel, 'composed');
});

import assert from 'node:assert/strict';

/**
 * Asserts `actual` is `expected` the way TypeBox builds it: the same own keys in the same order,
 * symbol keys (`Kind`, `OptionalKind`, `ReadonlyKind`, `Hint`, …) included, the same values all the
 * way down, frozen where it is frozen (`TypeSystemPolicy.InstanceMode = 'freeze'`). `deepStrictEqual`
 * alone ignores key order, which JSON.stringify shows.
 */
export function assertSameSchema(actual: unknown, expected: unknown, path = '$'): void {
  if (typeof expected !== 'object' || expected === null || typeof actual !== 'object' || actual === null) {
    assert.ok(Object.is(actual, expected), `${path}: ${String(actual)} is not ${String(expected)}`);
    return;
  }
  assert.equal(Array.isArray(actual), Array.isArray(expected), `${path}: array or not`);
  assert.equal(Object.getPrototypeOf(actual), Object.getPrototypeOf(expected), `${path}: prototype`);
  assert.equal(Object.isFrozen(actual), Object.isFrozen(expected), `${path}: frozen or not`);
  const keys = Reflect.ownKeys(expected);
  assert.deepEqual(Reflect.ownKeys(actual), keys, `${path}: own keys (names and symbols, in order)`);
  assert.deepEqual(
    Object.getOwnPropertySymbols(actual).map(String),
    Object.getOwnPropertySymbols(expected).map(String),
    `${path}: symbol keys`,
  );
  for (const key of keys) {
    const a = Object.getOwnPropertyDescriptor(actual, key);
    const e = Object.getOwnPropertyDescriptor(expected, key);
    assert.equal(a?.enumerable, e?.enumerable, `${path}.${String(key)}: enumerable`);
    assertSameSchema(a?.value, e?.value, `${path}.${String(key)}`);
  }
  assert.deepStrictEqual(actual, expected, path);
}

export { schemaSnapshot } from './schema-snapshot.js';

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

/**
 * A JSON text of `value` that keeps what JSON.stringify drops from a TypeBox schema: symbol keys
 * (as `@@Symbol(TypeBox.Kind)`), `undefined`, functions (by name), in key order.
 */
export function schemaSnapshot(value: unknown): string {
  const seen: object[] = [];
  const plain = (v: unknown): unknown => {
    if (typeof v === 'function') return `[function ${v.name}]`;
    if (v === undefined) return '[undefined]';
    if (typeof v === 'bigint' || typeof v === 'symbol') return `[${typeof v} ${String(v)}]`;
    if (typeof v !== 'object' || v === null) return v;
    if (seen.includes(v)) return '[cycle]';
    seen.push(v);
    let out: unknown;
    if (Array.isArray(v)) out = v.map(plain);
    else {
      const o: Record<string, unknown> = {};
      for (const key of Reflect.ownKeys(v)) {
        const name = typeof key === 'symbol' ? `@@${String(key)}` : key;
        o[name] = plain((v as Record<PropertyKey, unknown>)[key]);
      }
      out = o;
    }
    seen.pop();
    return out;
  };
  return JSON.stringify(plain(value), null, 1);
}

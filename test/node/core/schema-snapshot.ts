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

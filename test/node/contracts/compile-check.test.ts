import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Kind, Type, type TSchema } from '@sinclair/typebox';
import { Check, Clone, Default } from '@sinclair/typebox/value';
import { BUILTIN_INDICATORS } from '../../../src/core/indicators/builtin-indicators.js';
import { ChartCore } from '../../../src/core/commands/chart-core.js';
import { createPrng, type Prng } from '../../../src/core/data/prng.js';
import { checkToolInput, compileCheck, compileDefault, hasDefaults } from '../../../src/core/tools/index.js';

/**
 * The closure-compiled check (src/core/tools/compile-check.ts) must answer exactly as TypeBox's
 * Check: a schema-shaped input with a wrong type, bound, missing or extra key now and then, for
 * every tool schema of the catalog, seeded.
 */
const JUNK: readonly unknown[] = [
  null,
  undefined,
  0,
  -1,
  1.5,
  NaN,
  Infinity,
  '',
  'x',
  'long'.repeat(40),
  true,
  [],
  {},
  [1, 'a'],
  { a: 1 },
];

function pick<T>(prng: Prng, items: readonly T[]): T {
  return items[Math.floor(prng.next() * items.length)];
}

function shaped(prng: Prng, schema: TSchema, depth: number): unknown {
  if (prng.next() < 0.08 || depth > 6) return pick(prng, JUNK);
  const s = schema as TSchema & Record<string, unknown>;
  switch (s[Kind]) {
    case 'String': {
      const min = typeof s.minLength === 'number' ? s.minLength : 0;
      const max = typeof s.maxLength === 'number' ? s.maxLength : min + 8;
      const length = pick(prng, [min, max, Math.max(0, min - 1), max + 1, Math.min(max, min + 3)]);
      return 'abcdefgh'.repeat(Math.ceil(length / 8 + 1)).slice(0, length);
    }
    case 'Number':
    case 'Integer': {
      const edges = [s.minimum, s.maximum, s.exclusiveMinimum, s.exclusiveMaximum].filter(
        (v): v is number => typeof v === 'number',
      );
      const base = edges.length ? pick(prng, edges) : 10;
      return pick(prng, [base, base + 1, base - 1, base + 0.5, -base, NaN, Infinity, 0]);
    }
    case 'Boolean':
      return prng.next() < 0.5;
    case 'Literal':
      return prng.next() < 0.8 ? s.const : pick(prng, JUNK);
    case 'Union':
      return shaped(prng, pick(prng, s.anyOf as TSchema[]), depth + 1);
    case 'Tuple': {
      const items = (s.items as TSchema[] | undefined) ?? [];
      const length = pick(prng, [items.length, items.length, Math.max(0, items.length - 1), items.length + 1]);
      return Array.from({ length }, (_, i) => (i < items.length ? shaped(prng, items[i], depth + 1) : 1));
    }
    case 'Record': {
      const [, value] = Object.entries(s.patternProperties as Record<string, TSchema>)[0];
      const out: Record<string, unknown> = {};
      const count = Math.floor(prng.next() * 6);
      for (let i = 0; i < count; i++) out[pick(prng, ['a', 'b', 'x_1', 'Z', '9'])] = shaped(prng, value, depth + 1);
      return out;
    }
    case 'Array': {
      const min = typeof s.minItems === 'number' ? s.minItems : 0;
      const max = typeof s.maxItems === 'number' ? Math.min(s.maxItems, min + 4) : min + 3;
      const length = pick(prng, [min, max, Math.max(0, min - 1), Math.min(max, min + 1)]);
      return Array.from({ length }, () => shaped(prng, s.items as TSchema, depth + 1));
    }
    case 'Object': {
      const out: Record<string, unknown> = {};
      const required = (s.required as string[] | undefined) ?? [];
      for (const [key, property] of Object.entries(s.properties as Record<string, TSchema>)) {
        const r = prng.next();
        if (r < (required.includes(key) ? 0.04 : 0.35)) continue;
        out[key] = r < 0.4 && !required.includes(key) ? undefined : shaped(prng, property, depth + 1);
      }
      if (prng.next() < 0.08) out.extra = 1;
      return out;
    }
    default:
      return pick(prng, JUNK);
  }
}

test('the compiled check answers as TypeBox Check on every tool schema', async () => {
  const core = new ChartCore({ chartId: 'check' });
  await core.tools.ready(); // every built-in tool listed (their module loads on first use)
  const tools = core.tools.list();
  const prng = createPrng(0xc0ffee);
  let compiled = 0;
  let agreed = 0;
  let passed = 0;
  for (const tool of tools) {
    const schema = tool.parameters as TSchema;
    const check = compileCheck(schema);
    if (!check) continue;
    compiled++;
    for (let i = 0; i < 300; i++) {
      const input = shaped(prng, schema, 0);
      const expected = Check(schema, input);
      assert.equal(check(input), expected, `${tool.name}: ${JSON.stringify(input)?.slice(0, 300)}`);
      agreed++;
      if (expected) passed++;
    }
  }
  // The whole catalog takes the compiled path (TypeBox's value modules stay lazy: issue #12), and
  // the inputs are not all refusals (nor all valid).
  assert.equal(compiled, tools.length, `${compiled} of ${tools.length} schemas compiled`);
  assert.ok(passed > agreed * 0.1 && passed < agreed * 0.9, `${passed} of ${agreed} inputs valid`);
  assert.ok(compileCheck(tools.find((t) => t.name === 'markers_create')!.parameters));
});

test('a string pattern is compiled and answers as TypeBox', () => {
  const schema = Type.Object({ code: Type.String({ pattern: '^[A-Z]+$' }) });
  const check = compileCheck(schema)!;
  assert.ok(check);
  for (const input of [{ code: 'abc' }, { code: 'ABC' }, { code: '' }, { code: 1 }, {}])
    assert.equal(check(input), Check(schema, input), JSON.stringify(input));
});

test('a schema beyond the JSON shapes falls back to TypeBox, loaded on demand, which still decides', async () => {
  const schema = Type.Intersect([Type.Object({ a: Type.String() }), Type.Object({ b: Type.Number({ default: 2 }) })]);
  assert.equal(compileCheck(schema), null);
  const refused = checkToolInput(schema, { a: 1 });
  assert.ok(refused instanceof Promise, 'answered after TypeBox loads');
  assert.equal((await refused).ok, false);
  const passed = await checkToolInput(schema, { a: 'x' });
  assert.deepEqual(passed, { ok: true, value: { a: 'x', b: 2 } });
});

test('a required unknown member must be present; an optional one set to undefined counts as absent', () => {
  const schema = Type.Object(
    { value: Type.Unknown(), note: Type.Optional(Type.String()) },
    { additionalProperties: false },
  );
  const check = compileCheck(schema)!;
  for (const input of [
    {},
    { value: undefined },
    { value: 1, note: undefined },
    { value: 1, note: 2 },
    { value: 1, x: 1 },
  ])
    assert.equal(check(input), Check(schema, input), JSON.stringify(input));
});

/** TypeBox's own answer: `Default` on a copy, then `Check`. */
function typeBox(schema: TSchema, input: unknown): { ok: boolean; value: unknown } {
  const value = hasDefaults(schema) ? Default(schema, Clone(input ?? {})) : (input ?? {});
  return { ok: Check(schema, value), value };
}

function agreeOn(name: string, schema: TSchema, prng: Prng, runs: number): { agreed: number; passed: number } {
  let passed = 0;
  for (let i = 0; i < runs; i++) {
    const input = shaped(prng, schema, 0);
    const before = JSON.stringify(input);
    const expected = typeBox(schema, input);
    const actual = checkToolInput(schema, input);
    assert.ok(!(actual instanceof Promise), `${name} is answered synchronously`);
    assert.deepEqual(actual, expected, `${name}: ${before?.slice(0, 300)}`);
    assert.equal(JSON.stringify(input), before, `${name}: the caller's input is left as it was`);
    if (expected.ok) passed++;
  }
  return { agreed: runs, passed };
}

test('defaults are applied as TypeBox Default applies them, on every tool schema with defaults', async () => {
  const core = new ChartCore({ chartId: 'defaults' });
  await core.tools.ready(); // every built-in tool listed (their module loads on first use)
  const prng = createPrng(0xdefa17);
  const withDefaults = core.tools.list().filter((t) => hasDefaults(t.parameters as TSchema));
  assert.ok(withDefaults.length >= 3, 'some tools have defaults');
  for (const tool of withDefaults) {
    assert.ok(compileDefault(tool.parameters), `${tool.name}: defaults compiled`);
    agreeOn(tool.name, tool.parameters, prng, 300);
  }
});

test('every built-in study checks its params with the compiled check, as TypeBox does', () => {
  const prng = createPrng(0x57d1e5);
  for (const def of BUILTIN_INDICATORS) {
    const check = compileCheck(def.params);
    assert.ok(check, `${def.id}: params compiled`);
    for (let i = 0; i < 100; i++) {
      const input = shaped(prng, def.params, 0);
      assert.equal(check(input), Check(def.params, input), `${def.id}: ${JSON.stringify(input)}`);
    }
  }
});

/** Host-tool shapes beyond the catalog's: defaults in unions, arrays, tuples, records, nested objects. */
const HOST_SCHEMAS: Record<string, TSchema> = {
  nested: Type.Object({
    window: Type.Object(
      { from: Type.Integer({ default: 0 }), to: Type.Optional(Type.Integer({ minimum: 0, default: 10 })) },
      { default: { from: 5 } },
    ),
    mode: Type.Union([Type.Literal('a'), Type.Literal('b')], { default: 'a' }),
    tags: Type.Array(Type.String({ maxLength: 3, default: 'x' }), { default: ['t'], maxItems: 3 }),
  }),
  unionOfObjects: Type.Object({
    target: Type.Union([
      Type.Object({ kind: Type.Literal('bar'), index: Type.Integer({ default: 1 }) }, { additionalProperties: false }),
      Type.Object({ kind: Type.Literal('time'), time: Type.Number({ default: 0 }) }, { additionalProperties: false }),
    ]),
  }),
  arrayOfObjects: Type.Object({
    points: Type.Array(Type.Object({ price: Type.Number(), weight: Type.Number({ default: 1, multipleOf: 0.5 }) }), {
      minItems: 1,
      maxItems: 4,
    }),
  }),
  tuple: Type.Object({
    range: Type.Tuple([Type.Number({ default: 0 }), Type.Unknown()]),
    pair: Type.Optional(Type.Tuple([Type.String(), Type.Boolean({ default: true })])),
  }),
  record: Type.Object({
    weights: Type.Record(Type.String(), Type.Number({ minimum: 0, default: 1 }), { maxProperties: 3 }),
    names: Type.Record(Type.String({ pattern: '^[a-z]+$' }), Type.String({ pattern: '^[a-h]*$' }), {
      additionalProperties: false,
    }),
  }),
  openRecord: Type.Object({
    byLetter: Type.Record(Type.String({ pattern: '^[a-z]$' }), Type.Integer({ default: 1 }), { minProperties: 1 }),
  }),
  enumAndPattern: Type.Object(
    {
      side: Type.Enum({ Buy: 'buy', Sell: 'sell' }, { default: 'buy' }),
      code: Type.Optional(Type.String({ pattern: '^[A-Za-z]{2,4}$', default: 'AB' })),
      size: Type.Number({ multipleOf: 0.5, minimum: 1 }),
      extra: Type.Optional(Type.Object({}, { minProperties: 1, maxProperties: 2 })),
    },
    { additionalProperties: false },
  ),
};

test('host-tool shapes (defaults in nested objects, unions, arrays, tuples, records) agree with TypeBox', () => {
  const prng = createPrng(0x4057);
  for (const [name, schema] of Object.entries(HOST_SCHEMAS)) {
    assert.ok(compileCheck(schema), `${name}: compiled`);
    assert.ok(compileDefault(schema), `${name}: defaults compiled`);
    const { passed, agreed } = agreeOn(name, schema, prng, 400);
    assert.ok(passed > 0 && passed < agreed, `${name}: ${passed} of ${agreed} inputs valid`);
  }
});

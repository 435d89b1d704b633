import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Kind, Type, type TSchema } from '@sinclair/typebox';
import { Check } from '@sinclair/typebox/value';
import { ChartCore } from '../../../src/core/commands/chart-core.js';
import { createPrng, type Prng } from '../../../src/core/data/prng.js';
import { checkToolInput, compileCheck } from '../../../src/core/tools/index.js';

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

test('the compiled check answers as TypeBox Check on every tool schema', () => {
  const core = new ChartCore({ chartId: 'check' });
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
  // Most of the catalog takes the fast path, and the inputs are not all refusals (nor all valid).
  assert.ok(compiled >= tools.length * 0.8, `${compiled} of ${tools.length} schemas compiled`);
  assert.ok(passed > agreed * 0.1 && passed < agreed * 0.9, `${passed} of ${agreed} inputs valid`);
  assert.ok(compileCheck(tools.find((t) => t.name === 'markers_create')!.parameters));
});

test('a schema beyond the JSON shapes falls back to TypeBox, which still decides', () => {
  const schema = Type.Object({ code: Type.String({ pattern: '^[A-Z]+$' }) });
  assert.equal(compileCheck(schema), null);
  assert.equal(checkToolInput(schema, { code: 'abc' }).ok, false);
  assert.equal(checkToolInput(schema, { code: 'ABC' }).ok, true);
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

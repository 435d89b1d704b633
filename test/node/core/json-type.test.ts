import { test } from 'node:test';
import assert from 'node:assert/strict';
import { MappedKey, MappedResult, Type as TypeBox, type TSchema } from '@sinclair/typebox';
import { TypeSystemPolicy } from '@sinclair/typebox/system';
import { Type } from '../../../src/core/tools/json-type.js';
import { assertSameSchema } from './schema-compare.js';

/*
 * The bundle's `Type` (src/core/tools/json-type.ts) builds Object, Intersect, Pick, Omit, Partial,
 * Required, Optional, Readonly and Record itself (json-type-builders.ts, issue #12). For every input
 * it takes, it must return exactly what TypeBox 0.34.52 returns: same keys in the same order,
 * symbol keys included, in each of TypeBox's instance modes. Inputs are built with TypeBox itself.
 * Tuple and Enum are TypeBox's; their matrices stay so that a replacement would be held to the same.
 */

type Opts = Record<PropertyKey, unknown> | undefined;
const T = TypeBox;

const OPTIONS: Opts[] = [
  undefined,
  {},
  { description: 'picked' },
  { $id: 'P', title: 'Title', additionalProperties: true },
  { additionalProperties: false, description: 'closed', default: {} },
];

function objects(): Record<string, TSchema> {
  const nested = T.Object(
    { x: T.Integer({ minimum: 0 }), y: T.Optional(T.Array(T.String(), { maxItems: 3 })) },
    { additionalProperties: false, description: 'nested' },
  );
  const full = T.Object(
    {
      a: T.String({ description: 'a' }),
      b: T.Optional(T.Number({ default: 1 })),
      c: T.Readonly(T.Boolean()),
      d: T.ReadonlyOptional(T.Union([T.Literal('x'), T.Literal('y')])),
      e: nested,
      f: T.Optional(T.Record(T.String(), T.Unknown())),
    },
    { $id: 'Full', description: 'full', additionalProperties: false, title: 'F', examples: [{ a: 'a' }] },
  );
  const plain = T.Object({ a: T.Number(), z: T.Null() });
  return {
    full,
    plain,
    empty: T.Object({}),
    allOptional: T.Object({ a: T.Optional(T.String()), b: T.Optional(T.Number()) }, { additionalProperties: false }),
    optionalObject: T.Optional(T.Object({ a: T.String(), b: T.Number() }, { description: 'optional object' })),
    readonlyObject: T.Readonly(T.Object({ a: T.String(), c: T.Integer() })),
    intersect: T.Intersect([full, plain], { description: 'both' }),
    union: T.Union([plain, T.Object({ b: T.String(), a: T.Boolean() })], { description: 'either' }),
    nestedIntersect: T.Intersect([T.Union([plain, full]), T.Object({ c: T.String() })]),
  };
}

const KEYS: unknown[] = [
  ['a', 'c'],
  ['c', 'a', 'a'],
  ['a', 'nope'],
  [],
  ['e', 'f', 'd', 'b'],
  ['toString'],
  T.Literal('a'),
  T.Literal('b'),
  T.Union([T.Literal('a'), T.Literal('e')]),
  T.Union([T.Literal('b'), T.Union([T.Literal('b'), T.Literal('z')]), T.Literal('c')]),
  T.Union([T.Literal('a')]),
];

/** Runs `check` in TypeBox's three instance modes (clone and freeze change what every builder returns). */
function inEveryMode(check: () => void): void {
  const before = TypeSystemPolicy.InstanceMode;
  try {
    for (const mode of ['default', 'clone', 'freeze'] as const) {
      TypeSystemPolicy.InstanceMode = mode;
      check();
    }
  } finally {
    TypeSystemPolicy.InstanceMode = before;
  }
}

/** Calls both builders with the same arguments and compares what they return. */
function same(
  name: string,
  ours: (...args: never[]) => unknown,
  theirs: (...args: never[]) => unknown,
  args: unknown[],
) {
  const expected = (theirs as (...a: unknown[]) => unknown)(...args);
  const actual = (ours as (...a: unknown[]) => unknown)(...args);
  try {
    assertSameSchema(actual, expected);
  } catch (error) {
    throw new Error(`Type.${name}(${args.map((a) => JSON.stringify(a)).join(', ')}) differs: ${String(error)}`);
  }
}

test('Object with required, optional, readonly and nested properties, with options: what TypeBox returns', () => {
  const sets: Record<string, unknown>[] = [
    {},
    { a: T.String() },
    { b: T.Optional(T.Number()), a: T.String({ description: 'a' }), c: T.Readonly(T.Integer()) },
    { x: T.ReadonlyOptional(T.Boolean()), y: T.Optional(T.Null()) },
    { '2': T.Number(), '1': T.Optional(T.String()), name: T.Array(T.Object({ z: T.Optional(T.Unknown()) })) },
    { nested: T.Object({ deep: T.Object({ v: T.Optional(T.Literal('v')) }, { additionalProperties: false }) }) },
    { plainValue: { type: 'string' }, notObject: 3 },
  ];
  const options: Opts[] = [
    ...OPTIONS,
    { additionalProperties: T.String(), minProperties: 1 },
    { required: ['kept when nothing is required'] },
  ];
  inEveryMode(() => {
    for (const properties of sets)
      for (const option of options) same('Object', Type.Object, TypeBox.Object, [properties, option]);
  });
});

test('Pick and Omit over objects, intersects and unions: what TypeBox returns, for array and literal keys, with options', () => {
  inEveryMode(() => {
    for (const type of Object.values(objects()))
      for (const key of KEYS)
        for (const options of OPTIONS) {
          same('Pick', Type.Pick, TypeBox.Pick, [type, key, options]);
          same('Omit', Type.Omit, TypeBox.Omit, [type, key, options]);
        }
  });
});

test('Partial and Required over objects, intersects, unions and scalars: what TypeBox returns', () => {
  const scalars = [T.String({ minLength: 1 }), T.Integer(), T.Number(), T.Boolean(), T.Null(), T.Literal(3)];
  inEveryMode(() => {
    for (const type of [...Object.values(objects()), ...scalars, T.Partial(objects().full)])
      for (const options of OPTIONS) {
        same('Partial', Type.Partial, TypeBox.Partial, [type, options]);
        same('Required', Type.Required, TypeBox.Required, [type, options]);
      }
  });
});

test('Optional and Readonly add and remove their modifier as TypeBox does', () => {
  inEveryMode(() => {
    const types = [
      ...Object.values(objects()),
      T.String({ description: 's' }),
      T.Optional(T.Number()),
      T.Readonly(T.Integer()),
      T.ReadonlyOptional(T.Array(T.String())),
    ];
    for (const type of types)
      for (const enable of [[], [true], [false]]) {
        same('Optional', Type.Optional, TypeBox.Optional, [type, ...enable]);
        same('Readonly', Type.Readonly, TypeBox.Readonly, [type, ...enable]);
        same('Optional', Type.Optional, TypeBox.Optional, [TypeBox.Readonly(type), ...enable]);
      }
  });
});

test('Record with string, number, integer, literal, boolean and any keys: what TypeBox returns', () => {
  const keys = [
    T.String(),
    T.String({ maxLength: 32 }),
    T.String({ pattern: '^[a-z]+$' }),
    T.Number(),
    T.Integer({ minimum: 0 }),
    T.Union([T.Literal('open'), T.Literal('close'), T.Literal('high')]),
    T.Union([T.Literal('a'), T.Literal('a'), T.Literal(2)]),
    T.Union([T.Literal('only')]),
    T.Union([T.Union([T.Literal('x'), T.Literal('y')]), T.Literal('z')]),
    T.Enum({ Up: 'up', Down: 'down' }),
    T.Literal('one'),
    T.Literal(7),
  ];
  const values = [T.Unknown(), T.Number({ minimum: 0 }), T.Optional(T.String()), objects().plain];
  const options: Opts[] = [...OPTIONS, { $id: 'R', description: 'weights', minProperties: 1 }];
  inEveryMode(() => {
    for (const key of keys)
      for (const value of values)
        for (const option of options) same('Record', Type.Record, TypeBox.Record, [key, value, option]);
  });
});

test('Intersect of objects and of other schemas, with options: what TypeBox returns', () => {
  const o = objects();
  const lists: TSchema[][] = [
    [],
    [o.plain],
    [o.full, o.plain],
    [o.plain, o.empty, o.allOptional],
    [o.plain, o.union],
    [T.String(), T.Number()],
    [o.intersect, o.plain],
  ];
  const options: Opts[] = [
    ...OPTIONS,
    { unevaluatedProperties: false },
    { unevaluatedProperties: T.String(), description: 'u' },
    { unevaluatedProperties: true, $id: 'I' },
  ];
  inEveryMode(() => {
    for (const list of lists)
      for (const option of options) same('Intersect', Type.Intersect, TypeBox.Intersect, [list, option]);
  });
  const transform = T.Transform(T.Number())
    .Decode((v) => v)
    .Encode((v) => v);
  assert.throws(() => TypeBox.Intersect([transform, T.Number()]), /^Error: Cannot intersect transform types$/);
  assert.throws(() => Type.Intersect([transform, T.Number()]), /^Error: Cannot intersect transform types$/);
});

test('Tuple of none, one and many schemas, with options: what TypeBox returns', () => {
  const lists: TSchema[][] = [
    [],
    [T.String()],
    [T.Number({ description: 'time' }), T.Number(), T.Optional(T.Boolean())],
    [objects().full, T.Tuple([])],
  ];
  inEveryMode(() => {
    for (const list of lists)
      for (const option of [...OPTIONS, { description: 'point', $id: 'Pt' }])
        same('Tuple', Type.Tuple, TypeBox.Tuple, [list, option]);
  });
});

enum NumericEnum {
  Zero,
  Five = 5,
  Six,
}
enum StringEnum {
  Up = 'up',
  Down = 'down',
}
enum MixedEnum {
  One = 1,
  Two = 'two',
}

test('Enum of numeric, string and mixed enums and of enum-like objects: what TypeBox returns', () => {
  const items: object[] = [
    NumericEnum,
    StringEnum,
    MixedEnum,
    { a: 'x', b: 'x', c: 'y' },
    { only: 1 },
    { '1': 'numeric name', name: 'kept' },
    {},
  ];
  inEveryMode(() => {
    for (const item of items)
      for (const option of [...OPTIONS, { description: 'side', $id: 'E' }])
        same('Enum', Type.Enum, TypeBox.Enum, [item, option]);
  });
  assert.throws(() => Type.Enum(undefined as never), /^Error: Enum undefined or empty$/);
});

test('The built schemas check values as TypeBox’s do (Pick, Partial and Record used together)', async () => {
  const { Check } = await import('@sinclair/typebox/value');
  const o = objects();
  const ours = Type.Partial(Type.Pick(o.full, ['a', 'b', 'e']), { additionalProperties: false });
  const theirs = TypeBox.Partial(TypeBox.Pick(o.full, ['a', 'b', 'e']), { additionalProperties: false });
  for (const value of [{}, { a: 'x' }, { a: 1 }, { c: true }, { e: { x: 1 } }, { e: { x: -1 } }])
    assert.equal(Check(ours, value), Check(theirs, value), JSON.stringify(value));
  const weights = Type.Record(Type.Union([Type.Literal('open'), Type.Literal('close')]), Type.Number());
  assert.equal(Check(weights, { open: 1, close: 2 }), true);
  assert.equal(Check(weights, { open: 1 }), false);
});

const UNSUPPORTED =
  / does not take a \w+ here: the chart bundle's `Type` covers JSON-shape schemas; `@sinclair\/typebox` \(npm\) has the full builder set\.$/;

test('Inputs beyond JSON shapes throw an error naming the builder and pointing to @sinclair/typebox', () => {
  const o = objects();
  const cases: [string, () => unknown][] = [
    ['Pick', () => Type.Pick(T.String(), ['a'])],
    ['Pick', () => Type.Pick(T.Array(o.plain), ['a'])],
    ['Pick', () => Type.Pick(T.Ref('Full'), ['a'])],
    ['Pick', () => Type.Pick(o.full, T.TemplateLiteral('a${string}'))],
    ['Pick', () => Type.Pick(o.full, T.Ref('Keys'))],
    ['Pick', () => Type.Pick(o.full, T.Union([T.Literal('a'), T.Number()]))],
    ['Pick', () => Type.Pick(o.full, 'a' as never)],
    ['Omit', () => Type.Omit(T.Record(T.String(), T.Number()), ['a'])],
    ['Omit', () => Type.Omit(o.full, T.Integer())],
    ['Partial', () => Type.Partial(T.Array(T.String()))],
    ['Partial', () => Type.Partial(T.Ref('Full'))],
    ['Partial', () => Type.Partial(T.Intersect([o.plain, T.Array(T.String())]))],
    ['Required', () => Type.Required(T.Tuple([T.String()]))],
    ['Record', () => Type.Record(T.TemplateLiteral('k${number}'), T.Number())],
    ['Record', () => Type.Record(T.Never(), T.Number())],
    ['Record', () => Type.Record(T.Union([T.Literal('a'), T.String()]), T.Number())],
    ['Record', () => Type.Record(T.RegExp(/^a/), T.Number())],
    ['Record', () => Type.Record(T.Boolean(), T.Number())],
    ['Record', () => Type.Record(T.Any(), T.Number())],
    ['Pick', () => Type.Pick(o.full, MappedKey(['a']))],
    ['Partial', () => Type.Partial(MappedResult({ a: o.plain }))],
    ['Optional', () => Type.Optional(MappedResult({ a: T.String() }))],
    ['Readonly', () => Type.Readonly(MappedResult({ a: T.String() }), false)],
  ];
  for (const [builder, call] of cases)
    assert.throws(
      call,
      (error: Error) => {
        assert.ok(error.message.startsWith(`Type.${builder} does not take a `), error.message);
        assert.match(error.message, UNSUPPORTED);
        return true;
      },
      `${builder}: ${call.toString()}`,
    );
  // A key union TypeBox's KeyOf builds is a union of literals, so it works.
  assertSameSchema(Type.Omit(o.full, T.KeyOf(o.plain)), TypeBox.Omit(o.full, T.KeyOf(o.plain)));
});

test('The bundle’s Type has the builders README lists', () => {
  assert.deepEqual(Object.keys(Type).sort(), [
    'Any',
    'Array',
    'Boolean',
    'Enum',
    'Integer',
    'Intersect',
    'Literal',
    'Null',
    'Number',
    'Object',
    'Omit',
    'Optional',
    'Partial',
    'Pick',
    'Readonly',
    'Record',
    'Required',
    'String',
    'Tuple',
    'Union',
    'Unknown',
    'Unsafe',
  ]);
});

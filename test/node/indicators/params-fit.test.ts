import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Type, type TSchema } from '@sinclair/typebox';
import { Value } from '@sinclair/typebox/value';
import { paramErrors } from '../../../src/core/indicators/param-errors.js';
import { resolveParams, paramErrorsLoaded, defineIndicator } from '../../../src/core/indicators/index.js';

// A params schema the compiled check does not cover (a host study's plain JSON schema) is checked by the
// words of a refusal (param-errors.ts, a chunk in the bundle): a value fits when they find nothing wrong
// (params-fit.ts), by the same rules TypeBox's Check applies to the schemas it covers.

const FITS = 'Expected a value that fits the parameter schema';
const fitsByWords = (schema: TSchema, value: unknown) => {
  const errors = paramErrors(schema, value);
  return errors.length === 1 && errors[0].message === FITS;
};

const SCHEMAS: Record<string, TSchema> = {
  integer: Type.Integer({ minimum: 1, maximum: 10 }),
  number: Type.Number({ exclusiveMinimum: 0, exclusiveMaximum: 5 }),
  boolean: Type.Boolean(),
  string: Type.String(),
  keywords: Type.Union([Type.Literal('close'), Type.Literal('open')]),
  enum: { type: 'string', enum: ['a', 'b'] } as unknown as TSchema,
  keywordOrTime: Type.Union([Type.Literal('session'), Type.Number({ minimum: 0 })]),
  periods: Type.Array(Type.Integer({ minimum: 1 }), { minItems: 1, maxItems: 3 }),
  // A host study's plain JSON schema (no TypeBox kinds), with a bound that is not a number.
  json: {
    type: 'object',
    required: ['period'],
    properties: { period: { type: 'integer', minimum: 2 }, factor: { type: 'number', maximum: '9' } },
  } as unknown as TSchema,
  open: {} as TSchema,
};

const VALUES: unknown[] = [
  0,
  1,
  2.5,
  5,
  10,
  11,
  -1,
  NaN,
  Infinity,
  '1',
  'a',
  'c',
  'close',
  'session',
  true,
  null,
  undefined,
  [],
  [1],
  [1, 2, 3],
  [1, 2, 3, 4],
  [0],
  ['x'],
  {},
  { period: 2 },
  { period: 1 },
  { period: 2, factor: 100 },
  { factor: 1 },
  { period: 2.5 },
];

test('a study with a plain JSON schema accepts and refuses its params as the words (and TypeBox) do', () => {
  for (const [name, schema] of Object.entries(SCHEMAS)) {
    const study = defineIndicator({
      id: 'Fit',
      name: 'Fit',
      category: 'trend',
      placement: 'overlay',
      params: { type: 'object', properties: { x: { ...schema, default: 1 } } } as never,
      paramOrder: ['x'],
      inputs: ['close'],
      outputs: () => [{ key: 'v', label: 'V', style: 'line' }],
      stepper: () => ({ step: () => undefined, save: () => undefined, restore: () => undefined }),
    } as never);
    for (const value of VALUES) {
      if (value === undefined) continue; // an absent param takes its default
      const compiled = name !== 'enum' && name !== 'json' && name !== 'open' ? Value.Check(schema, value) : null;
      const fits = fitsByWords(schema, value);
      if (compiled !== null) assert.equal(fits, compiled, `words and TypeBox on ${name}: ${JSON.stringify(value)}`);
      assert.equal(resolveParams(study, { x: value }).ok, fits, `${name}: ${JSON.stringify(value)}`);
    }
  }
});

test('outside the bundle the refusal of a plain-JSON-schema study is worded at once', () => {
  assert.equal(paramErrorsLoaded(), true);
  const study = defineIndicator({
    id: 'JsonStudy',
    name: 'JSON study',
    category: 'trend',
    placement: 'overlay',
    params: SCHEMAS.json as never,
    paramOrder: ['period'],
    outputs: [{ key: 'v', label: 'V', style: 'line' }],
    calc: () => ({ v: new Float64Array(0) }),
  } as never);
  const refused = resolveParams(study as never, { period: 1 });
  assert.equal(refused.ok, false);
  if (!refused.ok)
    assert.equal(
      `${refused.errors[0].path}: ${refused.errors[0].reason}`,
      'period: Expected integer to be greater or equal to 2',
    );
});

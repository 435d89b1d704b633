import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Type, type TSchema } from '@sinclair/typebox';
import { paramsFit } from '../../../src/core/indicators/params-fit.js';
import { paramErrors } from '../../../src/core/indicators/param-errors.js';
import { resolveParams, paramErrorsLoaded, defineIndicator } from '../../../src/core/indicators/index.js';

// The eager check of a params schema the compiled check does not cover (params-fit.ts) and the words
// of a refusal (param-errors.ts, a chunk in the bundle) must agree on what fits.

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

test('paramsFit answers as paramErrors words, for every rule params schemas use', () => {
  for (const [name, schema] of Object.entries(SCHEMAS))
    for (const value of VALUES)
      assert.equal(paramsFit(schema, value), fitsByWords(schema, value), `${name}: ${JSON.stringify(value)}`);
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

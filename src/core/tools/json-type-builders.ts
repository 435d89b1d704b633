import {
  CreateType,
  Hint,
  Kind,
  Never,
  OptionalKind,
  PatternNumberExact,
  PatternStringExact,
  ReadonlyKind,
  TransformKind,
  Union,
  type Intersect as TbIntersect,
  type Object as TbObject,
  type Omit as TbOmit,
  type Optional as TbOptional,
  type Partial as TbPartial,
  type Pick as TbPick,
  type Readonly as TbReadonly,
  type Record as TbRecord,
  type Required as TbRequired,
  type SchemaOptions,
} from '@sinclair/typebox';

/*
 * The bundle's own `Type.Pick`, `Omit`, `Partial`, `Required`, `Record`, `Optional`, `Readonly`,
 * `Object` and `Intersect` (issue #12). TypeBox's Pick, Omit, Partial, Required and Record also take
 * mapped results, mapped keys, `$ref`s, computed types and template-literal keys, and bring the
 * template-literal parser, the mapped-type machinery and the indexed-key resolution into the eager
 * bundle (~2 KB gzip) although no JSON-shape tool schema needs them; its Object and Intersect are
 * small but keep TypeBox's kind guards (type/guard/kind.mjs, ~0.4 KB gzip) in the eager part.
 * Each function here follows TypeBox 0.34.52's code, with TypeBox's own `CreateType`, `Union` and
 * `Never` (so `TypeSystemPolicy.InstanceMode` applies as in TypeBox), and returns exactly what
 * TypeBox returns: the same keys in the same order, symbol keys (`Kind`, `OptionalKind`,
 * `ReadonlyKind`, `Hint`) included, for every input of Object and Intersect and for the JSON-shape
 * inputs of the others (test/node/core/json-type.test.ts compares them over a matrix of inputs in
 * each instance mode). Where TypeBox would build a computed or mapped schema, keys from a template
 * literal, or (Pick, Partial, … over a non-object) an empty object schema, these throw instead.
 */

type Loose = Record<PropertyKey, unknown>;

// TypeBox's Union with the loose types this file works in (the cast changes only static types).
const unionOf = Union as unknown as (types: Loose[]) => Loose;

const isObjectValue = (value: unknown): value is Loose => typeof value === 'object' && value !== null;

/** TypeBox's `Object`: `required` lists the keys whose schema is not `Optional`, if any. */
function objectOf(properties: Loose, options?: SchemaOptions): Loose {
  const required = Object.keys(properties).filter(
    (k) => !(isObjectValue(properties[k]) && properties[k][OptionalKind] === 'Optional'),
  );
  return CreateType(
    required.length > 0
      ? { [Kind]: 'Object', type: 'object', required, properties }
      : { [Kind]: 'Object', type: 'object', properties },
    options,
  ) as Loose;
}

/**
 * TypeBox's `Intersect`: one schema is returned as it is (with the options), none is `Never`, an
 * intersect of objects (or with `unevaluatedProperties` false or a schema) says `type: 'object'`.
 */
function intersectOf(types: Loose[], options?: SchemaOptions): Loose {
  if (types.length === 1) return CreateType(types[0], options) as Loose;
  if (types.length === 0) return Never(options) as unknown as Loose;
  if (types.some((schema) => isObjectValue(schema) && TransformKind in schema))
    throw new Error('Cannot intersect transform types');
  const opts = (options ?? {}) as Loose;
  const unevaluated = opts.unevaluatedProperties;
  const isSchema = typeof kindOf(unevaluated) === 'string';
  const head = isSchema ? { unevaluatedProperties: unevaluated } : {};
  return CreateType(
    unevaluated === false || isSchema || types.every((schema) => kindOf(schema) === 'Object')
      ? { ...head, [Kind]: 'Intersect', type: 'object', allOf: types }
      : { ...head, [Kind]: 'Intersect', allOf: types },
    opts,
  ) as Loose;
}

/** The `Kind` TypeBox's guards test (`IsKindOf`), or undefined. */
const kindOf = (value: unknown): unknown => (isObjectValue(value) ? value[Kind] : undefined);

function fail(builder: string, value: unknown): never {
  throw new Error(
    `Type.${builder} does not take a ${String(kindOf(value) ?? typeof value)} here: the chart bundle's ` +
      '`Type` covers JSON-shape schemas; `@sinclair/typebox` (npm) has the full builder set.',
  );
}

/** TypeBox's `Discard`: a shallow copy (string and symbol keys, in order) without `keys`. */
function discard(value: Loose, keys: readonly PropertyKey[]): Loose {
  return keys.reduce<Loose>((acc, key) => {
    const rest = { ...acc };
    delete rest[key];
    return rest;
  }, value);
}

/** TypeBox's `IndexPropertyKeys` for a literal or a union of literals (nested unions flattened). */
function literalKeys(builder: string, key: unknown): string[] {
  const collect = (type: unknown): string[] =>
    kindOf(type) === 'Literal'
      ? [String((type as Loose).const)]
      : kindOf(type) === 'Union'
        ? ((type as Loose).anyOf as unknown[]).flatMap(collect)
        : fail(builder, type);
  return [...new Set(collect(key))];
}

/** Kinds TypeBox's Partial and Required return as they are. */
const SCALARS = ['BigInt', 'Boolean', 'Integer', 'Literal', 'Null', 'Number', 'String', 'Symbol', 'Undefined'];

/**
 * TypeBox's Pick, Omit, Partial and Required: an object gets its properties mapped (and keeps its
 * other keys but `$id`), intersects and unions are mapped member by member, Partial and Required
 * keep scalars; the caller's options go over the result.
 */
function mapper(builder: string, keyed: boolean, map: (properties: Loose, keys: PropertyKey[]) => Loose) {
  return (type: unknown, ...args: unknown[]): unknown => {
    const key = args[0];
    const keys = !keyed ? [] : Array.isArray(key) ? (key as PropertyKey[]) : literalKeys(builder, key);
    const resolve = (t: unknown): Loose => {
      const kind = kindOf(t);
      const schema = t as Loose;
      return kind === 'Object'
        ? objectOf(
            map(schema.properties as Loose, keys),
            discard(schema, [TransformKind, '$id', 'required', 'properties']),
          )
        : kind === 'Intersect'
          ? intersectOf((schema.allOf as unknown[]).map(resolve))
          : kind === 'Union'
            ? unionOf((schema.anyOf as unknown[]).map(resolve))
            : !keyed && SCALARS.includes(kind as string)
              ? schema
              : fail(builder, t);
    };
    return CreateType({ ...resolve(type), ...(args[keyed ? 1 : 0] as SchemaOptions | undefined) });
  };
}

/** TypeBox's Optional and Readonly: add the modifier key, or (with `false`) remove it. */
function modifier(builder: string, symbol: symbol, value: string) {
  return (schema: unknown, enable?: boolean): unknown =>
    kindOf(schema) === 'MappedResult'
      ? fail(builder, schema)
      : CreateType(enable === false ? discard(schema as Loose, [symbol]) : { ...(schema as Loose), [symbol]: value });
}

const optional = modifier('Optional', OptionalKind, 'Optional');

/** Each property as it is (Pick) or mapped by `fn` (Partial, Required), in TypeBox's order. */
const mapValues = (properties: Loose, fn: (value: Loose) => Loose): Loose =>
  Object.fromEntries(Object.getOwnPropertyNames(properties).map((k) => [k, fn(properties[k] as Loose)]));

function record(key: unknown, type: unknown, options: SchemaOptions = {}): unknown {
  const kind = kindOf(key);
  if (kind === 'String' || kind === 'Number' || kind === 'Integer') {
    const pattern = (key as Loose).pattern;
    return CreateType(
      {
        [Kind]: 'Record',
        type: 'object',
        patternProperties: {
          [kind !== 'String' ? PatternNumberExact : pattern === undefined ? PatternStringExact : (pattern as string)]:
            type,
        },
      },
      options,
    );
  }
  const properties: Loose = {};
  for (const k of literalKeys('Record', key)) properties[k] = type;
  return objectOf(properties, { ...options, [Hint]: 'Record' });
}

export const Pick = mapper('Pick', true, (properties, keys) => {
  const picked: Loose = {};
  for (const k of keys) if (k in properties) picked[k] = properties[k];
  return picked;
}) as unknown as typeof TbPick;
export const Omit = mapper('Omit', true, discard) as unknown as typeof TbOmit;
export const Partial = mapper('Partial', false, (p) =>
  mapValues(p, optional as (v: Loose) => Loose),
) as unknown as typeof TbPartial;
export const Required = mapper('Required', false, (p) =>
  mapValues(p, (v) => discard(v, [OptionalKind])),
) as unknown as typeof TbRequired;
export const Optional = optional as unknown as typeof TbOptional;
export const Readonly = modifier('Readonly', ReadonlyKind, 'Readonly') as unknown as typeof TbReadonly;
export const Record = record as unknown as typeof TbRecord;
const ObjectBuilder = objectOf as unknown as typeof TbObject;
/** TypeBox's `Object`, exported under its name (a local `Object` would hide the global one here). */
export { ObjectBuilder as Object };
export const Intersect = intersectOf as unknown as typeof TbIntersect;

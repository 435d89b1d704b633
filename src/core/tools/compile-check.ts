import { Kind, type TSchema } from '@sinclair/typebox';

/** A compiled schema check: the same answer as TypeBox's `Check` for the schemas it accepts. */
export type CompiledCheck = (value: unknown) => boolean;

const ANNOTATIONS = ['description', 'title', 'default', 'examples', 'type'];
const KEYWORDS: ReadonlyMap<string, readonly string[]> = new Map(
  Object.entries({
    String: ['minLength', 'maxLength', 'pattern'],
    Number: ['minimum', 'maximum', 'exclusiveMinimum', 'exclusiveMaximum', 'multipleOf'],
    Integer: ['minimum', 'maximum', 'exclusiveMinimum', 'exclusiveMaximum', 'multipleOf'],
    Boolean: [],
    Null: [],
    Literal: ['const'],
    Union: ['anyOf'],
    Unknown: [],
    Any: [],
    Object: ['properties', 'required', 'additionalProperties', 'minProperties', 'maxProperties'],
    Record: ['patternProperties', 'additionalProperties', 'minProperties', 'maxProperties'],
    Array: ['items', 'minItems', 'maxItems'],
    Tuple: ['items', 'additionalItems', 'minItems', 'maxItems'],
  }),
);

const cache = new WeakMap<TSchema, CompiledCheck | null>();

/**
 * A check for `schema` built from closures (no `new Function`, so it runs under a strict CSP), or
 * null when the schema uses anything beyond the JSON shapes tool parameters are written with:
 * strings with lengths and a pattern, numbers and integers with bounds and `multipleOf`, booleans,
 * null, literals (and so enums), unions, unknown, objects (closed or open, with property counts),
 * records (`Type.Record`), arrays with item counts and tuples. It answers as TypeBox's `Check`
 * with its default policy (finite numbers only; an optional member set to `undefined` is absent),
 * without TypeBox's per-value dispatch, which costs most of a 10,000-marker call, and without
 * TypeBox's value modules in the eager bundle (issue #12; a null sends the caller to
 * {@link ./typebox-value.ts}, loaded on demand).
 */
export function compileCheck(schema: TSchema): CompiledCheck | null {
  let known = cache.get(schema);
  if (known === undefined) cache.set(schema, (known = compile(schema, 0)));
  return known;
}

function compile(schema: unknown, depth: number): CompiledCheck | null {
  if (depth > 32 || typeof schema !== 'object' || schema === null) return null;
  const s = schema as Record<string | symbol, unknown>;
  const kind = s[Kind];
  const allowed = typeof kind === 'string' ? KEYWORDS.get(kind) : undefined;
  if (!allowed) return null;
  for (const key of Object.keys(s)) if (!ANNOTATIONS.includes(key) && !allowed.includes(key)) return null;
  switch (kind) {
    case 'String': {
      const min = num(s.minLength, 0);
      const max = num(s.maxLength);
      if (s.pattern === undefined) return (v) => typeof v === 'string' && v.length >= min && v.length <= max;
      if (typeof s.pattern !== 'string') return null;
      let pattern: RegExp;
      try {
        pattern = new RegExp(s.pattern);
      } catch {
        return null;
      }
      return (v) => typeof v === 'string' && v.length >= min && v.length <= max && pattern.test(v);
    }
    case 'Number':
    case 'Integer': {
      const integer = kind === 'Integer';
      const min = num(s.minimum, -Infinity);
      const max = num(s.maximum);
      const xmin = num(s.exclusiveMinimum, -Infinity);
      const xmax = num(s.exclusiveMaximum);
      const step = s.multipleOf;
      if (step !== undefined && typeof step !== 'number') return null;
      return (v) =>
        typeof v === 'number' &&
        (integer ? Number.isInteger(v) : Number.isFinite(v)) &&
        v >= min &&
        v <= max &&
        v > xmin &&
        v < xmax &&
        (step === undefined || v % step === 0);
    }
    case 'Boolean':
      return (v) => typeof v === 'boolean';
    case 'Null':
      return (v) => v === null;
    case 'Literal': {
      const value = s.const;
      return (v) => v === value;
    }
    case 'Unknown':
    case 'Any':
      return () => true;
    case 'Union': {
      if (!Array.isArray(s.anyOf)) return null;
      const members: CompiledCheck[] = [];
      for (const member of s.anyOf) {
        // An unknown member changes how a required property may be missing (TypeBox's rule).
        const kindOf = (member as Record<symbol, unknown> | null)?.[Kind];
        if (kindOf === 'Unknown' || kindOf === 'Any') return null;
        const check = compile(member, depth + 1);
        if (!check) return null;
        members.push(check);
      }
      return (v) => {
        for (const check of members) if (check(v)) return true;
        return false;
      };
    }
    case 'Array': {
      const items = compile(s.items, depth + 1);
      if (!items) return null;
      const min = num(s.minItems, 0);
      const max = num(s.maxItems);
      return (v) => {
        if (!Array.isArray(v) || v.length < min || v.length > max) return false;
        for (let i = 0; i < v.length; i++) if (!items(v[i])) return false;
        return true;
      };
    }
    case 'Tuple': {
      const { items } = s;
      if (items !== undefined && !Array.isArray(items)) return null;
      if (s.maxItems !== undefined && typeof s.maxItems !== 'number') return null;
      const length = s.maxItems;
      const checks: CompiledCheck[] = [];
      for (const item of items ?? []) {
        const check = compile(item, depth + 1);
        if (!check) return null;
        checks.push(check);
      }
      return (v) => {
        if (!Array.isArray(v) || v.length !== length) return false;
        for (let i = 0; i < checks.length; i++) if (!checks[i](v[i])) return false;
        return true;
      };
    }
    case 'Object':
      return compileObject(s, depth);
    case 'Record':
      return compileRecord(s, depth);
  }
  return null;
}

/** TypeBox's rule for a record: every key the pattern matches holds a valid value. */
function compileRecord(s: Record<string | symbol, unknown>, depth: number): CompiledCheck | null {
  const patterns = s.patternProperties;
  if (typeof patterns !== 'object' || patterns === null) return null;
  const entries = Object.entries(patterns);
  if (entries.length !== 1) return null;
  const closed = s.additionalProperties === false;
  if (s.additionalProperties !== undefined && !closed) return null;
  let key: RegExp;
  try {
    key = new RegExp(entries[0][0]);
  } catch {
    return null;
  }
  const check = compile(entries[0][1], depth + 1);
  if (!check) return null;
  const counts = propertyCounts(s);
  if (!counts) return null;
  return (v) => {
    if (typeof v !== 'object' || v === null || Array.isArray(v) || v instanceof Date || v instanceof Uint8Array)
      return false;
    if (!counts(v)) return false;
    for (const [k, value] of Object.entries(v)) if (key.test(k) && !check(value)) return false;
    if (closed) for (const k of Object.getOwnPropertyNames(v)) if (!key.test(k)) return false;
    return true;
  };
}

/** `minProperties` / `maxProperties` as a check (null when they are not numbers). */
function propertyCounts(s: Record<string | symbol, unknown>): ((v: object) => boolean) | null {
  const { minProperties, maxProperties } = s;
  if (minProperties === undefined && maxProperties === undefined) return () => true;
  if (minProperties !== undefined && typeof minProperties !== 'number') return null;
  if (maxProperties !== undefined && typeof maxProperties !== 'number') return null;
  const min = num(minProperties, 0);
  const max = num(maxProperties);
  return (v) => {
    const count = Object.getOwnPropertyNames(v).length;
    return count >= min && count <= max;
  };
}

function compileObject(s: Record<string | symbol, unknown>, depth: number): CompiledCheck | null {
  const properties = s.properties;
  if (typeof properties !== 'object' || properties === null || Array.isArray(properties)) return null;
  const required = s.required ?? [];
  if (!Array.isArray(required)) return null;
  const closed = s.additionalProperties === false;
  if (s.additionalProperties !== undefined && !closed) return null;
  const keys = Object.getOwnPropertyNames(properties);
  const members: { key: string; check: CompiledCheck; required: boolean; mustHaveKey: boolean }[] = [];
  for (const key of keys) {
    const property = (properties as Record<string, unknown>)[key];
    const check = compile(property, depth + 1);
    if (!check) return null;
    const kind = (property as Record<symbol, unknown>)[Kind];
    const isRequired = required.includes(key);
    members.push({
      key,
      check,
      required: isRequired,
      mustHaveKey: isRequired && (kind === 'Unknown' || kind === 'Any'),
    });
  }
  const known = new Set(keys);
  const counts = propertyCounts(s);
  if (!counts) return null;
  return (v) => {
    if (typeof v !== 'object' || v === null || Array.isArray(v)) return false;
    if (!counts(v)) return false;
    const o = v as Record<string, unknown>;
    for (const m of members) {
      const value = o[m.key];
      if (m.required) {
        if (!m.check(value)) return false;
        if (m.mustHaveKey && !(m.key in o)) return false;
      } else if (value !== undefined && !m.check(value)) return false;
    }
    if (closed) for (const key of Object.getOwnPropertyNames(o)) if (!known.has(key)) return false;
    return true;
  };
}

function num(value: unknown, fallback = Infinity): number {
  return typeof value === 'number' ? value : fallback;
}

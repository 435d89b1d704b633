import { Kind, type TSchema } from '@sinclair/typebox';
import { compileCheck, type CompiledCheck } from './compile-check.js';
import { copy } from './copy-plain.js';

/** Fills a value's missing parts from the schema's `default`s; it may change `value` (pass a copy). */
export type CompiledDefault = (value: unknown) => unknown;

const cache = new WeakMap<TSchema, CompiledDefault | null>();

/**
 * TypeBox's `Default` for the schemas {@link compileCheck} accepts, built from closures (no code
 * generation), or null for any other schema (or a `default` that is not plain JSON data, such as
 * a function). Same result as `Default(schema, value)`: a missing value takes a copy of the
 * default, an object default is merged under a given object, objects, records, arrays and tuples
 * are filled member by member, and a union takes the first member whose filled value passes that
 * member's check. With it, a tool call with defaults needs no TypeBox value module (issue #12).
 */
export function compileDefault(schema: TSchema): CompiledDefault | null {
  let known = cache.get(schema);
  if (known === undefined) cache.set(schema, (known = compileCheck(schema) ? compile(schema, 0) : null));
  return known;
}

const identity: CompiledDefault = (value) => value;

function compile(schema: unknown, depth: number): CompiledDefault | null {
  if (depth > 32 || typeof schema !== 'object' || schema === null) return null;
  const s = schema as Record<string | symbol, unknown>;
  // A part with no default (and no tuple, which TypeBox pads to its length) leaves a value as it is.
  if (inert(s, 0)) return identity;
  const own = ownDefault(s);
  if (!own) return null;
  switch (s[Kind]) {
    case 'Array': {
      const items = compile(s.items, depth + 1);
      if (!items) return null;
      return (value) => {
        const out = Array.isArray(value) ? value : own(value);
        if (!Array.isArray(out)) return out;
        for (let i = 0; i < out.length; i++) out[i] = items(out[i]);
        return out;
      };
    }
    case 'Tuple': {
      const items: CompiledDefault[] = [];
      for (const item of (s.items as unknown[] | undefined) ?? []) {
        const fill = compile(item, depth + 1);
        if (!fill) return null;
        items.push(fill);
      }
      const noItems = s.items === undefined;
      return (value) => {
        const out = own(value);
        if (!Array.isArray(out) || noItems) return out;
        for (let i = 0; i < items.length; i++) out[i] = items[i](out[i]);
        return out;
      };
    }
    case 'Object': {
      const properties = s.properties as Record<string, unknown>;
      const members: [string, CompiledDefault][] = [];
      for (const key of Object.getOwnPropertyNames(properties)) {
        const fill = compile(properties[key], depth + 1);
        if (!fill) return null;
        if (fill !== identity) members.push([key, fill]);
      }
      return (value) => {
        const out = own(value);
        if (!isObject(out)) return out;
        const o = out as Record<string, unknown>;
        for (const [key, fill] of members) {
          const filled = fill(o[key]);
          if (filled !== undefined) o[key] = filled;
        }
        return out;
      };
    }
    case 'Record': {
      const [pattern, property] = Object.entries(s.patternProperties as Record<string, unknown>)[0];
      const key = new RegExp(pattern);
      // TypeBox fills a record's values only when the value schema itself has a default.
      const fill = hasOwnDefault(property) ? compile(property, depth + 1) : identity;
      if (!fill) return null;
      return (value) => {
        const out = own(value);
        if (!isObject(out) || fill === identity) return out;
        const o = out as Record<string, unknown>;
        for (const k of Object.getOwnPropertyNames(o)) if (key.test(k)) o[k] = fill(o[k]);
        return out;
      };
    }
    case 'Union': {
      const members: [CompiledDefault, CompiledCheck][] = [];
      for (const member of s.anyOf as TSchema[]) {
        const fill = compile(member, depth + 1);
        const check = compileCheck(member);
        if (!fill || !check) return null;
        members.push([fill, check]);
      }
      return (value) => {
        const out = own(value);
        for (const [fill, check] of members) {
          const filled = fill(copy(out));
          if (check(filled)) return filled;
        }
        return out;
      };
    }
    default:
      return own;
  }
}

/** TypeBox's `ValueOrDefault`: a missing value takes a copy of the default; an object default goes under a given object. */
function ownDefault(s: Record<string | symbol, unknown>): CompiledDefault | null {
  if (!('default' in s) || s.default === undefined) return identity;
  const fallback = s.default;
  if (!isJson(fallback, 0)) return null;
  return (value) => {
    const fresh = copy(fallback);
    if (value === undefined) return fresh;
    return isObject(value) && isObject(fresh) ? Object.assign(fresh as object, value) : value;
  };
}

function hasOwnDefault(schema: unknown): boolean {
  return typeof schema === 'object' && schema !== null && Kind in schema && 'default' in schema;
}

/** No `default` and no tuple anywhere in `node`. */
function inert(node: unknown, depth: number): boolean {
  if (typeof node !== 'object' || node === null) return true;
  if (depth > 64) return false;
  if (Array.isArray(node)) return node.every((item) => inert(item, depth + 1));
  if ((node as Record<symbol, unknown>)[Kind] === 'Tuple') return false;
  for (const key of Object.keys(node)) {
    if (key === 'default') return false;
    if (!inert((node as Record<string, unknown>)[key], depth + 1)) return false;
  }
  return true;
}

function isObject(value: unknown): boolean {
  return typeof value === 'object' && value !== null;
}

/** Plain JSON data: what a default may be for the compiled path (TypeBox would clone other kinds its own way). */
function isJson(value: unknown, depth: number): boolean {
  if (value === null || ['string', 'number', 'boolean'].includes(typeof value)) return true;
  if (typeof value !== 'object' || depth > 32) return false;
  if (Array.isArray(value)) return value.every((item) => isJson(item, depth + 1));
  if (Object.getPrototypeOf(value) !== Object.prototype) return false;
  if (Object.getOwnPropertySymbols(value).length) return false;
  return Object.values(value).every((item) => isJson(item, depth + 1));
}

import type { TSchema } from '@sinclair/typebox';
import type { ToolErrorDetail } from '../../protocol/index.js';
import { compileCheck } from './compile-check.js';
import { compileDefault } from './compile-default.js';
import { copy } from './copy-plain.js';

/** `/points/1/price` → `points[1].price`. Names declared fields and indexes only, never values. */
export function toFieldPath(pointer: string): string {
  if (!pointer) return '(input)';
  let out = '';
  for (const raw of pointer.split('/').slice(1)) {
    const part = raw.replace(/~1/g, '/').replace(/~0/g, '~');
    out += /^\d+$/.test(part) ? `[${part}]` : out ? `.${part}` : part;
  }
  return out;
}

/** TypeBox's `Errors` (passed in, so a caller can import its module only when input is wrong). */
export type SchemaErrors = (
  schema: TSchema,
  value: unknown,
) => Iterable<{ path: string; message: string; schema: TSchema }>;

/** A checked input: the value with the schema's defaults applied, and whether it passed. */
export interface CheckedInput {
  readonly ok: boolean;
  readonly value: unknown;
}

/**
 * Applies schema defaults to a copy of `input` and checks it, as TypeBox's `Default` and `Check`
 * would. A schema of the JSON shapes tools are written with (compileCheck, compileDefault) is
 * answered synchronously by closures; any other schema loads TypeBox's value modules with
 * `import()` and is answered by a promise (so they stay out of the eager bundle: issue #12).
 * No code generation either way (TypeCompiler's `new Function` breaks under a strict CSP).
 */
export function checkToolInput(schema: TSchema, input: unknown): CheckedInput | Promise<CheckedInput> {
  const check = compileCheck(schema);
  const withDefaults = hasDefaults(schema);
  const fill = withDefaults ? compileDefault(schema) : null;
  if (!check || (withDefaults && !fill)) {
    return import('./typebox-value.js').then(({ typeBoxCheckInput }) => typeBoxCheckInput(schema, input, withDefaults));
  }
  // Defaulting visits every value: a schema without defaults skips it, and so the copy too.
  // The closure-compiled check answers as TypeBox's Check without its per-value dispatch.
  const value = fill ? fill(copy(input ?? {})) : (input ?? {});
  return { ok: check(value), value };
}

const withDefaults = new WeakMap<TSchema, boolean>();

/** Whether any part of `schema` has a `default` (or a `$ref`, which might lead to one). */
export function hasDefaults(schema: TSchema): boolean {
  let known = withDefaults.get(schema);
  if (known === undefined) withDefaults.set(schema, (known = anyDefault(schema, 0)));
  return known;
}

function anyDefault(node: unknown, depth: number): boolean {
  if (typeof node !== 'object' || node === null) return false;
  if (depth > 64) return true;
  if (Array.isArray(node)) return node.some((item) => anyDefault(item, depth + 1));
  for (const key of Object.keys(node)) {
    if (key === 'default' || key === '$ref') return true;
    if (anyDefault((node as Record<string, unknown>)[key], depth + 1)) return true;
  }
  return false;
}

/** At most five error details for a `value` that failed `checkToolInput`, one per field path. */
export function toolInputErrors(schema: TSchema, value: unknown, errors: SchemaErrors): ToolErrorDetail[] {
  const details: ToolErrorDetail[] = [];
  const seen = new Set<string>();
  for (const error of errors(schema, value)) {
    const path = toFieldPath(error.path);
    // Unions report one error per branch; the first per path is the useful one.
    if (seen.has(path)) continue;
    seen.add(path);
    details.push({ path, reason: reasonOf(error.message, error.schema) });
    if (details.length === 5) break;
  }
  return details;
}

function reasonOf(message: string, schema: TSchema): string {
  const enumValues = (schema as { enum?: unknown[] }).enum;
  if (Array.isArray(enumValues)) return `expected one of ${enumValues.map((v) => JSON.stringify(v)).join(', ')}`;
  const anyOf = (schema as { anyOf?: { const?: unknown }[] }).anyOf;
  if (Array.isArray(anyOf) && anyOf.every((s) => s.const !== undefined)) {
    return `expected one of ${anyOf.map((s) => JSON.stringify(s.const)).join(', ')}`;
  }
  return message.charAt(0).toLowerCase() + message.slice(1);
}

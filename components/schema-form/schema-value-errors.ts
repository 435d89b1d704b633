import type { TObject, TSchema } from '@sinclair/typebox';
import { Errors } from '@sinclair/typebox/errors';
import { schemaOptions } from './schema-field-kind.js';
import { EN_FORM, type SchemaFormStrings } from './schema-form-strings.js';

/** A TypeBox error message in the words of a form: `must be >= 1`, `required`, `must be a number`. */
export function humanizeSchemaError(message: string, schema: TSchema, t: SchemaFormStrings = EN_FORM): string {
  let m: RegExpExecArray | null;
  if (/required property/i.test(message)) return t.required;
  if ((m = /array length to be greater or equal to (\S+)/i.exec(message))) return t.atLeastValues(m[1]);
  if ((m = /array length to be less or equal to (\S+)/i.exec(message))) return t.atMostValues(m[1]);
  if ((m = /to be greater or equal to (\S+)/i.exec(message))) return t.min(m[1]);
  if ((m = /to be less or equal to (\S+)/i.exec(message))) return t.max(m[1]);
  if ((m = /to be greater than (\S+)/i.exec(message))) return t.above(m[1]);
  if ((m = /to be less than (\S+)/i.exec(message))) return t.below(m[1]);
  if ((m = /string length greater or equal to (\S+)/i.exec(message))) return t.minLength(m[1]);
  if ((m = /string length less or equal to (\S+)/i.exec(message))) return t.maxLength(m[1]);
  if (/^Expected integer$/i.test(message)) return t.integer;
  if (/^Expected number$/i.test(message)) return t.number;
  if (/^Expected boolean$/i.test(message)) return t.boolean;
  const options = schemaOptions(schema);
  if (options) return t.oneOf(options.join(', '));
  return t === EN_FORM ? message.charAt(0).toLowerCase() + message.slice(1) : t.invalid;
}

/**
 * Validates `value` against an object schema with TypeBox `Value.Errors` (no code generation) and
 * returns the first error per top-level field, e.g. `{ signal: 'must be >= 1', 'periods': 'item 2: must be >= 1' }`.
 * Errors on the object itself (unknown keys) come under `''`.
 */
export function schemaValueErrors(
  schema: TObject,
  value: Readonly<Record<string, unknown>>,
  t: SchemaFormStrings = EN_FORM,
): Record<string, string> {
  const out: Record<string, string> = {};
  for (const error of Errors(schema, value)) {
    const parts = error.path
      .split('/')
      .slice(1)
      .map((p) => p.replace(/~1/g, '/').replace(/~0/g, '~'));
    const field = parts[0] ?? '';
    if (field in out) continue;
    const reason = humanizeSchemaError(error.message, error.schema, t);
    const index = parts[1];
    out[field] = index !== undefined && /^\d+$/.test(index) ? `${t.item(Number(index) + 1)}: ${reason}` : reason;
  }
  return out;
}

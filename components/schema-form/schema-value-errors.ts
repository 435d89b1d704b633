import type { TObject, TSchema } from '@sinclair/typebox';
import { Errors, ValueErrorType, type ValueError } from '@sinclair/typebox/errors';
import { schemaOptions } from './schema-field-kind.js';
import { EN_FORM, type SchemaFormStrings } from './schema-form-strings.js';

/**
 * A TypeBox error in the words of a form (`t`, the form's locale): `must be >= 1`, `required`,
 * `must be a number`. Chosen by the error's kind (`ValueErrorType`) and the schema's bounds, never by
 * parsing TypeBox's English message.
 */
export function humanizeSchemaError(error: ValueError, t: SchemaFormStrings = EN_FORM): string {
  const schema = error.schema as TSchema & Record<string, unknown>;
  const bound = (key: string) => String(schema[key]);
  switch (error.type) {
    case ValueErrorType.ObjectRequiredProperty:
      return t.required;
    case ValueErrorType.ArrayMinItems:
      return t.atLeastValues(bound('minItems'));
    case ValueErrorType.ArrayMaxItems:
      return t.atMostValues(bound('maxItems'));
    case ValueErrorType.NumberMinimum:
    case ValueErrorType.IntegerMinimum:
      return t.min(bound('minimum'));
    case ValueErrorType.NumberMaximum:
    case ValueErrorType.IntegerMaximum:
      return t.max(bound('maximum'));
    case ValueErrorType.NumberExclusiveMinimum:
    case ValueErrorType.IntegerExclusiveMinimum:
      return t.above(bound('exclusiveMinimum'));
    case ValueErrorType.NumberExclusiveMaximum:
    case ValueErrorType.IntegerExclusiveMaximum:
      return t.below(bound('exclusiveMaximum'));
    case ValueErrorType.StringMinLength:
      return t.minLength(bound('minLength'));
    case ValueErrorType.StringMaxLength:
      return t.maxLength(bound('maxLength'));
    case ValueErrorType.Integer:
      return t.integer;
    case ValueErrorType.Number:
      return t.number;
    case ValueErrorType.Boolean:
      return t.boolean;
    default:
      // Other kinds: a choice list when the schema has one, else a generic message (below).
      break;
  }
  const options = schemaOptions(error.schema);
  if (options) return t.oneOf(options.join(', '));
  return t === EN_FORM ? error.message.charAt(0).toLowerCase() + error.message.slice(1) : t.invalid;
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
    const reason = humanizeSchemaError(error, t);
    const index = parts[1];
    out[field] = index !== undefined && /^\d+$/.test(index) ? `${t.item(Number(index) + 1)}: ${reason}` : reason;
  }
  return out;
}

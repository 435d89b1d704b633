import type { TObject, TSchema } from '@sinclair/typebox';
import { Errors, ValueErrorType, type ValueError } from '@sinclair/typebox/errors';
import { schemaOptions } from './schema-field-kind.js';

/**
 * A TypeBox error in the words of a form: `must be >= 1`, `required`, `must be a number`. Chosen by
 * the error's kind (`ValueErrorType`) and the schema's bounds, never by parsing TypeBox's English message.
 */
export function humanizeSchemaError(error: ValueError): string {
  const schema = error.schema as TSchema & Record<string, unknown>;
  const bound = (key: string) => String(schema[key]);
  switch (error.type) {
    case ValueErrorType.ObjectRequiredProperty:
      return 'required';
    case ValueErrorType.ArrayMinItems:
      return `at least ${bound('minItems')} value${schema.minItems === 1 ? '' : 's'}`;
    case ValueErrorType.ArrayMaxItems:
      return `at most ${bound('maxItems')} values`;
    case ValueErrorType.NumberMinimum:
    case ValueErrorType.IntegerMinimum:
      return `must be >= ${bound('minimum')}`;
    case ValueErrorType.NumberMaximum:
    case ValueErrorType.IntegerMaximum:
      return `must be <= ${bound('maximum')}`;
    case ValueErrorType.NumberExclusiveMinimum:
    case ValueErrorType.IntegerExclusiveMinimum:
      return `must be > ${bound('exclusiveMinimum')}`;
    case ValueErrorType.NumberExclusiveMaximum:
    case ValueErrorType.IntegerExclusiveMaximum:
      return `must be < ${bound('exclusiveMaximum')}`;
    case ValueErrorType.StringMinLength:
      return `at least ${bound('minLength')} characters`;
    case ValueErrorType.StringMaxLength:
      return `at most ${bound('maxLength')} characters`;
    case ValueErrorType.Integer:
      return 'must be a whole number';
    case ValueErrorType.Number:
      return 'must be a number';
    case ValueErrorType.Boolean:
      return 'must be on or off';
  }
  const options = schemaOptions(error.schema);
  if (options) return `must be one of ${options.join(', ')}`;
  return error.message.charAt(0).toLowerCase() + error.message.slice(1);
}

/**
 * Validates `value` against an object schema with TypeBox `Value.Errors` (no code generation) and
 * returns the first error per top-level field, e.g. `{ signal: 'must be >= 1', 'periods': 'item 2: must be >= 1' }`.
 * Errors on the object itself (unknown keys) come under `''`.
 */
export function schemaValueErrors(schema: TObject, value: Readonly<Record<string, unknown>>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const error of Errors(schema, value)) {
    const parts = error.path
      .split('/')
      .slice(1)
      .map((p) => p.replace(/~1/g, '/').replace(/~0/g, '~'));
    const field = parts[0] ?? '';
    if (field in out) continue;
    const reason = humanizeSchemaError(error);
    const index = parts[1];
    out[field] = index !== undefined && /^\d+$/.test(index) ? `item ${Number(index) + 1}: ${reason}` : reason;
  }
  return out;
}

import type { TObject, TSchema } from '@sinclair/typebox';
import { Errors } from '@sinclair/typebox/errors';
import { schemaOptions } from './schema-field-kind.js';

/** A TypeBox error message in the words of a form: `must be >= 1`, `required`, `must be a number`. */
export function humanizeSchemaError(message: string, schema: TSchema): string {
  let m: RegExpExecArray | null;
  if (/required property/i.test(message)) return 'required';
  if ((m = /array length to be greater or equal to (\S+)/i.exec(message)))
    return `at least ${m[1]} value${m[1] === '1' ? '' : 's'}`;
  if ((m = /array length to be less or equal to (\S+)/i.exec(message))) return `at most ${m[1]} values`;
  if ((m = /to be greater or equal to (\S+)/i.exec(message))) return `must be >= ${m[1]}`;
  if ((m = /to be less or equal to (\S+)/i.exec(message))) return `must be <= ${m[1]}`;
  if ((m = /to be greater than (\S+)/i.exec(message))) return `must be > ${m[1]}`;
  if ((m = /to be less than (\S+)/i.exec(message))) return `must be < ${m[1]}`;
  if ((m = /string length greater or equal to (\S+)/i.exec(message))) return `at least ${m[1]} characters`;
  if ((m = /string length less or equal to (\S+)/i.exec(message))) return `at most ${m[1]} characters`;
  if (/^Expected integer$/i.test(message)) return 'must be a whole number';
  if (/^Expected number$/i.test(message)) return 'must be a number';
  if (/^Expected boolean$/i.test(message)) return 'must be on or off';
  const options = schemaOptions(schema);
  if (options) return `must be one of ${options.join(', ')}`;
  return message.charAt(0).toLowerCase() + message.slice(1);
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
    const reason = humanizeSchemaError(error.message, error.schema);
    const index = parts[1];
    out[field] = index !== undefined && /^\d+$/.test(index) ? `item ${Number(index) + 1}: ${reason}` : reason;
  }
  return out;
}

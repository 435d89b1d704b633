import type { TSchema } from '@sinclair/typebox';
import type { ValueErrorType } from '@sinclair/typebox/errors';
import { ValueErrorKind } from './value-error-kind.js';
import { PARAMS_FIT } from './params-fit.js';

/** One failed rule: `path` in `periods[1]` form, `message` worded as TypeBox's `Errors` words it. */
export interface ParamErrorItem {
  readonly path: string;
  readonly message: string;
  /** The kind TypeBox's `Errors` gives the same failure (callers choose wording by it, never by text). */
  readonly kind: ValueErrorType;
}

function join(path: string, key: string | number): string {
  return typeof key === 'number' ? `${path}[${key}]` : path ? `${path}.${key}` : key;
}

function literalText(value: unknown): string {
  return typeof value === 'string' ? `'${value}'` : String(value);
}

/** For a union (VWAP's anchor: keywords or a time) the choices, instead of TypeBox's "Expected union value". */
function unionReason(members: readonly TSchema[]): string {
  const choices = members.map((m) =>
    m.const !== undefined
      ? `'${String(m.const)}'`
      : `${m.type === 'integer' ? 'an integer' : `a ${String(m.type)}`}${m.description ? ` (${m.description})` : ''}`,
  );
  return `expected one of ${choices.join(', ')}`;
}

function* visit(schema: TSchema, value: unknown, path: string): Generator<ParamErrorItem> {
  if (schema.const !== undefined) {
    if (value !== schema.const)
      yield { path, message: `Expected ${literalText(schema.const)}`, kind: ValueErrorKind.Literal };
    return;
  }
  if (Array.isArray(schema.anyOf)) {
    const branches = schema.anyOf as TSchema[];
    if (!branches.some((b) => !visit(b, value, path).next().value))
      yield { path, message: unionReason(branches), kind: ValueErrorKind.Union };
    return;
  }
  switch (schema.type) {
    case 'integer':
    case 'number': {
      const integer = schema.type === 'integer';
      if (typeof value !== 'number' || !Number.isFinite(value) || (integer && !Number.isInteger(value))) {
        yield {
          path,
          message: integer ? 'Expected integer' : 'Expected number',
          kind: integer ? ValueErrorKind.Integer : ValueErrorKind.Number,
        };
        return;
      }
      const kind = integer ? 'integer' : 'number';
      if (typeof schema.minimum === 'number' && value < schema.minimum)
        yield {
          path,
          message: `Expected ${kind} to be greater or equal to ${schema.minimum}`,
          kind: integer ? ValueErrorKind.IntegerMinimum : ValueErrorKind.NumberMinimum,
        };
      if (typeof schema.maximum === 'number' && value > schema.maximum)
        yield {
          path,
          message: `Expected ${kind} to be less or equal to ${schema.maximum}`,
          kind: integer ? ValueErrorKind.IntegerMaximum : ValueErrorKind.NumberMaximum,
        };
      if (typeof schema.exclusiveMinimum === 'number' && value <= schema.exclusiveMinimum)
        yield {
          path,
          message: `Expected ${kind} to be greater than ${schema.exclusiveMinimum}`,
          kind: integer ? ValueErrorKind.IntegerExclusiveMinimum : ValueErrorKind.NumberExclusiveMinimum,
        };
      if (typeof schema.exclusiveMaximum === 'number' && value >= schema.exclusiveMaximum)
        yield {
          path,
          message: `Expected ${kind} to be less than ${schema.exclusiveMaximum}`,
          kind: integer ? ValueErrorKind.IntegerExclusiveMaximum : ValueErrorKind.NumberExclusiveMaximum,
        };
      return;
    }
    case 'boolean':
      if (typeof value !== 'boolean') yield { path, message: 'Expected boolean', kind: ValueErrorKind.Boolean };
      return;
    case 'string':
      if (typeof value !== 'string') yield { path, message: 'Expected string', kind: ValueErrorKind.String };
      else if (Array.isArray(schema.enum) && !schema.enum.includes(value))
        yield {
          path,
          message: `Expected one of ${schema.enum.map(literalText).join(', ')}`,
          kind: ValueErrorKind.Union,
        };
      return;
    case 'array': {
      if (!Array.isArray(value)) {
        yield { path, message: 'Expected array', kind: ValueErrorKind.Array };
        return;
      }
      if (typeof schema.minItems === 'number' && value.length < schema.minItems)
        yield {
          path,
          message: `Expected array length to be greater or equal to ${schema.minItems}`,
          kind: ValueErrorKind.ArrayMinItems,
        };
      if (typeof schema.maxItems === 'number' && value.length > schema.maxItems)
        yield {
          path,
          message: `Expected array length to be less or equal to ${schema.maxItems}`,
          kind: ValueErrorKind.ArrayMaxItems,
        };
      if (schema.items)
        for (let i = 0; i < value.length; i++) yield* visit(schema.items as TSchema, value[i], join(path, i));
      return;
    }
    case 'object': {
      if (typeof value !== 'object' || value === null || Array.isArray(value)) {
        yield { path, message: 'Expected object', kind: ValueErrorKind.Object };
        return;
      }
      const record = value as Record<string, unknown>;
      const properties = (schema.properties ?? {}) as Record<string, TSchema>;
      for (const [key, sub] of Object.entries(properties)) {
        if (record[key] === undefined) {
          if ((schema.required as string[] | undefined)?.includes(key))
            yield {
              path: join(path, key),
              message: 'Expected required property',
              kind: ValueErrorKind.ObjectRequiredProperty,
            };
          continue;
        }
        yield* visit(sub, record[key], join(path, key));
      }
      return;
    }
  }
}

/**
 * Why `value` fails a study's params schema, in TypeBox's words (`Expected integer to be greater
 * or equal to 1`): the JSON-schema rules param schemas use (numbers and integers with bounds,
 * booleans, strings, literal unions, arrays of those, objects). A light stand-in for TypeBox's
 * `Errors`, which would put its whole error module in the eager bundle (issue #12) though it is
 * needed only when params are wrong. Call it only after `Check` failed; it always names at least
 * one error.
 */
export function paramErrors(schema: TSchema, value: unknown): ParamErrorItem[] {
  const errors = [...visit(schema, value, '')];
  return errors.length ? errors : [{ path: '', message: PARAMS_FIT, kind: ValueErrorKind.Object }];
}

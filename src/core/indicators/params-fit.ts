import type { TSchema } from '@sinclair/typebox';

/**
 * Whether `value` fits `schema` by the rules param-errors.ts words (numbers and integers with bounds,
 * booleans, strings with an enum, literal unions, arrays with item counts, objects with required
 * properties), without wording anything: the check a study's params get when the compiled check
 * (compile-check.ts) does not cover their schema, e.g. a host study's plain JSON schema. The words
 * of a refusal are a chunk loaded when one is reported (resolve-params.ts, issue #12);
 * test/node/indicators/params-fit.test.ts keeps both answering alike.
 */
export function paramsFit(schema: TSchema, value: unknown): boolean {
  if (schema.const !== undefined) return value === schema.const;
  if (Array.isArray(schema.anyOf)) return (schema.anyOf as TSchema[]).some((branch) => paramsFit(branch, value));
  // A bound that is not a number is NaN here: every comparison with it is false, so it refuses nothing.
  const num = (bound: unknown) => (typeof bound === 'number' ? bound : NaN);
  switch (schema.type) {
    case 'integer':
    case 'number':
      return (
        typeof value === 'number' &&
        Number.isFinite(value) &&
        (schema.type === 'number' || Number.isInteger(value)) &&
        !(value < num(schema.minimum)) &&
        !(value > num(schema.maximum)) &&
        !(value <= num(schema.exclusiveMinimum)) &&
        !(value >= num(schema.exclusiveMaximum))
      );
    case 'boolean':
      return typeof value === 'boolean';
    case 'string':
      return typeof value === 'string' && !(Array.isArray(schema.enum) && !schema.enum.includes(value));
    case 'array':
      return (
        Array.isArray(value) &&
        !(value.length < num(schema.minItems)) &&
        !(value.length > num(schema.maxItems)) &&
        (!schema.items || value.every((item) => paramsFit(schema.items as TSchema, item)))
      );
    case 'object': {
      if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
      const record = value as Record<string, unknown>;
      const required = (schema.required as string[] | undefined) ?? [];
      return Object.entries((schema.properties ?? {}) as Record<string, TSchema>).every(([key, sub]) =>
        record[key] === undefined ? !required.includes(key) : paramsFit(sub, record[key]),
      );
    }
    default:
      return true;
  }
}

import type { TSchema } from '@sinclair/typebox';

/** How a schema property is edited. */
export type SchemaFieldKind =
  | 'number'
  | 'integer'
  | 'boolean'
  | 'select'
  | 'number-list'
  | 'string'
  | 'text-or-number'
  | 'json';

/** The allowed values of an `enum` or a union of literals, or null. */
export function schemaOptions(schema: TSchema): readonly (string | number | boolean)[] | null {
  if (Array.isArray(schema.enum)) return schema.enum as (string | number | boolean)[];
  const members = (schema.anyOf ?? schema.oneOf) as TSchema[] | undefined;
  if (Array.isArray(members) && members.length > 0 && members.every((m) => m.const !== undefined)) {
    return members.map((m) => m.const as string | number | boolean);
  }
  if (schema.const !== undefined) return [schema.const as string | number | boolean];
  return null;
}

/**
 * The editor for a property: numbers and integers as number inputs, booleans as checkboxes, enums
 * and literal unions as selects, arrays of numbers as a comma list, strings as text, a
 * string-or-number union (tool times) as text, anything else as JSON.
 */
export function schemaFieldKind(schema: TSchema): SchemaFieldKind {
  if (schemaOptions(schema)) return 'select';
  switch (schema.type) {
    case 'integer':
      return 'integer';
    case 'number':
      return 'number';
    case 'boolean':
      return 'boolean';
    case 'string':
      return 'string';
    case 'array': {
      const items = schema.items as TSchema | undefined;
      return items && (items.type === 'number' || items.type === 'integer') ? 'number-list' : 'json';
    }
    default:
      break;
  }
  const members = schema.anyOf as TSchema[] | undefined;
  if (
    Array.isArray(members) &&
    members.length > 0 &&
    members.every((m) => m.type === 'string' || m.type === 'number' || m.type === 'integer')
  ) {
    return 'text-or-number';
  }
  return 'json';
}

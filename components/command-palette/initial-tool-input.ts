import type { TObject, TSchema } from '@sinclair/typebox';
import { Check, Default } from '@sinclair/typebox/value';
import { schemaOptions } from '../schema-form/index.js';

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** An object schema with named fields (`Type.Object`), whose fields can start from current values one by one. */
function isObjectSchema(schema: TSchema): schema is TObject {
  return schema.type === 'object' && isRecord(schema.properties);
}

/**
 * The values a tool's form starts with: the chart's current value of a parameter of the same name
 * (`current`: its period, symbol, timezone… where valid for the parameter), else the schema's default,
 * and for a required choice without either its first option (the select shows that option, so running
 * must use it too). A nested object (`settings_update`'s `values`) starts the same way, field by field, from
 * the current object of its name (each field only where valid; an empty text is no value to start from).
 */
export function initialToolInput(
  schema: TObject,
  current: Readonly<Record<string, unknown>> = {},
): Record<string, unknown> {
  const value = Default(schema, {}) as Record<string, unknown>;
  for (const [key, property] of Object.entries(schema.properties)) {
    const now = current[key];
    if (now === undefined || now === '') continue;
    if (isObjectSchema(property) && isRecord(now)) {
      const nested = initialToolInput(property, now);
      const base = isRecord(value[key]) ? value[key] : {};
      if (Object.keys(nested).length > 0 || key in value) value[key] = { ...base, ...nested };
    } else if (Check(property, now)) value[key] = now;
  }
  for (const key of schema.required ?? []) {
    if (value[key] !== undefined) continue;
    const options = schemaOptions(schema.properties[key]);
    if (options && options.length > 0) value[key] = options[0];
  }
  return value;
}

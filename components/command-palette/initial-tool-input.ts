import type { TObject } from '@sinclair/typebox';
import { Check, Default } from '@sinclair/typebox/value';
import { schemaOptions } from '../schema-form/index.js';

/**
 * The values a tool's form starts with: the chart's current value of a parameter of the same name
 * (`current`: its period, symbol, timezone… where valid for the parameter), else the schema's default,
 * and for a required choice without either its first option (the select shows that option, so running
 * must use it too).
 */
export function initialToolInput(
  schema: TObject,
  current: Readonly<Record<string, unknown>> = {},
): Record<string, unknown> {
  const value = Default(schema, {}) as Record<string, unknown>;
  for (const [key, property] of Object.entries(schema.properties)) {
    const now = current[key];
    if (now !== undefined && now !== '' && Check(property, now)) value[key] = now;
  }
  for (const key of schema.required ?? []) {
    if (value[key] !== undefined) continue;
    const options = schemaOptions(schema.properties[key]);
    if (options && options.length > 0) value[key] = options[0];
  }
  return value;
}

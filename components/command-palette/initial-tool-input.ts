import type { TObject } from '@sinclair/typebox';
import { Default } from '@sinclair/typebox/value';
import { schemaOptions } from '../schema-form/index.js';

/**
 * The values a tool's form starts with: the schema's defaults, and for a required choice without
 * a default its first option (the select shows that option, so running must use it too).
 */
export function initialToolInput(schema: TObject): Record<string, unknown> {
  const value = Default(schema, {}) as Record<string, unknown>;
  for (const key of schema.required ?? []) {
    if (value[key] !== undefined) continue;
    const options = schemaOptions(schema.properties[key]);
    if (options && options.length > 0) value[key] = options[0];
  }
  return value;
}

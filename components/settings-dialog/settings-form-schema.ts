import { Type, type TObject, type TSchema } from '@sinclair/typebox';
import { SettingsValues } from '../../src/core/commands/settings-schema.js';
import type { SettingsDialogStrings } from './settings-dialog-strings.js';

/**
 * `SettingsValues` (the schema `settings_update` validates against) with a human `title` per key
 * for the form's labels. Spreading keeps TypeBox's symbol keys, so validation is unchanged.
 */
export function settingsFormSchema(strings: SettingsDialogStrings): TObject {
  const properties: Record<string, TSchema> = {};
  for (const [key, schema] of Object.entries(SettingsValues.properties)) {
    properties[key] = { ...schema, title: strings.labels[key as keyof typeof strings.labels] ?? key } as TSchema;
  }
  return Type.Object(properties, { additionalProperties: false });
}

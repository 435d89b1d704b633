import { OptionalKind, Type, type TObject, type TSchema } from '@sinclair/typebox';
import { SettingsValues } from '../../src/core/commands/settings-schema.js';
import type { SettingsDialogStrings } from './settings-dialog-strings.js';

/**
 * `SettingsValues` (the schema `settings_update` validates against) with a human `title` per key
 * for the form's labels. The dialog always shows every value, so choices and switches are
 * required (no "(optional)", no empty choice); text fields stay optional because empty means "".
 * Spreading keeps TypeBox's other symbol keys, so validation is otherwise unchanged.
 */
export function settingsFormSchema(strings: SettingsDialogStrings): TObject {
  const properties: Record<string, TSchema> = {};
  for (const [key, schema] of Object.entries(SettingsValues.properties)) {
    const title = strings.labels[key as keyof typeof strings.labels] ?? key;
    const { [OptionalKind]: _optional, ...required } = schema as TSchema & { [OptionalKind]?: string };
    properties[key] = { ...(schema.type === 'string' ? schema : required), title };
  }
  return Type.Object(properties, { additionalProperties: false });
}

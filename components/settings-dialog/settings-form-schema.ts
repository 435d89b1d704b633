import { OptionalKind, Type, type TObject, type TSchema } from '@sinclair/typebox';
import { SettingsValues } from '../../src/core/commands/index.js';
import type { SettingsDialogStrings } from './settings-dialog-strings.js';

/**
 * `SettingsValues` (the schema `settings_update` validates against) with a human `title`, help
 * text and choice names (`optionLabels`) per key for the form, in the dialog's locale. The dialog
 * always shows every value, so choices and switches are required (no "(optional)", no empty
 * choice); text fields stay optional because empty means "". The language is a choice among
 * `locales` (every tag with strings, each once), each named in its own language (English, 简体中文…).
 * Spreading keeps TypeBox's other symbol keys, so validation is otherwise unchanged.
 */
export function settingsFormSchema(strings: SettingsDialogStrings, locales: readonly string[] = ['en']): TObject {
  const properties: Record<string, TSchema> = {};
  for (const [key, schema] of Object.entries(SettingsValues.properties)) {
    const k = key as keyof typeof strings.labels;
    const title = strings.labels[k] ?? key;
    const description = strings.help[k] ?? schema.description;
    const { [OptionalKind]: _optional, ...required } = schema as TSchema & { [OptionalKind]?: string };
    if (key === 'locale') {
      properties[key] = {
        ...Type.Union(locales.map((tag) => Type.Literal(tag))),
        title,
        description,
        optionLabels: Object.fromEntries(locales.map((tag) => [tag, languageName(tag)])),
      };
      continue;
    }
    const optionLabels = strings.options[k];
    properties[key] = {
      ...(schema.type === 'string' ? schema : required),
      title,
      description,
      ...(optionLabels ? { optionLabels } : {}),
    };
  }
  return Type.Object(properties, { additionalProperties: false });
}

/** The built-in languages as their speakers name them (Intl would say 中文（中国）, not 简体中文). */
const NATIVE_NAMES: Readonly<Record<string, string>> = {
  en: 'English',
  'zh-CN': '简体中文',
  'zh-TW': '繁體中文',
  ja: '日本語',
};

/** A language named in itself (`日本語` for `ja`, whatever the UI's language); the tag when Intl cannot name it. */
function languageName(tag: string): string {
  if (NATIVE_NAMES[tag]) return NATIVE_NAMES[tag];
  try {
    return new Intl.DisplayNames([tag, 'en'], { type: 'language' }).of(tag) ?? tag;
  } catch {
    return tag;
  }
}

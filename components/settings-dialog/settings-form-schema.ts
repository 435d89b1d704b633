import { OptionalKind, Type, type TObject, type TSchema } from '@sinclair/typebox';
import { SettingsValues } from '../../src/core/commands/index.js';
import type { SettingsDialogStrings } from './settings-dialog-strings.js';

/**
 * `SettingsValues` (the schema `settings_update` validates against) with a human `title`, help
 * text and choice names (`optionLabels`) per key for the form, in the dialog's locale. The dialog
 * always shows every value, so choices and switches are required (no "(optional)", no empty
 * choice); text fields stay optional because empty means "". The language is a choice among
 * `locales` (every tag with strings, plus the current one), each named in `uiLocale`.
 * Spreading keeps TypeBox's other symbol keys, so validation is otherwise unchanged.
 */
export function settingsFormSchema(
  strings: SettingsDialogStrings,
  uiLocale = 'en',
  locales: readonly string[] = ['en'],
): TObject {
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
        optionLabels: Object.fromEntries(locales.map((tag) => [tag, languageName(tag, uiLocale)])),
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

/** `中文（中国）` for `zh-CN` in a Chinese UI, `Japanese` for `ja` in English; the tag when Intl cannot name it. */
function languageName(tag: string, uiLocale: string): string {
  try {
    return new Intl.DisplayNames([uiLocale, 'en'], { type: 'language' }).of(tag) ?? tag;
  } catch {
    return tag;
  }
}

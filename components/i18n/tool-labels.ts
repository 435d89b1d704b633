import type { TObject, TSchema } from '@sinclair/typebox';
import type { ToolLabel } from './catalogue.js';
import { localeRevision, sectionStrings } from './locale-registry.js';

const NONE: Readonly<Record<string, never>> = {};

/** A tool's label and summary for people in `locale` (section `tools`); `null` when the locale has none. */
export function toolLabel(locale: string, name: string): ToolLabel | null {
  return sectionStrings(locale, 'tools', NONE)[name] ?? null;
}

const memo = new WeakMap<TObject, { key: string; schema: TObject }>();

/**
 * A tool's parameter schema for the palette's form in `locale`: each field titled with its name
 * from section `toolParams`, choices named by `optionLabels` (e.g. drawing kinds), and, outside
 * English, without the English descriptions written for the model (the palette shows them apart).
 * The same object while nothing changes (a new schema would reset the form).
 */
export function localizedToolSchema(
  locale: string,
  schema: TObject,
  optionLabels: Readonly<Record<string, Readonly<Record<string, string>>>> = {},
): TObject {
  const key = `${locale}|${localeRevision()}`;
  const hit = memo.get(schema);
  if (hit?.key === key) return hit.schema;
  const english = locale === 'en';
  const names = sectionStrings(locale, 'toolParams', NONE);
  const properties: Record<string, TSchema> = {};
  for (const [field, prop] of Object.entries(schema.properties)) {
    const title = names[field];
    const labels = optionLabels[field];
    let next: TSchema = prop;
    if (!english) {
      const { description: _help, ...rest } = prop;
      next = { ...rest, ...(title ? { title } : {}) };
    }
    if (labels) next = { ...next, optionLabels: labels };
    properties[field] = next;
  }
  const out = { ...schema, properties } as TObject;
  memo.set(schema, { key, schema: out });
  return out;
}

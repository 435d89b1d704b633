import type { TObject, TSchema } from '@sinclair/typebox';
import { sectionStrings } from './locale-registry.js';

const NONE: Readonly<Record<string, string>> = {};

/** An indicator's shown name in `locale` (section `indicators`), else its definition's English `name`. */
export function indicatorName(locale: string, id: string, englishName: string): string {
  return sectionStrings(locale, 'indicators', NONE)[id] ?? englishName;
}

/**
 * An indicator's params schema for a form in `locale`: each field titled with its name from
 * section `indicatorParams`. Outside English the English description (help) is left out when the
 * field has a translated name, so the form shows only the locale's words.
 */
export function localizedParamsSchema(locale: string, schema: TObject, english: boolean): TObject {
  const names = sectionStrings(locale, 'indicatorParams', NONE);
  // The same object for the same strings and schema: a new schema would reset what the form holds.
  let bySchema = memo.get(names);
  if (!bySchema) memo.set(names, (bySchema = new WeakMap()));
  if (english) return schema;
  let out = bySchema.get(schema);
  if (!out) bySchema.set(schema, (out = localize(names, schema, english)));
  return out;
}

const memo = new WeakMap<object, WeakMap<TObject, TObject>>();

function localize(names: Readonly<Record<string, string>>, schema: TObject, english: boolean): TObject {
  const properties: Record<string, TSchema> = {};
  let changed = false;
  for (const [key, prop] of Object.entries(schema.properties)) {
    const title = names[key];
    if (!title || english) properties[key] = prop;
    else {
      const { description: _help, ...rest } = prop;
      properties[key] = { ...rest, title };
      changed = true;
    }
  }
  return changed ? { ...schema, properties } : schema;
}

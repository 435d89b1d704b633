import type { SchemaFieldKind } from './schema-field-kind.js';

const NUMERIC = /^[+-]?(\d+\.?\d*|\.\d+)(e[+-]?\d+)?$/i;

/** A raw text that failed to parse: kept so validation can name the field. */
export class UnparsedText {
  constructor(
    readonly text: string,
    readonly reason: string,
  ) {}
}

/**
 * Text typed in a field → the value to validate. Empty text is `undefined` (the property is left
 * out); text that is not a number where one is expected stays text, so validation reports it.
 */
export function parseFieldText(kind: SchemaFieldKind, text: string): unknown {
  const t = text.trim();
  switch (kind) {
    case 'number':
    case 'integer':
      if (t === '') return undefined;
      return NUMERIC.test(t) ? Number(t) : t;
    case 'number-list':
      if (t === '') return [];
      return t
        .split(/[,\s]+/)
        .filter((p) => p !== '')
        .map((p) => (NUMERIC.test(p) ? Number(p) : p));
    case 'text-or-number':
      if (t === '') return undefined;
      return NUMERIC.test(t) ? Number(t) : t;
    case 'string':
      return text === '' ? undefined : text;
    case 'json':
      if (t === '') return undefined;
      try {
        return JSON.parse(t) as unknown;
      } catch {
        return new UnparsedText(t, 'must be valid JSON');
      }
    default:
      return text;
  }
}

/** A value → the text its field shows. */
export function formatFieldText(kind: SchemaFieldKind, value: unknown): string {
  if (value === undefined || value === null) return '';
  switch (kind) {
    case 'number-list':
      return Array.isArray(value) ? value.join(', ') : String(value);
    case 'json':
      return JSON.stringify(value);
    default:
      return String(value);
  }
}

import { sectionStrings } from '../i18n/locale-store.js';

/** Words of generated forms: the optional mark and validation messages (section `form`). */
export interface SchemaFormStrings {
  readonly optional: string;
  readonly required: string;
  readonly atLeastValues: (n: string) => string;
  readonly atMostValues: (n: string) => string;
  readonly min: (n: string) => string;
  readonly max: (n: string) => string;
  readonly above: (n: string) => string;
  readonly below: (n: string) => string;
  readonly minLength: (n: string) => string;
  readonly maxLength: (n: string) => string;
  readonly integer: string;
  readonly number: string;
  readonly boolean: string;
  readonly oneOf: (options: string) => string;
  readonly json: string;
  readonly item: (n: number) => string;
  readonly invalid: string;
  /** Placeholder of a field taking several numbers. */
  readonly listPlaceholder: string;
}

export const EN_FORM: SchemaFormStrings = {
  optional: '(optional)',
  required: 'required',
  atLeastValues: (n) => `at least ${n} value${n === '1' ? '' : 's'}`,
  atMostValues: (n) => `at most ${n} values`,
  min: (n) => `must be >= ${n}`,
  max: (n) => `must be <= ${n}`,
  above: (n) => `must be > ${n}`,
  below: (n) => `must be < ${n}`,
  minLength: (n) => `at least ${n} characters`,
  maxLength: (n) => `at most ${n} characters`,
  integer: 'must be a whole number',
  number: 'must be a number',
  boolean: 'must be on or off',
  oneOf: (options) => `must be one of ${options}`,
  json: 'must be valid JSON',
  item: (n) => `item ${n}`,
  invalid: 'invalid value',
  listPlaceholder: 'e.g. 5, 10, 20',
};

/** The form's words in `locale`. */
export function schemaFormStrings(locale: string): SchemaFormStrings {
  return sectionStrings(locale, 'form', EN_FORM);
}

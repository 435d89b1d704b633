import type { ToolErrorCode } from '../../src/protocol/index.js';
import { localeFor, sectionStrings } from './locale-registry.js';

/** What a failed tool call means, for people (section `toolErrors`; the tool's own message is for the model). */
export const EN_TOOL_ERRORS: Readonly<Record<ToolErrorCode, string>> = {
  invalid_input: 'Some input is not valid.',
  unknown_tool: 'This command does not exist.',
  not_allowed: 'This command is not allowed here.',
  not_found: 'What it refers to was not found.',
  out_of_range: 'A value is out of range.',
  no_data: 'There is no data for this yet.',
  ambiguous: 'This matches more than one thing; be more specific.',
  stale_binding: 'The chart changed in the meantime; try again.',
  aborted: 'Stopped before it finished.',
  internal: 'Something went wrong inside the chart.',
  denied_by_user: 'You declined this change.',
};

/** The sentence people see for a tool error `code` in `locale` (`null` for an unknown code). */
export function toolErrorText(locale: string, code: string): string | null {
  const strings = sectionStrings(locale, 'toolErrors', EN_TOOL_ERRORS);
  return (strings as Record<string, string>)[code] ?? null;
}

/**
 * What people see for a failed call: English keeps the tool's own message (written for the
 * model, usually clear enough); other locales show the sentence for its code.
 */
export function toolErrorForPeople(locale: string, error: { code: string; message: string }): string {
  return localeFor(locale) === 'en' ? error.message : (toolErrorText(locale, error.code) ?? error.message);
}

import type { ToolErrorCode } from '../../src/protocol/index.js';

/**
 * What a failed tool call means, for people (section `toolErrors`; the tool's own message is for the
 * model). A module of its own: only a locale other than English shows these sentences, so the bundle
 * loads them with such a locale (tool-error-strings.ts), and an English page never does (issue #12).
 */
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

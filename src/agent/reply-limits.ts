/**
 * Limits on one streamed model reply (docs/contracts.md, "Limits on a model's reply"). A reply that
 * crosses one is cut off there: the runtime stops reading and aborts the HTTP stream, keeps the text
 * received so far (marked cut), runs none of the reply's tool calls, and fails the run with
 * `PROVIDER_BAD_RESPONSE` and the {@link ReplyLimitCause} of the limit. The relay's default
 * `max_tokens` (8192, src/server/server-options.ts) keeps a reply far below every one of them; they
 * are for a direct `base-url`, where nothing else bounds what a model or a server streams.
 */

/**
 * Most characters of one tool call's streamed arguments (4 Mi). The largest input a tool accepts is a
 * `markers_create` of 10,000 markers (src/core/state/study-limits.ts MAX_MARKERS): about 0.8 MB as a
 * model writes it (test/browser/panel/panel-approval-bounded.test.ts), under 3 MB with every field at
 * its longest and escaped; nothing else comes near (drawings take 10 points, id lists 500 ids).
 */
export const MAX_TOOL_ARGUMENTS_CHARS = 4 * 1024 * 1024;

/** Most characters of arguments over all the tool calls of one reply (16 Mi). */
export const MAX_REPLY_ARGUMENTS_CHARS = 16 * 1024 * 1024;

/**
 * Most tool calls in one reply (64). Models call a few tools per turn (parallel calls: rarely more
 * than ten); every mutating one asks the user at once, so 64 already makes a long list of cards.
 */
export const MAX_TOOL_CALLS_PER_REPLY = 64;

/**
 * Most characters of one reply's text and reasoning together (1 Mi): four times what the largest
 * output limits of today's models (128K tokens, about 4 characters each) produce.
 */
export const MAX_REPLY_TEXT_CHARS = 1024 * 1024;

/** Which limit a reply crossed: the `cause` of the run's `run.failed`. */
export type ReplyLimitCause = 'reply-too-long' | 'tool-call-too-large' | 'too-many-tool-calls';

/** The English message of a `run.failed` for `cause` (the panel words it in its reader's language). */
export function replyLimitMessage(cause: ReplyLimitCause, name?: string): string {
  const nothingRan = 'The stream was cut off there and none of the reply’s tool calls ran.';
  switch (cause) {
    case 'reply-too-long':
      return `The model's reply passed ${MAX_REPLY_TEXT_CHARS} characters of text (MAX_REPLY_TEXT_CHARS). ${nothingRan} The text so far is kept.`;
    case 'tool-call-too-large':
      return `The arguments of a tool call${name ? ` (${name})` : ''} passed ${MAX_TOOL_ARGUMENTS_CHARS} characters (MAX_TOOL_ARGUMENTS_CHARS), or those of the reply's calls together ${MAX_REPLY_ARGUMENTS_CHARS} (MAX_REPLY_ARGUMENTS_CHARS). ${nothingRan}`;
    case 'too-many-tool-calls':
      return `The model's reply had more than ${MAX_TOOL_CALLS_PER_REPLY} tool calls (MAX_TOOL_CALLS_PER_REPLY). ${nothingRan}`;
  }
}

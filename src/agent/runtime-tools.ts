import { Type, type Static } from '@sinclair/typebox';
import type { ToolDescriptor } from '../protocol/index.js';
import { ASK_USER_TOOL } from './reduce-transcript.js';

export { ASK_USER_TOOL };
/** The name of the runtime's search tool, offered only when the host supplies a search function. */
export const WEB_SEARCH_TOOL = 'web_search';

/** Input of `ask_user`. */
export const AskUserInput = Type.Object(
  {
    question: Type.String({
      minLength: 1,
      maxLength: 2000,
      description: "The question, short and specific, in the user's language.",
    }),
    options: Type.Array(
      Type.Object(
        {
          label: Type.String({
            minLength: 1,
            maxLength: 200,
            description: 'What the user picks, e.g. one candidate instrument "AAPL (NASDAQ)".',
          }),
          description: Type.Optional(
            Type.String({ maxLength: 500, description: 'One line that tells this option apart from the others.' }),
          ),
        },
        { additionalProperties: false },
      ),
      { minItems: 1, maxItems: 8, description: 'One option per candidate, 1 to 8.' },
    ),
    multiSelect: Type.Optional(Type.Boolean({ description: 'Allow choosing several options (default false).' })),
  },
  { additionalProperties: false },
);
export type AskUserInput = Static<typeof AskUserInput>;

/** Input of `web_search`. */
export const WebSearchInput = Type.Object(
  {
    query: Type.String({ minLength: 1, maxLength: 500, description: 'The search query.' }),
  },
  { additionalProperties: false },
);
export type WebSearchInput = Static<typeof WebSearchInput>;

/** Descriptor of `ask_user`, advertised in every run. */
export const askUserDescriptor: ToolDescriptor = {
  name: ASK_USER_TOOL,
  label: 'Ask the user',
  description:
    'Ask the user to choose between options when a request is ambiguous or an instrument lookup returns several matches. ' +
    'Waits for the answer. Returns { status: "answered", selected: [labels], note? } or { status: "cancelled" }.',
  parameters: toJsonSchema(AskUserInput),
  safety: 'read-only',
  executionMode: 'sequential',
};

/** Descriptor of `web_search`, advertised only when the host supplies a search function. */
export const webSearchDescriptor: ToolDescriptor = {
  name: WEB_SEARCH_TOOL,
  label: 'Web search',
  description: 'Search the web (news, fundamentals, events). Use only for information the chart tools cannot give.',
  parameters: toJsonSchema(WebSearchInput),
  safety: 'external',
  executionMode: 'sequential',
};

/** A plain JSON copy of a TypeBox schema (drops TypeBox's symbol keys, so it is structured-cloneable). */
function toJsonSchema(schema: object): Record<string, unknown> {
  return JSON.parse(JSON.stringify(schema)) as Record<string, unknown>;
}

import { localeFor, sectionStrings } from '../i18n/locale-store.js';
import type { RunFailureCause, RunFailureCode } from '../../src/protocol/index.js';
import type { ContextChipLabels, ContextChipsStrings } from '../agent-parts/context-chips/index.js';
import type { QuestionCardStrings } from '../agent-parts/question-card/index.js';
import type { SessionListStrings } from '../agent-parts/session-list/index.js';
import type { ToolCardStrings } from '../agent-parts/tool-card/index.js';
import type { ApprovalCardStrings } from '../agent-parts/approval-card/index.js';
import type { RunChangesStrings } from '../agent-parts/run-changes/index.js';
import { EN_TOOL_CALL_PHRASES } from '../../src/agent/describe-tool-call.js';
import { EN_RUN_SUMMARY } from '../../src/core/runs/summarize-run-changes.js';
import { EN_RUN_CONFLICTS } from '../../src/core/runs/describe-run-conflict.js';

/** A BCP-47 tag (the panel speaks every locale of the catalogue, components/i18n/). */
export type PanelLocale = string;

/** Every word the panel shows. Error explanations are Markdown (rendered safely). */
export interface PanelStrings {
  readonly title: string;
  readonly newSession: string;
  readonly deleteSession: string;
  readonly confirmDelete: string;
  readonly readOnly: string;
  readonly readOnlyHint: string;
  readonly inputPlaceholder: string;
  readonly inputLabel: string;
  /** The accessible name of the conversation transcript (the `role="log"`). */
  readonly transcript: string;
  readonly send: string;
  readonly stop: string;
  readonly retry: string;
  readonly copy: string;
  readonly copied: string;
  /** Speaker label of the user's messages (read by screen readers, not shown). */
  readonly you: string;
  /** Speaker label of the model's messages (read by screen readers, not shown). */
  readonly assistant: string;
  readonly emptyTitle: string;
  readonly emptyHint: string;
  readonly examples: readonly string[];
  readonly disconnected: string;
  /** The status dot's name while a chart is connected: "Connected to DEMO · 1d". */
  readonly connectedTo: (chart: string) => string;
  readonly disconnectedHint: string;
  readonly sessionReadOnly: string;
  readonly cancelled: string;
  readonly interrupted: string;
  /** Under the text of a reply cut off at a limit (the run's error row follows and says which). */
  readonly cutOff: string;
  readonly thinking: string;
  /** While a rate-limited request waits before its retry: `n` seconds left. */
  readonly rateLimitedRetrying: (n: number) => string;
  /** While another failed request (5xx, network) waits before its retry. */
  readonly retryingIn: (n: number) => string;
  /** After a failure whose provider asked to wait (`Retry-After`) `n` seconds. */
  readonly retryAfter: (n: number) => string;
  /** Summary of the collapsed disclosure that holds a reasoning model's thinking. */
  readonly reasoning: string;
  readonly readOnlyRun: string;
  readonly jumpToLatest: string;
  /** For the site's developer (shown with `debug`): what to check or configure. */
  readonly errors: Readonly<Record<RunFailureCode, string>>;
  /** For visitors (always shown): what happened, in plain words. */
  readonly visitorErrors: Readonly<Record<RunFailureCode, string>>;
  /** For visitors: the likely cause of a provider failure, when known (preferred over `visitorErrors`). */
  readonly causes: Readonly<Record<RunFailureCause, string>>;
  /** For the site's developer (shown with `debug`): how to fix that cause (Markdown). */
  readonly debugCauses: Readonly<Record<RunFailureCause, string>>;
  readonly errorTitle: string;
  /** With `debug` outside English: the heading of the folded, untranslated message of the server. */
  readonly rawMessage: string;
  readonly tool: ToolCardStrings;
  readonly question: QuestionCardStrings;
  readonly chips: ContextChipsStrings;
  readonly chipLabels: ContextChipLabels;
  readonly sessions: SessionListStrings;
  /** Tool labels of the runtime's own tools (the chart's tools bring their own). */
  readonly runtimeTools: Readonly<Record<string, string>>;
  readonly approval: ApprovalCardStrings;
  readonly runChanges: RunChangesStrings;
  /** Notices about saving conversations (IndexedDB failed, was deleted, or held unreadable records). */
  readonly storage: PanelStorageStrings;
}

/** Notices shown when conversations cannot be saved or read back. */
export interface PanelStorageStrings {
  /** A write failed after retries: this conversation is kept in the page only. */
  readonly writeFailed: string;
  /** IndexedDB could not be opened: every conversation lives in the page only. */
  readonly unavailable: string;
  /** The database was deleted or closed while open. */
  readonly closed: string;
  /** Stored records that could not be read were skipped. */
  readonly invalidRecords: (count: number) => string;
  /** The saved chats could not be opened (the error's own text follows). */
  readonly openFailed: string;
}

export const EN_PANEL: PanelStrings = {
  title: 'Chart agent',
  newSession: 'New chat',
  deleteSession: 'Delete chat',
  confirmDelete: 'Click again to delete',
  readOnly: 'Read-only',
  readOnlyHint: 'Read-only: the agent may look at the chart but not change it',
  inputPlaceholder: 'Ask about the chart, or tell it what to do…',
  inputLabel: 'Message',
  transcript: 'Conversation',
  send: 'Send',
  stop: 'Stop',
  retry: 'Retry',
  copy: 'Copy',
  copied: 'Copied',
  you: 'You',
  assistant: 'Assistant',
  emptyTitle: 'What should we look at?',
  emptyHint: 'The agent sees the chart and can change it with the same commands as the toolbar. Try:',
  examples: [
    'Switch to the weekly chart',
    'Add MACD and RSI below the price',
    'Summarize the last 20 bars',
    'Compare this with ACME',
  ],
  disconnected: 'No chart connected',
  connectedTo: (chart) => `Connected to ${chart}`,
  disconnectedHint:
    'Add a <kline-chart> to the page (or fix this panel\'s "for" attribute). The panel reconnects by itself.',
  sessionReadOnly: 'This chat is open in another tab, so it is read-only here. Continue it there, or start a new chat.',
  cancelled: 'Stopped',
  interrupted: 'Interrupted: the page was closed or reloaded during this run.',
  cutOff: 'Cut off here: the reply grew too large.',
  thinking: 'Thinking…',
  rateLimitedRetrying: (n) => `Rate limited — retrying in ${n} s`,
  retryingIn: (n) => `Connection problem — retrying in ${n} s`,
  retryAfter: (n) => `Try again in ${n} s.`,
  reasoning: 'Thinking',
  readOnlyRun: 'read-only',
  jumpToLatest: 'Jump to latest',
  errorTitle: 'The run failed',
  rawMessage: "The server's message",
  errors: {
    MODEL_NOT_CONFIGURED:
      'No model is configured. Stop the server and start it again with a model, e.g. ' +
      '`OPENAI_API_KEY=sk-… OPENAI_MODEL=gpt-4o-mini npm start`. For another OpenAI-compatible server ' +
      '(Ollama, LM Studio, vLLM…) also set `OPENAI_BASE_URL`, e.g. `OPENAI_BASE_URL=http://localhost:11434/v1 OPENAI_MODEL=llama3.1 npm start`.',
    PROVIDER_AUTH:
      "The model provider refused the API key. Check `OPENAI_API_KEY` where the relay runs (or the panel's `api-key` attribute, if you set one) and that `OPENAI_BASE_URL` points at the provider the key belongs to.",
    PROVIDER_RATE_LIMIT: 'The model provider is rate limiting requests. Wait a moment, then retry.',
    PROVIDER_UNAVAILABLE:
      'The model provider could not be reached or is unavailable. Check the base URL and the model name, then retry.',
    PROVIDER_BAD_RESPONSE: 'The model returned a response the agent could not use. Retry, or try another model.',
    TOOL_LOOP_LIMIT:
      'The agent used too many tool steps without finishing. Ask a narrower question, or raise `max-steps`.',
    DEADLINE_EXCEEDED: 'Nothing happened for too long, so the run was stopped. Retry when the model is responsive.',
    RUN_ACTIVE: 'A run is already in progress in this chat. Wait for it to finish or stop it.',
    DISCONNECTED: 'No chart is connected, so the agent can neither see nor change one.',
  },
  visitorErrors: {
    MODEL_NOT_CONFIGURED: 'The assistant is not set up yet.',
    PROVIDER_AUTH: 'The assistant service is not available right now.',
    PROVIDER_RATE_LIMIT: 'The assistant is busy. Wait a moment, then retry.',
    PROVIDER_UNAVAILABLE: 'The assistant service is not available right now. Try again in a moment.',
    PROVIDER_BAD_RESPONSE: 'The assistant sent an answer that could not be used. Try again.',
    TOOL_LOOP_LIMIT: 'The assistant took too many steps without finishing. Try a narrower question.',
    DEADLINE_EXCEEDED: 'Nothing happened for too long, so the run was stopped. Try again.',
    RUN_ACTIVE: 'A run is already in progress in this chat. Wait for it to finish or stop it.',
    DISCONNECTED: 'No chart is connected, so the assistant can neither see nor change one.',
  },
  causes: {
    'cross-origin': 'Could not reach the assistant service. Please try again later.',
    unreachable: 'Could not reach the assistant service. Please try again later.',
    network: 'Could not reach the assistant service. Check your connection and try again.',
    'web-page':
      'The assistant is not set up correctly on this page: the address answered with a web page, not the assistant API.',
    'not-found': 'The assistant service was not found at its address.',
    'no-relay': 'The assistant service is not running on this site.',
    overloaded: 'The assistant is busy right now. Please try again in a moment.',
    'rate-limited': 'Too many requests for the assistant right now. Please wait a moment and try again.',
    'context-too-long': 'This chat has become too long for the assistant. Start a new chat.',
    'content-filtered': 'The assistant’s provider declined this request. Try rephrasing it.',
    auth: 'The assistant is not set up correctly on this site (its access was refused).',
    'model-not-found': 'The assistant is not set up correctly on this site (its model was not found).',
    'empty-answer': 'The assistant returned an empty answer. Retry, or rephrase the request.',
    'repeated-tool-failure':
      'The assistant kept repeating the same tool call that does not work, so it was stopped. Try rephrasing the request.',
    'reply-too-long':
      'The assistant’s answer grew far too long, so it was cut off; what arrived is kept above. Send a new message to go on.',
    'tool-call-too-large':
      'The assistant tried an action far too large to handle, so it was stopped and that action did not run. Send a new message to go on, e.g. ask for a smaller step.',
    'too-many-tool-calls':
      'The assistant tried to do too many things at once, so it was stopped and none of them ran. Send a new message to go on, e.g. ask for fewer changes at a time.',
  },
  debugCauses: {
    'cross-origin':
      "The relay is on another origin and did not allow this page (CORS), or is not running. Let the relay allow this page's origin (`RELAY_ALLOWED_ORIGINS`), or serve it from this site (proxy `/v1` to it) and leave `base-url` at `/v1`.",
    unreachable:
      'Nothing answered at `base-url`: the relay is not running, or the address is wrong. Start it (`npm start`) and check `base-url`.',
    network:
      'The request got no response (offline, blocked by an extension, or mixed content: an `https` page calling an `http` address). Check `base-url` and the browser console.',
    'web-page':
      "The `base-url` answered with a web page (an HTML 404 or the site's own page), not the assistant API. Point `base-url` at the relay, or proxy `/v1` on this site to it.",
    'not-found': 'The model endpoint answered HTTP 404. Check `base-url` (it ends in `/v1`) and the model name.',
    'no-relay':
      'Nothing on this site serves the assistant API at `/v1`. Run the relay (`npm start`), proxy `/v1` to it (see the README), or set `base-url` to where it runs.',
    overloaded:
      'The provider answered that it is overloaded (HTTP 529/503 or an `overloaded` error). Retrying later helps.',
    'rate-limited': 'The provider rate-limited the key (HTTP 429). Wait, raise the limit, or lower traffic.',
    'context-too-long':
      "The request exceeded the model's context window. Start a new chat, lower the history budget, or use a model with a larger context.",
    'content-filtered': "The provider's content filter blocked the request or the answer.",
    auth: 'The model provider refused the API key (HTTP 401/403). Check `OPENAI_API_KEY` on the relay (or the `api-key` attribute) and that `OPENAI_BASE_URL` points at the service the key belongs to.',
    'model-not-found':
      "The provider does not know the model. Check the panel's `model` attribute or the relay's `OPENAI_MODEL` / `RELAY_MODELS`.",
    'empty-answer':
      'The model ended its stream with no text and no tool call (some models do this when a request confuses them, or when a proxy cuts the answer). Retry; if it keeps happening, try another model.',
    'repeated-tool-failure':
      'The model made the same failing tool call three times in a row (an unknown tool, a call without a name, or the same invalid input), so the run was stopped before `max-steps`. Models that invent tool names do this; try another model.',
    'reply-too-long':
      "The model's reply passed `MAX_REPLY_TEXT_CHARS` (1 Mi characters of text and reasoning), so the stream was aborted there. The text so far is kept, marked cut; none of the reply's tool calls ran. A model looping on the same words does this: lower its output limit (`RELAY_MAX_TOKENS` on the relay) or try another model.",
    'tool-call-too-large':
      "A tool call's arguments passed `MAX_TOOL_ARGUMENTS_CHARS` (4 Mi characters; the largest valid input, 10,000 markers, is under 3 MB), or the reply's calls together `MAX_REPLY_ARGUMENTS_CHARS` (16 Mi), so the stream was aborted there and none of the reply's tool calls ran.",
    'too-many-tool-calls':
      "The model's reply had more than `MAX_TOOL_CALLS_PER_REPLY` (64) tool calls, so the stream was aborted there and none of them ran.",
  },
  tool: {
    running: 'Running',
    succeeded: 'Done',
    failed: 'Failed',
    input: 'Input',
    result: 'Result',
    noInput: '(no input)',
    inputShortened: (size) =>
      `Shortened: the whole input was ${size}. The tool got all of it; the chat keeps this much.`,
    unknownTool: (name) => `Unknown tool: ${name}`,
    noName: '(no name)',
  },
  question: {
    submit: 'Submit',
    skip: 'Skip',
    notePlaceholder: 'Add a note (optional)',
    chooseOne: 'Choose one',
    chooseAny: 'Choose one or more',
    answered: 'Answered',
    notAnswered: 'Not answered',
  },
  chips: { attached: 'Context attached to the next message', remove: (label) => `Leave out ${label}` },
  chipLabels: {
    bars: (n) => `${n} bar${n === 1 ? '' : 's'}`,
    drawings: (n) => `${n} drawing${n === 1 ? '' : 's'}`,
  },
  sessions: { label: 'Chats', untitled: 'New chat' },
  runtimeTools: { ask_user: 'Ask you', web_search: 'Web search' },
  approval: {
    title: 'The assistant wants to change the chart',
    approve: 'Approve',
    deny: 'Deny',
    approveAll: (n) => `Approve all ${n}`,
    denyAll: 'Deny all',
    always: (label) => `Always allow “${label}” in this chat`,
    approved: 'Approved',
    denied: 'Denied',
    expired: 'Not decided',
    alwaysNote: 'allowed for this chat',
    calls: EN_TOOL_CALL_PHRASES,
  },
  runChanges: {
    title: 'Changed:',
    undoRun: 'Undo run',
    redoRun: 'Redo run',
    undone: 'Undone:',
    blocked: 'Can’t undo, because:',
    notStored: 'Too large to save with this chat: it can be undone until this page is reloaded.',
    notKept: 'Too large to save with this chat: it can no longer be undone.',
    on: 'on',
    off: 'off',
    summary: EN_RUN_SUMMARY,
    conflicts: EN_RUN_CONFLICTS,
  },
  storage: {
    writeFailed:
      'This conversation could not be saved; it stays in this page. Copy anything you need before closing or reloading it.',
    unavailable:
      'Saved chats are not available in this browser (storage is blocked or not responding). Conversations stay in this page until it is closed.',
    closed: 'The saved-chats storage was deleted or closed. This conversation stays in this page until it is closed.',
    invalidRecords: (n) =>
      `${n} saved record${n === 1 ? '' : 's'} of this conversation could not be read and ${n === 1 ? 'was' : 'were'} skipped (kept aside, not deleted).`,
    openFailed: 'Could not open the saved chats:',
  },
};

/** The catalogue tag the panel uses for `requested` (BCP-47 fallback, docs/contracts.md "Locales"). */
export function resolvePanelLocale(requested: string | null | undefined): PanelLocale {
  return localeFor(requested);
}

/** The panel's strings in `locale` (section `panel` of the catalogue). */
export function panelStrings(locale: PanelLocale): PanelStrings {
  return sectionStrings(locale, 'panel', EN_PANEL);
}

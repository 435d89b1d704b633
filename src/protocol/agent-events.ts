import type { RunChangeSet, RunConflict } from './chart-agent-port.js';
import type { ToolResult } from './tool-result.js';

/** Run failure codes (docs/contracts.md). */
export type RunFailureCode =
  | 'RUN_ACTIVE'
  | 'DEADLINE_EXCEEDED'
  | 'TOOL_LOOP_LIMIT'
  | 'PROVIDER_AUTH'
  | 'PROVIDER_RATE_LIMIT'
  | 'PROVIDER_UNAVAILABLE'
  | 'PROVIDER_BAD_RESPONSE'
  | 'MODEL_NOT_CONFIGURED'
  | 'DISCONNECTED';

/**
 * What most likely caused a provider failure, when known: `cross-origin` (the service is on another
 * origin and did not allow this page: CORS), `unreachable` (nothing answered), `network` (the request
 * got no response), `web-page` (a web page answered instead of the API), `not-found` (HTTP 404),
 * `no-relay` (nothing serves the API at the default same-origin `/v1`), `empty-answer` (the model's
 * stream ended with neither text nor a tool call), `repeated-tool-failure` (the model made the same
 * failing tool call three times in a row: code `TOOL_LOOP_LIMIT`); and, with `PROVIDER_BAD_RESPONSE`, a
 * reply cut off at a limit of src/agent/reply-limits.ts: `reply-too-long` (its text and reasoning),
 * `tool-call-too-large` (one call's arguments, or all of the reply's), `too-many-tool-calls`.
 */
export type RunFailureCause =
  | 'cross-origin'
  | 'unreachable'
  | 'network'
  | 'web-page'
  | 'not-found'
  | 'no-relay'
  | 'overloaded'
  | 'rate-limited'
  | 'context-too-long'
  | 'content-filtered'
  | 'auth'
  | 'model-not-found'
  | 'empty-answer'
  | 'repeated-tool-failure'
  | 'reply-too-long'
  | 'tool-call-too-large'
  | 'too-many-tool-calls';

export type RunStatus = 'running' | 'completed' | 'failed' | 'cancelled' | 'interrupted';

interface EventBase {
  /** Monotonic per session. */
  readonly seq: number;
  readonly sessionId: string;
  readonly runId?: string;
  /** Epoch ms. */
  readonly at: number;
}

export interface ContextItem {
  /** `chart-symbol`, `selected-time-range`, `selected-kline-bars`, `drawing-selection`. */
  readonly kind: string;
  readonly label: string;
  /** Text attached to the run for the model. */
  readonly text: string;
}

export type AgentEvent = EventBase &
  /** `retryOf`: the run this one retries (`AgentRuntime.retry`: the last user turn again, no new user message). */
  (| { readonly type: 'run.started'; readonly readOnly: boolean; readonly model?: string; readonly retryOf?: string }
    | {
        readonly type: 'run.completed';
        readonly usage?: { promptTokens?: number; completionTokens?: number; totalTokens?: number };
      }
    /** `retryAfterMs`: how long the provider asked to wait (`Retry-After`), when it did. */
    | {
        readonly type: 'run.failed';
        readonly code: RunFailureCode;
        readonly message: string;
        readonly cause?: RunFailureCause;
        readonly retryAfterMs?: number;
      }
    /**
     * Live-only (never stored): a model request failed in a way worth another attempt, and the runtime
     * waits `delayMs` (the provider's `Retry-After`, or backoff) before attempt number `attempt` + 1.
     */
    | {
        readonly type: 'run.retrying';
        readonly code: RunFailureCode;
        readonly cause?: RunFailureCause;
        readonly attempt: number;
        readonly delayMs: number;
      }
    | { readonly type: 'run.cancelled' }
    | { readonly type: 'run.interrupted' }
    | {
        readonly type: 'user.message';
        readonly messageId: string;
        readonly text: string;
        readonly context?: readonly ContextItem[];
      }
    | { readonly type: 'assistant.text.delta'; readonly messageId: string; readonly delta: string }
    /** Live-only (never stored) like text deltas: a reasoning model's thinking as it streams. */
    | { readonly type: 'assistant.reasoning.delta'; readonly messageId: string; readonly delta: string }
    /**
     * Stored: the text of a message still streaming, at most once a second, so a reload or a closed tab
     * mid-answer keeps what the user saw. Each one holds only what changed since the message's previous
     * checkpoint: the text so far is the previous ones' text cut at `from`, then `text` (no `from`, as
     * older builds stored: `text` is the whole text so far). The completion replaces them.
     */
    | {
        readonly type: 'assistant.text.checkpoint';
        readonly messageId: string;
        readonly text: string;
        readonly from?: number;
      }
    /**
     * `reasoning`: the step's thinking (DeepSeek `reasoning_content`), shown collapsed and sent back on tool-call turns.
     * `cut`: the reply crossed a limit (src/agent/reply-limits.ts) and its stream was cut off: `text` is what came
     * before; none of its tool calls ran (the run fails next).
     */
    | {
        readonly type: 'assistant.message.completed';
        readonly messageId: string;
        readonly text: string;
        readonly reasoning?: string;
        readonly cut?: true;
      }
    /**
     * `label`: the tool's title when it was called (its descriptor's `label`), so a stored card keeps it before the
     * chart lists its tools again; absent in sessions stored before it and for tools the model named wrongly.
     * `extra`: provider fields of the call (Gemini 3 `extra_content`), sent back with it in the follow-up request.
     * `inputBytes`: set when `input` is a shortened copy (a stored session keeps at most 16 KiB of JSON of a
     * call's input): the size of the whole input, which the tool got (its JSON, counted as the model's history
     * counts arguments: `jsonStringBytes`).
     */
    | {
        readonly type: 'tool.started';
        readonly callId: string;
        readonly name: string;
        readonly label?: string;
        readonly input: unknown;
        readonly extra?: Readonly<Record<string, unknown>>;
        readonly inputBytes?: number;
      }
    /** Live report of a long tool call (`fraction` 0..1 when known). */
    | { readonly type: 'tool.progress'; readonly callId: string; readonly message: string; readonly fraction?: number }
    | {
        readonly type: 'tool.finished';
        readonly callId: string;
        readonly name: string;
        readonly result: ToolResult;
        readonly elapsedMs: number;
      }
    | {
        readonly type: 'tool.question.required';
        readonly callId: string;
        readonly question: string;
        readonly options: readonly { label: string; description?: string }[];
        readonly multiSelect: boolean;
      }
    | { readonly type: 'tool.question.resolved'; readonly callId: string; readonly answer: AskUserAnswer }
    /**
     * What the user changed on the chart since the last run ended (kind `chart-change`, label e.g.
     * `symbol DEMO → BTCUSDT`); emitted at the start of the next run and sent with its user message.
     */
    | { readonly type: 'context.changed'; readonly context: readonly ContextItem[] }
    /**
     * A mutating call waits for the user's approval (`confirm-mutations="on"`). `summary`: the call in words
     * (from the whole input). `inputBytes`: set when `input` is a shortened copy, as in `tool.started` (the
     * stored event; the call that runs once approved is the whole one, which only the tab that ran it holds).
     */
    | {
        readonly type: 'tool.approval.required';
        readonly callId: string;
        readonly name: string;
        readonly label: string;
        readonly summary: string;
        readonly input: unknown;
        readonly inputBytes?: number;
      }
    /** `always`: the user allowed this tool for the rest of the session. */
    | {
        readonly type: 'tool.approval.resolved';
        readonly callId: string;
        readonly name: string;
        readonly approved: boolean;
        readonly always?: boolean;
      }
    /** What the run changed on the chart, emitted before its terminal event when it changed something. */
    | {
        readonly type: 'run.changes';
        readonly summary: readonly string[];
        readonly changes: RunChangeSet;
        /**
         * `false`: the set was too large for the session (over 2,000,000 characters of JSON): the session
         * stores this event with no slices, and only the tab that ran it holds the set (its chart can undo
         * the run until the page is reloaded).
         */
        readonly changesStored?: false;
        /**
         * With `changesStored: false`: the set cut down to what its summary reads (counts of drawings, price
         * lines and markers; the other slices as they are), for a panel to word in its reader's language after
         * a reload. Never a set to revert. Absent from older sessions (their English `summary` is shown).
         */
        readonly digest?: RunChangeSet;
      }
    /**
     * Stored after each tool call that changed the chart: what the run changed so far. Shown only for a run
     * cut off by a reload or a closed tab (`run.interrupted`), which never gets its `run.changes`.
     */
    | {
        readonly type: 'run.changes.checkpoint';
        readonly summary: readonly string[];
        readonly changes: RunChangeSet;
        /** `false`: stored with no slices (a run's checkpoints store at most 2,000,000 characters of sets in all). */
        readonly changesStored?: false;
        /** As `run.changes` `digest`. */
        readonly digest?: RunChangeSet;
      }
    /** The user undid (or redid) run `targetRunId`'s changes; `conflicts` when a later change blocked it. */
    | {
        readonly type: 'run.reverted';
        readonly targetRunId: string;
        readonly direction: 'undo' | 'redo';
        readonly ok: boolean;
        readonly conflicts?: readonly string[];
        /** The conflicts as data, for people in their language (absent from older charts and records). */
        readonly reasons?: readonly RunConflict[];
      }
  );

export type AskUserAnswer =
  | { readonly status: 'answered'; readonly selected: readonly string[]; readonly note?: string }
  | { readonly status: 'cancelled' };

/** One scripted tool call of a {@link MockStep}. */
export interface MockToolCall {
  /** Function name the model "calls". */
  name: string;
  /** Raw argument text, streamed in fragments; may be malformed JSON on purpose. */
  arguments: string;
  /** Tool call id; default `call_<request>_<index>`. */
  id?: string;
  /** Characters per argument fragment (default: about 8, at least 3 fragments), e.g. large to stream megabytes quickly. */
  fragmentChars?: number;
  /** Sent as the call's `extra_content` in its first fragment (Gemini 3 sends `{ google: { thought_signature } }`). */
  extraContent?: unknown;
}

/**
 * A provider rule the mock enforces on the request that consumes the step, answering 400 with the
 * provider's wording when it is broken:
 * - `deepseek-thinking`: every assistant message with `tool_calls` carries `reasoning_content`
 *   (DeepSeek's thinking mode with tools);
 * - `deepseek-r1`: no assistant message without `tool_calls` carries `reasoning_content`;
 * - `gemini-3`: every tool call sent back carries the `extra_content.google.thought_signature` it was
 *   issued with.
 */
export type ProviderRule = 'deepseek-thinking' | 'deepseek-r1' | 'gemini-3';

/** One scripted model reply; each POST /v1/chat/completions consumes one step. */
export interface MockStep {
  /** Assistant content, streamed in deltas of about 8 characters. */
  text?: string;
  /** Thinking streamed as `reasoning_content` deltas before the content (DeepSeek). */
  reasoning?: string;
  /** Provider rules checked on the request before this step answers. */
  enforce?: ProviderRule[];
  /** Tool calls, streamed as `tool_calls` deltas: a header per call, then ≥3 argument fragments, interleaved by index. */
  toolCalls?: MockToolCall[];
  /** Non-200: answer with a JSON error body instead of a completion. */
  status?: number;
  /** Error body for a non-200 status; default `{ error: { message: 'mock error', type: 'server_error' } }`. */
  errorBody?: unknown;
  /** Non-200: this text as the body, as it is (set its `content-type` in `headers`), e.g. a proxy's HTML error page. */
  rawBody?: string;
  /** Extra response headers, e.g. `{ 'retry-after': '0' }`. */
  headers?: Record<string, string>;
  /** Delay between SSE chunks in ms (default 0), so a test can press Stop mid-stream. */
  chunkDelayMs?: number;
  /** Default `'tool_calls'` when there are tool calls, else `'stop'`. */
  finishReason?: string;
  /** Token usage reported with the reply. */
  usage?: { prompt_tokens: number; completion_tokens: number; total_tokens: number };
  /** After this many SSE chunks, send `data: {"error": …}` and end the stream (a provider failing mid-answer). */
  streamError?: { afterChunks: number; error: { message: string; type?: string; code?: string | null } };
  /** Destroy the socket after this many SSE chunks (a network error mid-stream). */
  hangUpAfterChunks?: number;
  /**
   * A hostile model: after the scripted text and tool calls (before the finish), keep streaming more,
   * made as it is sent (never held whole), until the client hangs up or `maxChars` of it went out:
   * - `text`: content deltas of `piece`;
   * - `arguments`: more argument fragments (`piece`) of the last scripted tool call;
   * - `tool-calls`: more calls like the last scripted one, one chunk each (`piece` unused);
   * - `empty`: chunks whose delta carries nothing (a stalled provider's keep-alives; `maxChars` counts chunks).
   * Not combined with `streamError` or `hangUpAfterChunks`. {@link RecordedRequest.stream} says how much went out.
   */
  flood?: MockFlood;
}

/** See {@link MockStep.flood}. */
export interface MockFlood {
  kind: 'text' | 'arguments' | 'tool-calls' | 'empty';
  /** What each flood chunk carries (default 4096 characters of filler text). */
  piece?: string;
  /** Characters of flood (pieces, or for `tool-calls` the arguments) after which the stream finishes normally (default 256 Mi). */
  maxChars?: number;
}

/** How a streamed reply went out, as the server saw it (updated while it streams). */
export interface StreamRecord {
  /** SSE events written. */
  events: number;
  /** Characters of flood written ({@link MockFlood}). */
  floodChars: number;
  /** Every event was written and the response ended. */
  finished: boolean;
  /** The client closed the connection before the response ended. */
  closedEarly: boolean;
}

/** A request the mock received on POST /v1/chat/completions. */
export interface RecordedRequest {
  /** `Date.now()` when the request arrived. */
  at: number;
  /** Request path, e.g. `/v1/chat/completions`. */
  path: string;
  /** Request headers, lower-case names. */
  headers: Record<string, string>;
  /** The parsed JSON request (`messages`, `tools`, `model`, `stream`…). */
  body: any; // eslint-disable-line @typescript-eslint/no-explicit-any -- tests read arbitrary request fields (messages, tools, stream_options…) without guards
  /** For a streamed 200 reply: how it went out. */
  stream?: StreamRecord;
}

/** One scripted tool call of a {@link MockStep}. */
export interface MockToolCall {
  /** Function name the model "calls". */
  name: string;
  /** Raw argument text, streamed in fragments; may be malformed JSON on purpose. */
  arguments: string;
  /** Tool call id; default `call_<request>_<index>`. */
  id?: string;
}

/** One scripted model reply; each POST /v1/chat/completions consumes one step. */
export interface MockStep {
  /** Assistant content, streamed in deltas of about 8 characters. */
  text?: string;
  /** Tool calls, streamed as `tool_calls` deltas: a header per call, then ≥3 argument fragments, interleaved by index. */
  toolCalls?: MockToolCall[];
  /** Non-200: answer with a JSON error body instead of a completion. */
  status?: number;
  /** Error body for a non-200 status; default `{ error: { message: 'mock error', type: 'server_error' } }`. */
  errorBody?: unknown;
  /** Extra response headers, e.g. `{ 'retry-after': '0' }`. */
  headers?: Record<string, string>;
  /** Delay between SSE chunks in ms (default 0), so a test can press Stop mid-stream. */
  chunkDelayMs?: number;
  /** Default `'tool_calls'` when there are tool calls, else `'stop'`. */
  finishReason?: string;
  /** Token usage reported with the reply. */
  usage?: { prompt_tokens: number; completion_tokens: number; total_tokens: number };
  /** Destroy the socket after this many SSE chunks (a network error mid-stream). */
  hangUpAfterChunks?: number;
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
  body: any; // any: tests read arbitrary request fields (messages, tools, stream_options…) without guards
}

/**
 * Chat Completions fields the relay forwards. Anything else is dropped: fields that multiply or add
 * cost (`n`, `service_tier`, `web_search_options`, `audio`/`modalities`, `prediction`, `store`) and
 * whatever a provider adds later, until someone decides it is safe here.
 */
export const FORWARDED_CHAT_FIELDS: ReadonlySet<string> = new Set([
  'model',
  'messages',
  'tools',
  'tool_choice',
  'parallel_tool_calls',
  'functions',
  'function_call',
  'stream',
  'stream_options',
  'temperature',
  'top_p',
  'max_tokens',
  'max_completion_tokens',
  'response_format',
  'seed',
  'stop',
  'presence_penalty',
  'frequency_penalty',
  'logit_bias',
  'logprobs',
  'top_logprobs',
  'reasoning_effort',
  'verbosity',
  'user',
  'safety_identifier',
  'prompt_cache_key',
]);

/** What {@link sanitizeChatRequest} did, for tests and logs. */
export interface SanitizedChatRequest {
  body: Record<string, unknown>;
  /** Names of dropped fields (sorted). */
  dropped: string[];
}

/**
 * Caps the cost of one request: keeps only {@link FORWARDED_CHAT_FIELDS}, forces `n` to 1 (by
 * omission: 1 is the default), clamps `max_tokens` / `max_completion_tokens` to `maxTokens`, and sets
 * `max_completion_tokens` to `maxTokens` when the request names no limit at all.
 */
export function sanitizeChatRequest(
  request: Readonly<Record<string, unknown>>,
  maxTokens: number,
): SanitizedChatRequest {
  const body: Record<string, unknown> = {};
  const dropped: string[] = [];
  for (const [name, value] of Object.entries(request)) {
    if (FORWARDED_CHAT_FIELDS.has(name)) body[name] = value;
    else dropped.push(name);
  }
  let limited = false;
  for (const name of ['max_tokens', 'max_completion_tokens'] as const) {
    if (!(name in body)) continue;
    const value = body[name];
    if (value === null) {
      delete body[name];
      continue;
    }
    body[name] =
      typeof value === 'number' && Number.isFinite(value) && value >= 1
        ? Math.min(Math.floor(value), maxTokens)
        : maxTokens;
    limited = true;
  }
  if (!limited) body.max_completion_tokens = maxTokens;
  return { body, dropped: dropped.sort() };
}

import type { ProviderRule } from './mock-step.js';

interface RequestMessage {
  role?: unknown;
  tool_calls?: unknown;
  reasoning_content?: unknown;
}

/**
 * The first provider rule a request breaks, as the provider words its 400 answer, or null.
 * `signatures` maps the ids of calls the mock issued with a thought signature to that signature.
 */
export function checkProviderRules(
  messages: unknown,
  rules: readonly ProviderRule[],
  signatures: ReadonlyMap<string, string>,
): string | null {
  if (!Array.isArray(messages)) return null;
  for (let i = 0; i < messages.length; i++) {
    const m = messages[i] as RequestMessage;
    if (m?.role !== 'assistant') continue;
    const calls = Array.isArray(m.tool_calls)
      ? (m.tool_calls as { id?: unknown; extra_content?: { google?: { thought_signature?: unknown } } }[])
      : [];
    const hasReasoning = typeof m.reasoning_content === 'string' && m.reasoning_content !== '';
    if (rules.includes('deepseek-thinking') && calls.length > 0 && !hasReasoning) {
      return `Missing 'reasoning_content' field in the assistant message at message index ${i}. For more information, please refer to the thinking mode guide.`;
    }
    if (rules.includes('deepseek-r1') && calls.length === 0 && 'reasoning_content' in (m as object)) {
      return `The 'reasoning_content' field is not allowed in assistant messages (message index ${i}): remove it from the input.`;
    }
    if (rules.includes('gemini-3')) {
      for (const call of calls) {
        const expected = typeof call.id === 'string' ? signatures.get(call.id) : undefined;
        if (expected !== undefined && call.extra_content?.google?.thought_signature !== expected) {
          return `Function call is missing a thought_signature in functionCall parts. This is required for tools to work correctly (message index ${i}).`;
        }
      }
    }
  }
  return null;
}

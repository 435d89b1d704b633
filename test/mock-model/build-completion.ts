import type { CompletionIdentity } from './build-completion-chunks.js';
import type { MockStep } from './mock-step.js';

/** A non-streamed `chat.completion` for the step. */
export function buildCompletion(step: MockStep, identity: CompletionIdentity, toolCallIds: readonly string[]): object {
  const calls = step.toolCalls ?? [];
  const message: Record<string, unknown> = {
    role: 'assistant',
    content: step.text ?? (calls.length > 0 ? null : ''),
    refusal: null,
  };
  if (calls.length > 0) {
    message.tool_calls = calls.map((call, index) => ({
      id: toolCallIds[index],
      type: 'function',
      function: { name: call.name, arguments: call.arguments },
    }));
  }
  return {
    id: identity.id,
    object: 'chat.completion',
    created: identity.created,
    model: identity.model,
    choices: [
      {
        index: 0,
        message,
        logprobs: null,
        finish_reason: step.finishReason ?? (calls.length > 0 ? 'tool_calls' : 'stop'),
      },
    ],
    usage: step.usage ?? { prompt_tokens: 0, completion_tokens: 0, total_tokens: 0 },
  };
}

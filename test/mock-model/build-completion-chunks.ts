import type { MockStep } from './mock-step.js';

/** Identity fields shared by every chunk of one completion. */
export interface CompletionIdentity {
  id: string;
  created: number;
  model: string;
}

/** The default text reply when no step is scripted. */
export const UNSCRIPTED_REPLY = '(mock: no scripted reply)';

/** Characters per content delta (code points, so an emoji is never split). */
const TEXT_DELTA_SIZE = 8;

/** Minimum number of argument fragments per tool call; forces clients to assemble by index. */
const MIN_ARGUMENT_FRAGMENTS = 3;

/**
 * The `chat.completion.chunk` objects of a streamed reply, in order, exactly shaped like the
 * OpenAI API's: a role delta, content deltas, tool call headers then interleaved argument fragments,
 * a final chunk with `finish_reason`, and (with `include_usage`) a usage chunk with `choices: []`.
 * `[DONE]` is not included: the caller writes it.
 */
export function buildCompletionChunks(
  step: MockStep,
  identity: CompletionIdentity,
  toolCallIds: readonly string[],
  includeUsage: boolean,
): object[] {
  const chunk = (delta: object, finishReason: string | null = null): object =>
    completionChunk(identity, delta, finishReason);

  const chunks: object[] = [chunk({ role: 'assistant', content: '' })];
  for (const piece of splitEvery(step.reasoning ?? '', TEXT_DELTA_SIZE))
    chunks.push(chunk({ reasoning_content: piece }));
  for (const piece of splitEvery(step.text ?? '', TEXT_DELTA_SIZE)) chunks.push(chunk({ content: piece }));

  const calls = step.toolCalls ?? [];
  calls.forEach((call, index) => {
    chunks.push(
      chunk({
        tool_calls: [
          {
            index,
            id: toolCallIds[index],
            type: 'function',
            function: { name: call.name, arguments: '' },
            ...(call.extraContent !== undefined ? { extra_content: call.extraContent } : {}),
          },
        ],
      }),
    );
  });
  const fragments = calls.map((call) =>
    splitInto(
      call.arguments,
      Math.max(MIN_ARGUMENT_FRAGMENTS, Math.ceil([...call.arguments].length / (call.fragmentChars ?? TEXT_DELTA_SIZE))),
    ),
  );
  const rounds = Math.max(0, ...fragments.map((list) => list.length));
  for (let round = 0; round < rounds; round++) {
    fragments.forEach((list, index) => {
      const fragment = list[round];
      if (fragment !== undefined) chunks.push(chunk({ tool_calls: [{ index, function: { arguments: fragment } }] }));
    });
  }

  const finishReason = step.finishReason ?? (calls.length > 0 ? 'tool_calls' : 'stop');
  const last = chunk({}, finishReason);
  if (step.usage && includeUsage) {
    chunks.push(last, {
      id: identity.id,
      object: 'chat.completion.chunk',
      created: identity.created,
      model: identity.model,
      choices: [],
      usage: step.usage,
    });
  } else {
    chunks.push(step.usage ? { ...last, usage: step.usage } : last);
  }
  return chunks;
}

/** One `chat.completion.chunk` of the completion `identity` with this delta. */
export function completionChunk(
  identity: CompletionIdentity,
  delta: object,
  finishReason: string | null = null,
): object {
  return {
    id: identity.id,
    object: 'chat.completion.chunk',
    created: identity.created,
    model: identity.model,
    choices: [{ index: 0, delta, logprobs: null, finish_reason: finishReason }],
  };
}

function splitEvery(text: string, size: number): string[] {
  const points = [...text];
  const pieces: string[] = [];
  for (let at = 0; at < points.length; at += size) pieces.push(points.slice(at, at + size).join(''));
  return pieces;
}

/** Splits into exactly `count` consecutive pieces (some empty when the text is shorter than `count`). */
function splitInto(text: string, count: number): string[] {
  const points = [...text];
  const pieces: string[] = [];
  for (let i = 0; i < count; i++) {
    pieces.push(
      points.slice(Math.floor((i * points.length) / count), Math.floor(((i + 1) * points.length) / count)).join(''),
    );
  }
  return pieces;
}

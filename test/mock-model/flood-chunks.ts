import { completionChunk, type CompletionIdentity } from './build-completion-chunks.js';
import type { MockFlood, MockStep } from './mock-step.js';

const DEFAULT_PIECE = 'All work and no play makes a model stream forever. '.repeat(80).slice(0, 4096);
const DEFAULT_MAX_CHARS = 256 * 1024 * 1024;

/**
 * The chunks of a step's {@link MockFlood}, made one at a time (a flood of hundreds of megabytes is
 * never held), each with the characters of flood it carries.
 */
export function* floodChunks(
  step: MockStep,
  flood: MockFlood,
  identity: CompletionIdentity,
  toolCallIds: readonly string[],
): Generator<{ chunk: object; chars: number }> {
  const piece = flood.piece ?? DEFAULT_PIECE;
  const max = flood.maxChars ?? DEFAULT_MAX_CHARS;
  const calls = step.toolCalls ?? [];
  const last = calls.length - 1;
  if ((flood.kind === 'arguments' || flood.kind === 'tool-calls') && last < 0)
    throw new Error(`a ${flood.kind} flood needs a scripted tool call`);
  for (let sent = 0, n = 0; sent < max; n++) {
    if (flood.kind === 'empty') {
      yield { chunk: completionChunk(identity, {}), chars: 0 };
      sent += 1;
    } else if (flood.kind === 'text') {
      yield { chunk: completionChunk(identity, { content: piece }), chars: piece.length };
      sent += piece.length;
    } else if (flood.kind === 'arguments') {
      yield {
        chunk: completionChunk(identity, { tool_calls: [{ index: last, function: { arguments: piece } }] }),
        chars: piece.length,
      };
      sent += piece.length;
    } else {
      const call = calls[last];
      const index = calls.length + n;
      yield {
        chunk: completionChunk(identity, {
          tool_calls: [
            {
              index,
              id: `${toolCallIds[last]}_flood_${n}`,
              type: 'function',
              function: { name: call.name, arguments: call.arguments },
            },
          ],
        }),
        chars: call.arguments.length,
      };
      sent += Math.max(1, call.arguments.length);
    }
  }
}

import type { AgentEvent, ContextItem, ToolResult } from '../protocol/index.js';
import { parseToolArguments } from './tool-call-assembler.js';

/** A Chat Completions message, the subset the runtime sends. */
export type ChatMessage =
  | { role: 'system'; content: string }
  | { role: 'user'; content: string }
  | { role: 'assistant'; content: string | null; tool_calls?: ChatToolCall[]; reasoning_content?: string }
  | { role: 'tool'; tool_call_id: string; content: string };

/** A tool call inside an assistant message. */
export interface ChatToolCall {
  id: string;
  type: 'function';
  function: { name: string; arguments: string };
  /** Provider fields the call came with (Gemini 3 `extra_content`), sent back as they were. */
  [extra: string]: unknown;
}

/** Appended to a tool output that was shortened to fit the context budget. */
export const TRUNCATION_MARKER = ' …[truncated: tool output shortened to fit the context budget]';
/** How much of a shortened tool output is kept. */
export const TRUNCATED_TOOL_OUTPUT_CHARS = 200;

interface Step {
  text: string;
  reasoning?: string;
  calls: { id: string; name: string; arguments: string; extra?: Readonly<Record<string, unknown>>; result?: ToolResult }[];
}

/**
 * Rebuilds the conversation the model has seen from a session's events: user messages, each
 * step's assistant message with its tool calls, and one tool message per call (so the model sees
 * earlier results and does not redo work). A call without a result (the run was cut off) gets an
 * `aborted` failure, because every tool call needs an answer. Context items attached to a user
 * message are inlined, except for `currentRunId`, whose items are in the system prompt.
 */
export function buildHistory(events: readonly AgentEvent[], options: { currentRunId?: string } = {}): ChatMessage[] {
  const messages: ChatMessage[] = [];
  const usedIds = new Map<string, number>();
  let steps: Step[] = [];
  let current: Step | null = null;
  const partialText = new Map<string, string>();
  const callIndex = new Map<string, Step['calls'][number]>();

  const flush = () => {
    // Text streamed without a completion (a reload mid-answer) still counts as said.
    if (partialText.size > 0) {
      const text = [...partialText.values()].join('');
      if (text) steps.push({ text, calls: [] });
      partialText.clear();
    }
    for (const step of steps) {
      if (!step.text && step.calls.length === 0) continue;
      const calls = step.calls.map((call) => ({ ...call, id: uniqueId(call.id, usedIds) }));
      // `reasoning_content` goes back only on tool-call turns: DeepSeek's thinking mode refuses a
      // tool-call turn without it, and its older rule (R1) refuses it on a plain answer.
      messages.push(calls.length > 0
        ? {
          role: 'assistant', content: step.text || null,
          ...(step.reasoning ? { reasoning_content: step.reasoning } : {}),
          tool_calls: calls.map((c) => ({ ...c.extra, id: c.id, type: 'function', function: { name: c.name, arguments: c.arguments } })),
        }
        : { role: 'assistant', content: step.text });
      for (const call of calls) {
        const result: ToolResult = call.result ?? {
          success: false, stateChanged: false,
          error: { code: 'aborted', message: 'The run ended before this tool call finished.', retryable: true },
        };
        messages.push({ role: 'tool', tool_call_id: call.id, content: JSON.stringify(result) });
      }
    }
    steps = [];
    current = null;
    callIndex.clear();
  };

  for (const event of events) {
    switch (event.type) {
      case 'user.message':
        flush();
        messages.push({ role: 'user', content: event.runId === options.currentRunId ? event.text : withContext(event.text, event.context) });
        break;
      case 'assistant.text.delta':
        partialText.set(event.messageId, (partialText.get(event.messageId) ?? '') + event.delta);
        break;
      case 'assistant.message.completed':
        partialText.delete(event.messageId);
        current = { text: event.text, ...(event.reasoning ? { reasoning: event.reasoning } : {}), calls: [] };
        steps.push(current);
        break;
      case 'tool.started': {
        if (!current) {
          // Logs written without a completion before the calls: the streamed text opens the step.
          current = { text: [...partialText.values()].join(''), calls: [] };
          partialText.clear();
          steps.push(current);
        }
        const call = { id: event.callId, name: event.name, arguments: argumentsText(event.input), ...(event.extra ? { extra: event.extra } : {}) };
        current.calls.push(call);
        callIndex.set(event.callId, call);
        break;
      }
      case 'tool.finished': {
        const call = callIndex.get(event.callId);
        if (call) call.result = event.result;
        break;
      }
      case 'run.completed':
      case 'run.failed':
      case 'run.cancelled':
      case 'run.interrupted':
        // RUN_ACTIVE refusals carry a different runId and must not close the active run's step.
        if (event.type === 'run.failed' && event.code === 'RUN_ACTIVE') break;
        flush();
        break;
      default:
        break;
    }
  }
  flush();
  return messages;
}

/**
 * Shortens the oldest tool outputs first until the estimated size (characters / 4) fits
 * `tokenBudget`. Returns a new array; messages other than tool outputs are never changed.
 */
export function fitToBudget(messages: readonly ChatMessage[], tokenBudget: number): ChatMessage[] {
  const out = messages.map((m) => ({ ...m })) as ChatMessage[];
  let tokens = estimateTokens(out);
  for (let i = 0; i < out.length && tokens > tokenBudget; i++) {
    const message = out[i];
    if (message.role !== 'tool') continue;
    if (message.content.length <= TRUNCATED_TOOL_OUTPUT_CHARS + TRUNCATION_MARKER.length) continue;
    const shortened = message.content.slice(0, TRUNCATED_TOOL_OUTPUT_CHARS) + TRUNCATION_MARKER;
    tokens -= (message.content.length - shortened.length) / 4;
    out[i] = { ...message, content: shortened };
  }
  return out;
}

/** Rough token count: characters / 4 over contents and tool-call arguments. */
export function estimateTokens(messages: readonly ChatMessage[]): number {
  let chars = 0;
  for (const m of messages) {
    chars += m.content?.length ?? 0;
    if (m.role === 'assistant' && m.tool_calls) {
      for (const call of m.tool_calls) chars += call.function.name.length + call.function.arguments.length;
    }
  }
  return chars / 4;
}

function withContext(text: string, context: readonly ContextItem[] | undefined): string {
  if (!context || context.length === 0) return text;
  return `${text}\n\n[Attached context]\n${context.map((c) => `## ${c.label} (${c.kind})\n${c.text}`).join('\n')}`;
}

/**
 * Arguments as the model sent them. A call whose arguments were not valid JSON is stored with the
 * raw text as its input; it goes back as `{}` because some providers reject invalid JSON here, and
 * the tool result already tells the model what was wrong.
 */
function argumentsText(input: unknown): string {
  if (typeof input === 'string') return parseToolArguments(input).ok ? input : '{}';
  return JSON.stringify(input ?? {});
}

function uniqueId(id: string, used: Map<string, number>): string {
  const count = used.get(id) ?? 0;
  used.set(id, count + 1);
  return count === 0 ? id : `${id}_r${count}`;
}

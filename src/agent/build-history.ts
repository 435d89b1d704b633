import type { AgentEvent, ContextItem, ToolResult } from '../protocol/index.js';
import { withCheckpoint } from './checkpoint-text.js';
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
  calls: {
    id: string;
    name: string;
    arguments: string;
    extra?: Readonly<Record<string, unknown>>;
    result?: ToolResult;
  }[];
}

/**
 * Rebuilds the conversation the model has seen from a session's events: user messages, each
 * step's assistant message with its tool calls, and one tool message per call (so the model sees
 * earlier results and does not redo work). A call without a result (the run was cut off) gets an
 * `aborted` failure, because every tool call needs an answer. Context items attached to a user
 * message are inlined, except for `currentRunId`'s (or `promptContextRunId`'s: the run a retry
 * repeats), whose items are in the system prompt.
 */
export function buildHistory(
  events: readonly AgentEvent[],
  options: { currentRunId?: string; promptContextRunId?: string } = {},
): ChatMessage[] {
  const inPrompt = options.promptContextRunId ?? options.currentRunId;
  const messages: ChatMessage[] = [];
  const usedIds = new Map<string, number>();
  let steps: Step[] = [];
  let current: Step | null = null;
  const partialText = new Map<string, string>();
  /** Message id → what its stored checkpoints add up to (each holds what is new since the previous one). */
  const checkpointed = new Map<string, string>();
  const callIndex = new Map<string, Step['calls'][number]>();
  let changes: string[] = [];

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
      messages.push(
        calls.length > 0
          ? {
              role: 'assistant',
              content: step.text || null,
              ...(step.reasoning ? { reasoning_content: step.reasoning } : {}),
              tool_calls: calls.map((c) => ({
                ...c.extra,
                id: c.id,
                type: 'function',
                function: { name: c.name, arguments: c.arguments },
              })),
            }
          : { role: 'assistant', content: step.text },
      );
      for (const call of calls) {
        const result: ToolResult = call.result ?? {
          success: false,
          stateChanged: false,
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
        messages.push({
          role: 'user',
          content: withChanges(changes, event.runId === inPrompt ? event.text : withContext(event.text, event.context)),
        });
        changes = [];
        break;
      case 'context.changed':
        changes = event.context.map((item) => item.text);
        break;
      case 'assistant.text.delta':
        partialText.set(event.messageId, (partialText.get(event.messageId) ?? '') + event.delta);
        break;
      case 'assistant.text.checkpoint': {
        const text = withCheckpoint(checkpointed.get(event.messageId) ?? '', event);
        checkpointed.set(event.messageId, text);
        partialText.set(event.messageId, text);
        break;
      }
      case 'assistant.message.completed':
        partialText.delete(event.messageId);
        checkpointed.delete(event.messageId);
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
        const call = {
          id: event.callId,
          name: event.name,
          // A stored input over MAX_ARGUMENTS_BYTES is a shortened copy: the model gets the note capMessage gives.
          arguments: event.inputBytes === undefined ? argumentsText(event.input) : trimmedArguments(event.inputBytes),
          ...(event.extra ? { extra: event.extra } : {}),
        };
        current.calls.push(call);
        callIndex.set(event.callId, call);
        break;
      }
      case 'tool.finished': {
        const call = callIndex.get(event.callId);
        if (call)
          call.result = forModel(event.result, event.runId !== undefined && event.runId === options.currentRunId);
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

/** Largest content of one user or assistant message sent to the model (UTF-8 bytes, JSON-escaped); the tail is kept. */
export const MAX_MESSAGE_BYTES = 64 * 1024;
/** Largest content of one tool output or the system prompt; the head is kept. */
export const MAX_TOOL_OUTPUT_BYTES = 64 * 1024;
/** Largest arguments of one tool call; larger ones are replaced with a small JSON object that says so. */
export const MAX_ARGUMENTS_BYTES = 16 * 1024;
/**
 * Largest total of all messages of one request. The relay refuses bodies over 1 MiB; the rest
 * of the body (tool schemas, model name) must fit in what is left.
 */
export const MAX_HISTORY_BYTES = 640 * 1024;
/** How much of an old text message survives when the token budget is tight. */
const SHORTENED_TEXT_BYTES = 2000;

/** The text that replaces a trimmed message's removed part (placed where the text was cut). */
export function trimmedMarker(bytes: number): string {
  return `[trimmed ${bytes} bytes]`;
}

/** Valid JSON put in place of tool-call arguments that were too large to send again. */
export function trimmedArguments(bytes: number): string {
  return JSON.stringify({ _trimmed: `${bytes} bytes of arguments were removed to fit the request size limit` });
}

/**
 * Makes the history fit what can be sent. First, always, so that no single message can push a
 * request over the relay's 1 MiB limit: texts over {@link MAX_MESSAGE_BYTES} keep their last part
 * after a `[trimmed N bytes]` marker, tool outputs and the system prompt over
 * {@link MAX_TOOL_OUTPUT_BYTES} keep their first part, and tool-call arguments over
 * {@link MAX_ARGUMENTS_BYTES} become a small JSON object noting the trim (still valid JSON).
 * Then, while the estimated size (characters / 4) exceeds `tokenBudget`, the oldest tool outputs
 * are shortened, then the oldest large arguments, then the oldest texts (never the last user
 * message). Last, while the total is over {@link MAX_HISTORY_BYTES}, the oldest whole turns are
 * dropped (a turn starts at a user message, so every tool call keeps its answer). Returns a new array.
 */
export function fitToBudget(messages: readonly ChatMessage[], tokenBudget: number): ChatMessage[] {
  let out = messages.map(capMessage);
  let tokens = estimateTokens(out);
  // 1. Old tool outputs.
  for (let i = 0; i < out.length && tokens > tokenBudget; i++) {
    const message = out[i];
    if (message.role !== 'tool') continue;
    if (message.content.length <= TRUNCATED_TOOL_OUTPUT_CHARS + TRUNCATION_MARKER.length) continue;
    const shortened = message.content.slice(0, TRUNCATED_TOOL_OUTPUT_CHARS) + TRUNCATION_MARKER;
    tokens -= (message.content.length - shortened.length) / 4;
    out[i] = { ...message, content: shortened };
  }
  // 2. Old large tool-call arguments.
  for (let i = 0; i < out.length && tokens > tokenBudget; i++) {
    const message = out[i];
    if (message.role !== 'assistant' || !message.tool_calls) continue;
    const calls = message.tool_calls.map((call) => {
      if (tokens <= tokenBudget || call.function.arguments.length <= 1024) return call;
      const replaced = trimmedArguments(jsonStringBytes(call.function.arguments));
      tokens -= (call.function.arguments.length - replaced.length) / 4;
      return { ...call, function: { ...call.function, arguments: replaced } };
    });
    out[i] = { ...message, tool_calls: calls };
  }
  // 3. Old texts (the last user message is the question being answered: it stays).
  const lastUser = out.map((m) => m.role).lastIndexOf('user');
  for (let i = 0; i < out.length && tokens > tokenBudget; i++) {
    const message = out[i];
    if (i === lastUser || (message.role !== 'user' && message.role !== 'assistant') || !message.content) continue;
    if (jsonStringBytes(message.content) <= SHORTENED_TEXT_BYTES + 64) continue;
    const shortened = keepTail(message.content, SHORTENED_TEXT_BYTES);
    tokens -= (message.content.length - shortened.length) / 4;
    out[i] = { ...message, content: shortened };
  }
  // 4. The hard limit: drop the oldest turns.
  while (messagesBytes(out) > MAX_HISTORY_BYTES) {
    const first = out.findIndex((m) => m.role !== 'system');
    const next = out.findIndex((m, i) => i > first && m.role === 'user');
    if (first < 0 || next < 0) break;
    out = [...out.slice(0, first), ...out.slice(next)];
  }
  return out;
}

function capMessage(message: ChatMessage): ChatMessage {
  switch (message.role) {
    case 'system':
      return { ...message, content: keepHead(message.content, MAX_TOOL_OUTPUT_BYTES) };
    case 'tool':
      return { ...message, content: keepHead(message.content, MAX_TOOL_OUTPUT_BYTES) };
    case 'user':
      return { ...message, content: keepTail(message.content, MAX_MESSAGE_BYTES) };
    case 'assistant': {
      const content = message.content === null ? null : keepTail(message.content, MAX_MESSAGE_BYTES);
      const reasoning =
        message.reasoning_content === undefined
          ? {}
          : { reasoning_content: keepTail(message.reasoning_content, MAX_MESSAGE_BYTES) };
      if (!message.tool_calls) return { ...message, content, ...reasoning };
      const toolCalls = message.tool_calls.map((call) => {
        const bytes = jsonStringBytes(call.function.arguments);
        return bytes <= MAX_ARGUMENTS_BYTES
          ? call
          : { ...call, function: { ...call.function, arguments: trimmedArguments(bytes) } };
      });
      return { ...message, content, ...reasoning, tool_calls: toolCalls };
    }
  }
}

/** Bytes of all contents and arguments as they appear in the JSON request body. */
export function messagesBytes(messages: readonly ChatMessage[]): number {
  let bytes = 0;
  for (const m of messages) {
    bytes += m.content ? jsonStringBytes(m.content) : 4;
    if (m.role === 'assistant') {
      if (m.reasoning_content) bytes += jsonStringBytes(m.reasoning_content);
      for (const call of m.tool_calls ?? []) {
        bytes += jsonStringBytes(call.function.name) + jsonStringBytes(call.function.arguments) + 64;
        // Provider fields echoed with the call (small signatures in practice): counted as sent.
        const { id: _id, type: _type, function: _fn, ...extra } = call;
        if (Object.keys(extra).length > 0) bytes += JSON.stringify(extra).length * 3;
      }
    }
    bytes += 48;
  }
  return bytes;
}

/** UTF-8 bytes of `JSON.stringify(text)` without the quotes, computed without building it. */
export function jsonStringBytes(text: string): number {
  let bytes = 0;
  for (let i = 0; i < text.length; i++) bytes += charBytes(text, i);
  return bytes;
}

function charBytes(text: string, i: number): number {
  const c = text.charCodeAt(i);
  if (c === 0x22 || c === 0x5c) return 2;
  if (c < 0x20) return c === 0x08 || c === 0x09 || c === 0x0a || c === 0x0c || c === 0x0d ? 2 : 6;
  if (c < 0x80) return 1;
  if (c < 0x800) return 2;
  if (c >= 0xd800 && c <= 0xdbff) {
    const next = text.charCodeAt(i + 1);
    return next >= 0xdc00 && next <= 0xdfff ? 2 : 6; // half of a 4-byte pair, or a lone surrogate (escaped)
  }
  if (c >= 0xdc00 && c <= 0xdfff) {
    const prev = text.charCodeAt(i - 1);
    return prev >= 0xd800 && prev <= 0xdbff ? 2 : 6;
  }
  return 3;
}

/** `text` when it fits `maxBytes`, else a `[trimmed N bytes]` marker and the longest tail that fits. */
function keepTail(text: string, maxBytes: number): string {
  if (text.length <= maxBytes / 6) return text;
  const total = jsonStringBytes(text);
  if (total <= maxBytes) return text;
  const budget = maxBytes - 32;
  let kept = 0;
  let start = text.length;
  while (start > 0) {
    const b = charBytes(text, start - 1);
    if (kept + b > budget) break;
    kept += b;
    start--;
  }
  // Never start on the second half of a surrogate pair.
  const low = text.charCodeAt(start);
  if (low >= 0xdc00 && low <= 0xdfff && start < text.length) {
    kept -= 2;
    start++;
  }
  return `${trimmedMarker(total - kept)} ${text.slice(start)}`;
}

/** `text` when it fits `maxBytes`, else the longest head that fits and a `[trimmed N bytes]` marker. */
function keepHead(text: string, maxBytes: number): string {
  if (text.length <= maxBytes / 6) return text;
  const total = jsonStringBytes(text);
  if (total <= maxBytes) return text;
  const budget = maxBytes - 32;
  let kept = 0;
  let end = 0;
  while (end < text.length) {
    const b = charBytes(text, end);
    if (kept + b > budget) break;
    kept += b;
    end++;
  }
  const high = text.charCodeAt(end - 1);
  if (high >= 0xd800 && high <= 0xdbff) {
    kept -= 2;
    end--;
  }
  return `${text.slice(0, end)} ${trimmedMarker(total - kept)}`;
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

function withChanges(changes: readonly string[], text: string): string {
  return changes.length === 0 ? text : `[${changes.join(' ')}]\n\n${text}`;
}

/**
 * A result as the model reads it: a captured image's thumbnail (kept for the panel) is dropped, and
 * a capture of an earlier run says its image is not resent (only the current run's images are attached).
 */
function forModel(result: ToolResult, currentRun: boolean): ToolResult {
  if (!result.success || !result.data || typeof result.data !== 'object') return result;
  const data = result.data as Record<string, unknown>;
  if (!('thumbnail' in data) && data.imageAttached !== true) return result;
  const { thumbnail: _thumbnail, ...rest } = data;
  return {
    ...result,
    data: rest,
    ...(data.imageAttached === true && !currentRun
      ? {
          text: 'The chart image of this call was shown in an earlier turn and is not resent; call chart_capture again to see the chart as it is now.',
        }
      : {}),
  };
}

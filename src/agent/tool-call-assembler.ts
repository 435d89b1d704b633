/** One streamed fragment of a tool call (`choices[0].delta.tool_calls[i]`). */
export interface ToolCallDelta {
  readonly index: number;
  readonly id?: string | null;
  readonly type?: string | null;
  readonly function?: { readonly name?: string | null; readonly arguments?: string | null } | null;
}

import {
  MAX_REPLY_ARGUMENTS_CHARS,
  MAX_TOOL_ARGUMENTS_CHARS,
  MAX_TOOL_CALLS_PER_REPLY,
  type ReplyLimitCause,
} from './reply-limits.js';

export { MAX_REPLY_ARGUMENTS_CHARS, MAX_TOOL_ARGUMENTS_CHARS } from './reply-limits.js';

/** What {@link ToolCallAssembler.add} returns when a fragment crosses a limit: the reply must be cut off. */
export interface ToolCallLimit {
  readonly cause: Extract<ReplyLimitCause, 'tool-call-too-large' | 'too-many-tool-calls'>;
  /** The name of the call that crossed it, when it had one. */
  readonly name?: string;
}

/** A tool call put back together from its fragments. `arguments` is the raw (possibly invalid) JSON text. */
export interface AssembledToolCall {
  readonly id: string;
  readonly name: string;
  readonly arguments: string;
  /**
   * Provider fields the call arrived with besides `index`/`id`/`type`/`function` (Gemini 3's
   * `extra_content`). A follow-up request must send them back on the same call, or the provider
   * refuses it ("Function call is missing a thought_signature").
   */
  readonly extra?: Readonly<Record<string, unknown>>;
}

interface Slot {
  index: number;
  id: string;
  name: string;
  arguments: string;
  extra: Record<string, unknown> | null;
}

const STANDARD_FIELDS = new Set(['index', 'id', 'type', 'function']);

/**
 * Puts streamed tool-call fragments back together by `index`: the id and name arrive in the first
 * fragment of a call, the arguments as partial JSON strings to concatenate, provider extras in any
 * fragment (merged, later fragments adding keys).
 * Tolerates providers that reuse index 0 for every call but give each call its own id.
 * Past a limit ({@link MAX_TOOL_ARGUMENTS_CHARS}, {@link MAX_REPLY_ARGUMENTS_CHARS},
 * {@link MAX_TOOL_CALLS_PER_REPLY}) it keeps nothing more, and `add` says which limit: the caller cuts
 * the reply off there and runs none of its calls.
 */
export class ToolCallAssembler {
  readonly #slots: Slot[] = [];
  readonly #byIndex = new Map<number, Slot>();
  /** Characters of arguments kept over all calls. */
  #kept = 0;
  readonly #maxCall: number;
  readonly #maxReply: number;
  readonly #maxCalls: number;
  /** The limit crossed, once one was: nothing more is kept. */
  #over: ToolCallLimit | null = null;

  /**
   * The limits are for tests; the defaults are {@link MAX_TOOL_ARGUMENTS_CHARS},
   * {@link MAX_REPLY_ARGUMENTS_CHARS} and {@link MAX_TOOL_CALLS_PER_REPLY}.
   */
  constructor(
    maxCallChars = MAX_TOOL_ARGUMENTS_CHARS,
    maxReplyChars = MAX_REPLY_ARGUMENTS_CHARS,
    maxCalls = MAX_TOOL_CALLS_PER_REPLY,
  ) {
    this.#maxCall = maxCallChars;
    this.#maxReply = maxReplyChars;
    this.#maxCalls = maxCalls;
  }

  /**
   * Adds one fragment. Returns the limit it crossed (from then on, every call: the reply is to be cut
   * off and none of its calls run), else `null`.
   */
  add(delta: ToolCallDelta): ToolCallLimit | null {
    if (this.#over) return this.#over;
    const index = typeof delta.index === 'number' ? delta.index : this.#slots.length;
    let slot = this.#byIndex.get(index);
    if (slot && delta.id && slot.id && delta.id !== slot.id) slot = undefined;
    const name = delta.function?.name;
    if (!slot) {
      if (this.#slots.length >= this.#maxCalls) return this.#stop('too-many-tool-calls', name);
      slot = { index, id: '', name: '', arguments: '', extra: null };
      this.#byIndex.set(index, slot);
      this.#slots.push(slot);
    }
    if (delta.id && !slot.id) slot.id = delta.id;
    if (name && !slot.name) slot.name = name;
    const args = delta.function?.arguments;
    if (typeof args === 'string' && args) {
      if (slot.arguments.length + args.length > this.#maxCall || this.#kept + args.length > this.#maxReply)
        return this.#stop('tool-call-too-large', slot.name);
      slot.arguments += args;
      this.#kept += args.length;
    }
    // Provider fields beside the standard ones (Gemini 3's `extra_content.google.thought_signature`).
    const record = delta as unknown as Record<string, unknown>;
    for (const key of Object.keys(record)) {
      if (STANDARD_FIELDS.has(key) || key === '__proto__') continue;
      const value = record[key];
      if (value === undefined || value === null) continue;
      slot.extra ??= {};
      slot.extra[key] = mergeExtra(slot.extra[key], value);
    }
    return null;
  }

  /** The limit crossed, if one was. */
  get over(): ToolCallLimit | null {
    return this.#over;
  }

  /** Crosses a limit: drops every call kept (memory stops growing), and says which limit. */
  #stop(cause: ToolCallLimit['cause'], name: string | null | undefined): ToolCallLimit {
    this.#over = { cause, ...(name ? { name } : {}) };
    this.#slots.length = 0;
    this.#byIndex.clear();
    this.#kept = 0;
    return this.#over;
  }

  /** True once any fragment arrived. */
  get hasCalls(): boolean {
    return this.#slots.length > 0;
  }

  /**
   * The calls in the model's order. Missing ids are generated and repeated ids get a suffix,
   * because results are matched to calls by id.
   */
  calls(makeId: () => string): AssembledToolCall[] {
    const seen = new Set<string>();
    return this.#slots.map((slot) => {
      let id = slot.id || makeId();
      if (seen.has(id)) {
        let n = 2;
        while (seen.has(`${id}_${n}`)) n++;
        id = `${id}_${n}`;
      }
      seen.add(id);
      return {
        id,
        name: slot.name,
        arguments: slot.arguments,
        ...(slot.extra ? { extra: slot.extra } : {}),
      };
    });
  }
}

/** Objects merge key by key (a signature may arrive in a later fragment than its parent key); anything else: the later value wins. */
function mergeExtra(previous: unknown, next: unknown): unknown {
  if (isPlainObject(previous) && isPlainObject(next)) {
    const out: Record<string, unknown> = { ...previous };
    for (const key of Object.keys(next)) {
      if (key === '__proto__') continue;
      out[key] = mergeExtra(out[key], next[key]);
    }
    return out;
  }
  return next;
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * Parses the arguments of a call. Empty text means "no arguments" (`{}`): several providers send
 * nothing for parameterless tools. Small local models often wrap the object in a ```json fence or
 * encode it twice (a JSON string holding the JSON object): both are unwrapped before validation.
 */
export function parseToolArguments(text: string): { ok: true; value: unknown } | { ok: false; message: string } {
  const trimmed = unfence(text.trim());
  if (trimmed === '') return { ok: true, value: {} };
  try {
    let value = JSON.parse(trimmed) as unknown;
    if (typeof value === 'string') {
      const inner = unfence(value.trim());
      if (inner.startsWith('{')) value = JSON.parse(inner) as unknown;
    }
    return { ok: true, value };
  } catch (error) {
    return { ok: false, message: error instanceof Error ? error.message : String(error) };
  }
}

/** The body of one ``` fence (any info string) around the whole text, else the text as it is. */
export function unfence(text: string): string {
  const match = /^```[\w-]*[ \t]*\r?\n([\s\S]*?)\r?\n?```$/.exec(text);
  return match ? match[1].trim() : text;
}

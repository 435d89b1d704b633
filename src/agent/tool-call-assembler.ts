/** One streamed fragment of a tool call (`choices[0].delta.tool_calls[i]`). */
export interface ToolCallDelta {
  readonly index: number;
  readonly id?: string | null;
  readonly type?: string | null;
  readonly function?: { readonly name?: string | null; readonly arguments?: string | null } | null;
}

/**
 * Most characters of one call's streamed arguments kept (4 Mi). The largest input a tool accepts is a
 * `markers_create` of 10,000 markers (src/core/state/study-limits.ts MAX_MARKERS): about 0.8 MB as a
 * model writes it (test/browser/panel/panel-approval-bounded.test.ts), under 3 MB with every field at
 * its longest and escaped; nothing else comes near (drawings take 10 points, id lists 500 ids). The
 * relay's default `max_tokens` (8192, src/server/server-options.ts) keeps a reply far below either; the
 * cap is for a direct `base-url`, where nothing else bounds what a model or server streams.
 */
export const MAX_TOOL_ARGUMENTS_CHARS = 4 * 1024 * 1024;

/** Most characters of arguments kept over all the calls of one reply (16 Mi); later calls are cut off. */
export const MAX_REPLY_ARGUMENTS_CHARS = 16 * 1024 * 1024;

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
  /**
   * Set when the arguments grew past {@link MAX_TOOL_ARGUMENTS_CHARS} (or the reply's share): how many
   * characters arrived. `arguments` is then empty; the call must be refused, never run.
   */
  readonly oversizeChars?: number;
}

interface Slot {
  index: number;
  id: string;
  name: string;
  arguments: string;
  /** Characters of arguments received, kept or not. */
  received: number;
  oversize: boolean;
  extra: Record<string, unknown> | null;
}

const STANDARD_FIELDS = new Set(['index', 'id', 'type', 'function']);

/**
 * Puts streamed tool-call fragments back together by `index`: the id and name arrive in the first
 * fragment of a call, the arguments as partial JSON strings to concatenate, provider extras in any
 * fragment (merged, later fragments adding keys).
 * Tolerates providers that reuse index 0 for every call but give each call its own id.
 */
export class ToolCallAssembler {
  readonly #slots: Slot[] = [];
  readonly #byIndex = new Map<number, Slot>();
  /** Characters of arguments kept over all calls. */
  #kept = 0;
  readonly #maxCall: number;
  readonly #maxReply: number;

  /** The limits are for tests; the defaults are {@link MAX_TOOL_ARGUMENTS_CHARS} and {@link MAX_REPLY_ARGUMENTS_CHARS}. */
  constructor(maxCallChars = MAX_TOOL_ARGUMENTS_CHARS, maxReplyChars = MAX_REPLY_ARGUMENTS_CHARS) {
    this.#maxCall = maxCallChars;
    this.#maxReply = maxReplyChars;
  }

  /** Adds one fragment. */
  add(delta: ToolCallDelta): void {
    const index = typeof delta.index === 'number' ? delta.index : this.#slots.length;
    let slot = this.#byIndex.get(index);
    if (slot && delta.id && slot.id && delta.id !== slot.id) slot = undefined;
    if (!slot) {
      slot = { index, id: '', name: '', arguments: '', received: 0, oversize: false, extra: null };
      this.#byIndex.set(index, slot);
      this.#slots.push(slot);
    }
    if (delta.id && !slot.id) slot.id = delta.id;
    const name = delta.function?.name;
    if (name && !slot.name) slot.name = name;
    const args = delta.function?.arguments;
    if (typeof args === 'string' && args) {
      slot.received += args.length;
      if (!slot.oversize && (slot.received > this.#maxCall || this.#kept + args.length > this.#maxReply)) {
        // Past the cap: drop what was kept and count the rest only, so memory stops growing.
        slot.oversize = true;
        this.#kept -= slot.arguments.length;
        slot.arguments = '';
      }
      if (!slot.oversize) {
        slot.arguments += args;
        this.#kept += args.length;
      }
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
        ...(slot.oversize ? { oversizeChars: slot.received } : {}),
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

/** One streamed fragment of a tool call (`choices[0].delta.tool_calls[i]`). */
export interface ToolCallDelta {
  readonly index: number;
  readonly id?: string | null;
  readonly type?: string | null;
  readonly function?: { readonly name?: string | null; readonly arguments?: string | null } | null;
}

/** A tool call put back together from its fragments. `arguments` is the raw (possibly invalid) JSON text. */
export interface AssembledToolCall {
  readonly id: string;
  readonly name: string;
  readonly arguments: string;
}

/**
 * Puts streamed tool-call fragments back together by `index`: the id and name arrive in the first
 * fragment of a call, the arguments as partial JSON strings to concatenate.
 * Tolerates providers that reuse index 0 for every call but give each call its own id.
 */
export class ToolCallAssembler {
  private readonly slots: { index: number; id: string; name: string; arguments: string }[] = [];
  private readonly byIndex = new Map<number, { index: number; id: string; name: string; arguments: string }>();

  /** Adds one fragment. */
  add(delta: ToolCallDelta): void {
    const index = typeof delta.index === 'number' ? delta.index : this.slots.length;
    let slot = this.byIndex.get(index);
    if (slot && delta.id && slot.id && delta.id !== slot.id) slot = undefined;
    if (!slot) {
      slot = { index, id: '', name: '', arguments: '' };
      this.byIndex.set(index, slot);
      this.slots.push(slot);
    }
    if (delta.id && !slot.id) slot.id = delta.id;
    const name = delta.function?.name;
    if (name && !slot.name) slot.name = name;
    const args = delta.function?.arguments;
    if (args) slot.arguments += args;
  }

  /** True once any fragment arrived. */
  get hasCalls(): boolean {
    return this.slots.length > 0;
  }

  /**
   * The calls in the model's order. Missing ids are generated and repeated ids get a suffix,
   * because results are matched to calls by id.
   */
  calls(makeId: () => string): AssembledToolCall[] {
    const seen = new Set<string>();
    return this.slots.map((slot) => {
      let id = slot.id || makeId();
      if (seen.has(id)) {
        let n = 2;
        while (seen.has(`${id}_${n}`)) n++;
        id = `${id}_${n}`;
      }
      seen.add(id);
      return { id, name: slot.name, arguments: slot.arguments };
    });
  }
}

/**
 * Parses the arguments of a call. Empty text means "no arguments" (`{}`): several providers send
 * nothing for parameterless tools.
 */
export function parseToolArguments(text: string): { ok: true; value: unknown } | { ok: false; message: string } {
  if (text.trim() === '') return { ok: true, value: {} };
  try {
    return { ok: true, value: JSON.parse(text) as unknown };
  } catch (error) {
    return { ok: false, message: error instanceof Error ? error.message : String(error) };
  }
}

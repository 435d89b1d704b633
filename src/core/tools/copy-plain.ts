// Its own module: study params (eager) copy defaults with it, while compile-default.ts loads only with
// the tools (tool-call-kit.ts, issue #12).

/** A deep copy of plain data (arrays and objects; anything else as it is), as TypeBox's `Clone` makes of it. */
export function copy(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(copy);
  if (typeof value !== 'object' || value === null) return value;
  const out: Record<string, unknown> = {};
  for (const key of Object.getOwnPropertyNames(value)) out[key] = copy((value as Record<string, unknown>)[key]);
  return out;
}

import type { ToolErrorDetail } from '../../protocol/index.js';

/** Own keys that could reach or replace a prototype when an input is copied or merged. */
const FORBIDDEN_KEYS: ReadonlySet<string> = new Set(['__proto__', 'constructor', 'prototype']);
const MAX_DEPTH = 64;
const MAX_NODES = 200_000;
const SAFE_SEGMENT = /^[A-Za-z_][A-Za-z0-9_]{0,63}$/;

/** Thrown inside the walk; never escapes {@link toPlainInput}. */
class Refusal extends Error {
  constructor(readonly detail: ToolErrorDetail) {
    super(detail.reason);
  }
}

/**
 * A fresh plain-JSON copy of a tool input, read once, so that validation and the tool see the same
 * values and nothing the caller holds (getters, proxies, prototypes) runs again later. Refuses, with
 * one detail naming where: own keys `__proto__`, `constructor` or `prototype` at any depth; values
 * JSON cannot carry (functions, symbols, bigints, non-finite numbers); cycles; nesting deeper than 64;
 * more than 200,000 values; and any getter or proxy trap that throws. `undefined` input is `{}`;
 * `undefined` object members are dropped and array holes become `null`, as `JSON.stringify` does.
 * Paths name fields and indexes only; a key that is not a plain identifier shows as `[?]`, so input
 * text never reaches a path.
 */
export function toPlainInput(input: unknown): { ok: true; value: unknown } | { ok: false; details: ToolErrorDetail[] } {
  let nodes = 0;
  // The path being read, as segments: formatted only when something is refused (10,000 markers
  // would otherwise build 50,000 path strings nobody reads).
  const segments: (string | number)[] = [];
  const stack = new Set<object>();
  const refuse = (reason: string): never => {
    throw new Refusal({ path: formatPath(segments) || '(input)', reason });
  };
  const walk = (value: unknown, depth: number): unknown => {
    if (++nodes > MAX_NODES) refuse(`too many values (more than ${MAX_NODES})`);
    if (value === null || typeof value === 'boolean' || typeof value === 'string') return value;
    if (typeof value === 'number') return Number.isFinite(value) ? value : refuse('expected a finite number');
    if (typeof value !== 'object') return refuse(`expected a JSON value, got a ${typeof value}`);
    if (depth >= MAX_DEPTH) refuse(`nested more than ${MAX_DEPTH} levels deep`);
    if (stack.has(value)) refuse('refers to itself (a cycle)');
    stack.add(value);
    try {
      if (Array.isArray(value)) {
        const length = value.length;
        const out: unknown[] = new Array<unknown>(length);
        for (let i = 0; i < length; i++) {
          segments.push(i);
          const item: unknown = value[i];
          out[i] = item === undefined ? null : walk(item, depth + 1);
          segments.pop();
        }
        return out;
      }
      const out: Record<string, unknown> = {};
      for (const key of Object.keys(value)) {
        if (FORBIDDEN_KEYS.has(key)) refuse(`the key "${key}" is not allowed`);
        segments.push(key);
        const member: unknown = (value as Record<string, unknown>)[key];
        if (member !== undefined) out[key] = walk(member, depth + 1);
        segments.pop();
      }
      return out;
    } finally {
      stack.delete(value);
    }
  };
  try {
    return { ok: true, value: input === undefined ? {} : walk(input, 0) };
  } catch (error) {
    if (error instanceof Refusal) return { ok: false, details: [error.detail] };
    // A getter or proxy trap threw: its message is the caller's text, so it is not repeated.
    return {
      ok: false,
      details: [{ path: formatPath(segments) || '(input)', reason: 'could not be read (a getter or proxy threw)' }],
    };
  }
}

/** `['markers', 3, 'time']` → `markers[3].time`; a key that is not a plain identifier shows as `[?]`. */
function formatPath(segments: readonly (string | number)[]): string {
  let out = '';
  for (const s of segments) {
    if (typeof s === 'number') out += `[${s}]`;
    else {
      const name = SAFE_SEGMENT.test(s) ? s : '[?]';
      out += out ? `.${name}` : name;
    }
  }
  return out;
}

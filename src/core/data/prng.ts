/**
 * Deterministic pseudo-random numbers for the sample data. Only integer operations, `+ - * /` and
 * `Math.sqrt` are used downstream (all exactly specified by IEEE 754), so the same seed gives the same
 * bars bit for bit in every engine on every machine; `Math.log`/`Math.cos` (Box–Muller) would not.
 */
export interface Prng {
  /** Uniform in [0, 1). */
  next(): number;
  /** Approximately standard normal (Irwin–Hall sum of four uniforms, rescaled to unit variance). */
  normal(): number;
}

/** FNV-1a hash of a string: a stable 32-bit seed from an instrument key. */
export function hashSeed(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}

const SQRT3 = 1.7320508075688772;

/** mulberry32: tiny, fast, good enough for synthetic prices (not for anything secret). */
export function createPrng(seed: number): Prng {
  let state = seed >>> 0;
  const next = (): number => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
  return {
    next,
    normal: () => (next() + next() + next() + next() - 2) * SQRT3,
  };
}

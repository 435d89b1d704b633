import type { ParamErrorItem } from './param-errors.js';
import type { TSchema } from '@sinclair/typebox';

/** Why a value fails a params schema, worded (param-errors.ts `paramErrors`). */
export type ParamWording = (schema: TSchema, value: unknown) => ParamErrorItem[];

let wording: ParamWording | null = null;

/**
 * The words resolve-params.ts gives a refused params object when its caller passes none, or null while
 * they are not loaded: in the bundle they are a chunk (lazy-param-errors.ts, issue #12); Node and the
 * unbundled modules set them at once (default-param-errors.ts).
 */
export function paramWording(): ParamWording | null {
  return wording;
}

/** Internal (default-param-errors.ts, lazy-param-errors.ts): sets the words. */
export function setParamWording(words: ParamWording): void {
  wording = words;
}

import { lazyModule } from '../../src/core/tools/lazy-module.js';

export type InputParts = typeof import('./input-parts.js');

let parts: InputParts | null = null;

/** The input parts' chunk (input-parts.ts); a failed fetch is forgotten, so the next call tries again. */
export const loadInputParts: () => Promise<InputParts> = lazyModule(() =>
  import('./input-parts.js').then((module) => (parts = module)),
);

/** The input parts when they are loaded, else null. */
export function inputParts(): InputParts | null {
  return parts;
}

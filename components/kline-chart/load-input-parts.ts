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

/**
 * Runs `act` with the input parts: at once when they are here, else when they arrive (calls run in the
 * order made). When the chunk cannot be fetched it warns and calls `failed`; the next call fetches again.
 */
export function withInputParts(act: (parts: InputParts) => void, failed?: () => void): void {
  if (parts) return act(parts);
  loadInputParts().then(act, (error: unknown) => {
    console.warn("kline-chart: the chart's input could not be loaded", error);
    failed?.();
  });
}

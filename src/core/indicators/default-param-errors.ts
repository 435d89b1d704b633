import { paramErrors } from './param-errors.js';
import { setParamWording } from './param-wording.js';

setParamWording(paramErrors);

/**
 * Node and the unbundled modules word params refusals at once: the words are imported with the
 * rest (param-errors.ts), so this resolves at once. The browser bundle replaces this module with
 * lazy-param-errors.ts (rollup.config.js), where they are a chunk.
 */
export function loadParamErrors(): Promise<void> {
  return Promise.resolve();
}

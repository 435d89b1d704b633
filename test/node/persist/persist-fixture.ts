import type { LayoutStorage } from '../../../src/core/persist/index.js';

/** A Storage-like Map, as localStorage would behave. */
export class MapStorage implements LayoutStorage {
  readonly map = new Map<string, string>();
  getItem(key: string): string | null {
    return this.map.get(key) ?? null;
  }
  setItem(key: string, value: string): void {
    this.map.set(key, String(value));
  }
  removeItem(key: string): void {
    this.map.delete(key);
  }
}

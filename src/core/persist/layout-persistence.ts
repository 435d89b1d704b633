import type { LayoutDocument } from './layout-document.js';
import { parseLayout } from './parse-layout.js';

/** The part of `Storage` (localStorage) persistence needs; a Map-backed object works in Node. */
export interface LayoutStorage {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem?(key: string): void;
}

/** What `restore` found under a key. */
export type RestoreResult =
  | { readonly status: 'empty' }
  | { readonly status: 'restored'; readonly layout: LayoutDocument }
  /** Corrupt or newer: the text was copied to `quarantineKey` and is not applied. */
  | { readonly status: 'rejected'; readonly code: 'persist_corrupt' | 'persist_newer_version'; readonly message: string; readonly quarantineKey: string | null }
  /** The storage itself failed (blocked cookies, quota, private mode). */
  | { readonly status: 'unavailable'; readonly code: 'persist_unavailable'; readonly message: string };

/** What `save` did. */
export type SaveResult = { readonly ok: true } | { readonly ok: false; readonly code: 'persist_unavailable'; readonly message: string };

/** Prefix of a quarantined copy: `${key}:quarantine:<savedAt ms>`. */
export function quarantinePrefix(key: string): string {
  return `${key}:quarantine:`;
}

/**
 * Saves and restores layout documents in a `Storage`-like object. A record that cannot be used
 * (corrupt, or written by a newer version) is copied aside to `${key}:quarantine:<timestamp>`
 * before anything else happens: the copy is never overwritten (a clash gets a suffix), so no
 * user layout is lost to a bad read; the original key is then freed for new saves.
 */
export class LayoutPersistence {
  readonly #storage: LayoutStorage;
  readonly #now: () => number;

  constructor(storage: LayoutStorage, options: { now?: () => number } = {}) {
    this.#storage = storage;
    this.#now = options.now ?? Date.now;
  }

  restore(key: string): RestoreResult {
    let text: string | null;
    try {
      text = this.#storage.getItem(key);
    } catch (error) {
      return { status: 'unavailable', code: 'persist_unavailable', message: `Saved layout '${key}' could not be read: ${(error as Error).message}` };
    }
    if (text === null) return { status: 'empty' };
    const parsed = parseLayout(text);
    if (parsed.ok) return { status: 'restored', layout: parsed.layout };
    const quarantineKey = this.#quarantine(key, text);
    const where = quarantineKey ? `kept as '${quarantineKey}'` : 'it could not be copied aside and was left in place';
    if (parsed.newerVersion !== undefined) {
      return {
        status: 'rejected', code: 'persist_newer_version', quarantineKey,
        message: `Saved layout '${key}' was written by a newer version (${parsed.newerVersion}) and was not applied; ${where}.`,
      };
    }
    return { status: 'rejected', code: 'persist_corrupt', quarantineKey, message: `Saved layout '${key}' is corrupt (${parsed.reason}) and was not applied; ${where}.` };
  }

  save(key: string, layout: LayoutDocument): SaveResult {
    try {
      this.#storage.setItem(key, JSON.stringify(layout));
      return { ok: true };
    } catch (error) {
      return { ok: false, code: 'persist_unavailable', message: `The layout could not be saved under '${key}': ${(error as Error).message}` };
    }
  }

  /** Copies `text` to a fresh quarantine key; null when the storage refuses. */
  #quarantine(key: string, text: string): string | null {
    try {
      const base = `${quarantinePrefix(key)}${this.#now()}`;
      let target = base;
      for (let i = 1; this.#storage.getItem(target) !== null; i++) target = `${base}-${i}`;
      this.#storage.setItem(target, text);
      // Only once the copy exists: the next reload must not report (and copy) the same record again.
      this.#storage.removeItem?.(key);
      return target;
    } catch {
      return null;
    }
  }
}

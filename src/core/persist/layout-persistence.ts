import type { LayoutDocument } from './layout-document.js';
import { parseLayout, type LayoutCheckOptions } from './parse-layout.js';

/** The part of `Storage` (localStorage) persistence needs; a Map-backed object works in Node. */
export interface LayoutStorage {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem?(key: string): void;
}

/** What `restore` found under a key. */
export type RestoreResult =
  | { readonly status: 'empty' }
  /**
   * Applied. When parts were invalid (`dropped` non-empty) they were left out, the original text
   * was copied to `quarantineKey` and `message` says what was dropped.
   */
  | {
      readonly status: 'restored';
      readonly layout: LayoutDocument;
      readonly dropped: readonly string[];
      readonly quarantineKey: string | null;
      readonly message: string | null;
    }
  /** Corrupt or newer: the text was copied to `quarantineKey` and is not applied. */
  | {
      readonly status: 'rejected';
      readonly code: 'persist_corrupt' | 'persist_newer_version';
      readonly message: string;
      readonly quarantineKey: string | null;
    }
  /** The storage itself failed (blocked cookies, quota, private mode). */
  | { readonly status: 'unavailable'; readonly code: 'persist_unavailable'; readonly message: string };

/** What `save` did. `document` is what was (or would have been) written, labels redacted. */
export type SaveResult =
  | { readonly ok: true; readonly document: LayoutDocument }
  | {
      readonly ok: false;
      readonly code: 'persist_unavailable' | 'persist_quota_exceeded';
      readonly message: string;
      readonly document: LayoutDocument;
    };

/** Options of {@link LayoutPersistence}. */
export interface LayoutPersistenceOptions {
  readonly now?: () => number;
  /** Semantic checks of restored layouts (known studies). */
  readonly check?: LayoutCheckOptions;
  /** Applied to every drawing label before it is written (secrets redaction). */
  readonly redactText?: (text: string) => string;
}

/** Prefix of a quarantined copy: `${key}:quarantine:<savedAt ms>`. */
export function quarantinePrefix(key: string): string {
  return `${key}:quarantine:`;
}

/** Whether a storage error means "out of space" (the name differs across browsers). */
export function isQuotaError(error: unknown): boolean {
  const e = error as { name?: unknown; code?: unknown } | null;
  return (
    !!e &&
    (e.name === 'QuotaExceededError' || e.name === 'NS_ERROR_DOM_QUOTA_REACHED' || e.code === 22 || e.code === 1014)
  );
}

/** The document with `redactText` applied to every drawing label. */
export function redactLayoutLabels(layout: LayoutDocument, redactText: (text: string) => string): LayoutDocument {
  let changed = false;
  const drawings: LayoutDocument['drawings'] = Object.fromEntries(
    Object.entries(layout.drawings).map(([key, list]) => [
      key,
      list.map((d) => {
        if (typeof d.label !== 'string' || d.label === '') return d;
        const label = redactText(d.label);
        if (label === d.label) return d;
        changed = true;
        return { ...d, label };
      }),
    ]),
  );
  return changed ? { ...layout, drawings } : layout;
}

/**
 * Saves and restores layout documents in a `Storage`-like object. A record that cannot be used
 * (corrupt, or written by a newer version) is copied aside to `${key}:quarantine:<timestamp>`
 * before anything else happens: the copy is never overwritten (a clash gets a suffix), so no
 * user layout is lost to a bad read; the original key is then freed for new saves. A record with
 * some invalid parts is copied aside the same way, and the valid rest is restored and written back.
 */
export class LayoutPersistence {
  readonly #storage: LayoutStorage;
  readonly #now: () => number;
  readonly #check: LayoutCheckOptions;
  readonly #redact: ((text: string) => string) | null;

  constructor(storage: LayoutStorage, options: LayoutPersistenceOptions = {}) {
    this.#storage = storage;
    this.#now = options.now ?? Date.now;
    this.#check = options.check ?? {};
    this.#redact = options.redactText ?? null;
  }

  restore(key: string): RestoreResult {
    let text: string | null;
    try {
      text = this.#storage.getItem(key);
    } catch (error) {
      return {
        status: 'unavailable',
        code: 'persist_unavailable',
        message: `Saved layout '${key}' could not be read: ${(error as Error).message}`,
      };
    }
    if (text === null) return { status: 'empty' };
    const parsed = parseLayout(text, this.#check);
    if (parsed.ok) {
      if (parsed.dropped.length === 0)
        return { status: 'restored', layout: parsed.layout, dropped: [], quarantineKey: null, message: null };
      const quarantineKey = this.#quarantine(key, text, false);
      // The valid rest replaces the record, so the next reload does not report (and copy) it again.
      if (quarantineKey) this.#write(key, parsed.layout);
      const where = quarantineKey
        ? `the original is kept as '${quarantineKey}'`
        : 'the original could not be copied aside and was left in place';
      const list =
        parsed.dropped.slice(0, 5).join('; ') +
        (parsed.dropped.length > 5 ? `; and ${parsed.dropped.length - 5} more` : '');
      return {
        status: 'restored',
        layout: parsed.layout,
        dropped: parsed.dropped,
        quarantineKey,
        message: `Saved layout '${key}' had ${parsed.dropped.length} invalid part(s), left out (${list}); ${where}.`,
      };
    }
    const quarantineKey = this.#quarantine(key, text, true);
    const where = quarantineKey ? `kept as '${quarantineKey}'` : 'it could not be copied aside and was left in place';
    if (parsed.newerVersion !== undefined) {
      return {
        status: 'rejected',
        code: 'persist_newer_version',
        quarantineKey,
        message: `Saved layout '${key}' was written by a newer version (${parsed.newerVersion}) and was not applied; ${where}.`,
      };
    }
    return {
      status: 'rejected',
      code: 'persist_corrupt',
      quarantineKey,
      message: `Saved layout '${key}' is corrupt (${parsed.reason}) and was not applied; ${where}.`,
    };
  }

  /** The usable document under `key` (parts left out as in `restore`), or null; no side effects. */
  read(key: string): LayoutDocument | null {
    try {
      const text = this.#storage.getItem(key);
      return text === null ? null : this.parse(text);
    } catch {
      return null;
    }
  }

  /** Parses a stored text with this persistence's checks; null when it cannot be used at all. */
  parse(text: string): LayoutDocument | null {
    const parsed = parseLayout(text, this.#check);
    return parsed.ok ? parsed.layout : null;
  }

  save(key: string, layout: LayoutDocument): SaveResult {
    const document = this.#redact ? redactLayoutLabels(layout, this.#redact) : layout;
    try {
      this.#storage.setItem(key, JSON.stringify(document));
      return { ok: true, document };
    } catch (error) {
      const quota = isQuotaError(error);
      return {
        ok: false,
        code: quota ? 'persist_quota_exceeded' : 'persist_unavailable',
        document,
        message: quota
          ? `The layout could not be saved under '${key}': the browser's storage for this site is full (${(error as Error).message}). Download the layout to keep it.`
          : `The layout could not be saved under '${key}': ${(error as Error).message}`,
      };
    }
  }

  #write(key: string, layout: LayoutDocument): void {
    try {
      this.#storage.setItem(key, JSON.stringify(layout));
    } catch {
      // The next save tries again.
    }
  }

  /** Copies `text` to a fresh quarantine key (then frees `key` when `free`); null when the storage refuses. */
  #quarantine(key: string, text: string, free: boolean): string | null {
    try {
      const base = `${quarantinePrefix(key)}${this.#now()}`;
      let target = base;
      for (let i = 1; this.#storage.getItem(target) !== null; i++) target = `${base}-${i}`;
      this.#storage.setItem(target, text);
      // Only once the copy exists: the next reload must not report (and copy) the same record again.
      if (free) this.#storage.removeItem?.(key);
      return target;
    } catch {
      return null;
    }
  }
}

import { DEFAULT_SETTINGS } from '../state/index.js';
import type { LayoutDocument } from './layout-document.js';
import type { LayoutPersistence, RestoreResult, SaveResult } from './layout-persistence.js';
import { mergeLayouts, type MergeResult } from './merge-layouts.js';

/**
 * One key's layout shared by every tab of a site. Each save writes `revision + 1`, and first
 * re-reads the key: when another tab saved meanwhile (a revision this tab has not seen), this
 * tab's changes since its last read are merged into theirs item by item ({@link mergeLayouts})
 * instead of overwriting them. `incoming` does the same for a `storage` event.
 */
export class LayoutSync {
  readonly #persistence: LayoutPersistence;
  readonly #key: string;
  /** The document this tab last restored, wrote or accepted from another tab. */
  #base: LayoutDocument | null = null;

  constructor(persistence: LayoutPersistence, key: string) {
    this.#persistence = persistence;
    this.#key = key;
  }

  get key(): string {
    return this.#key;
  }

  /** What this tab's layout descends from. */
  get base(): LayoutDocument | null {
    return this.#base;
  }

  restore(): RestoreResult {
    const result = this.#persistence.restore(this.#key);
    if (result.status === 'restored') this.#base = result.layout;
    return result;
  }

  /**
   * Saves this tab's layout. When another tab saved since this tab last read, the result is the
   * merge (`merged`, which the caller should show) and it is what gets written.
   */
  save(ours: LayoutDocument): SaveResult & { readonly merged: MergeResult | null } {
    const stored = this.#persistence.read(this.#key);
    const seen = this.#base?.revision ?? 0;
    let merged: MergeResult | null = null;
    let document = ours;
    if (stored && (stored.revision ?? 0) !== seen) {
      merged = mergeLayouts(this.#base ?? emptyLayout(ours), ours, stored);
      document = merged.layout;
    }
    const revision = Math.max(stored?.revision ?? 0, seen) + 1;
    const result = this.#persistence.save(this.#key, { ...document, revision });
    if (result.ok) this.#base = result.document;
    return { ...result, merged };
  }

  /**
   * Another tab wrote `text` under the key. Returns `ours` merged into their layout when theirs is
   * a revision this tab has not seen (the caller applies it), else null. Their document becomes
   * the base; `changed` says whether the merge differs from theirs (this tab then saves it).
   */
  incoming(text: string | null, ours: LayoutDocument): (MergeResult & { readonly changed: boolean }) | null {
    if (text === null) return null;
    const theirs = this.#persistence.parse(text);
    if (!theirs || (theirs.revision ?? 0) <= (this.#base?.revision ?? 0)) return null;
    const merged = mergeLayouts(this.#base ?? emptyLayout(ours), ours, theirs);
    this.#base = theirs;
    const strip = (d: LayoutDocument) => JSON.stringify({ ...d, savedAt: 0, revision: 0 });
    return { ...merged, changed: strip(merged.layout) !== strip(theirs) };
  }
}

function emptyLayout(like: LayoutDocument): LayoutDocument {
  return {
    version: like.version,
    savedAt: 0,
    indicators: [],
    panes: [{ id: 'price', weight: 3 }],
    drawings: {},
    comparisons: [],
    settings: DEFAULT_SETTINGS,
  };
}

import type { ChartState } from '../../src/core/state/index.js';
import type { IndicatorRegistry } from '../../src/core/indicators/index.js';
import { loadStudiesNamedIn } from '../../src/core/indicators/load-studies-named-in.js';

import {
  applyLayout,
  createPersistRequest,
  LayoutAutosave,
  LayoutPersistence,
  LayoutSync,
  serializeLayout,
  snapshotPersisted,
  type LayoutDocument,
  type LayoutStorage,
  type PersistEventDetail,
} from '../../src/core/persist/index.js';
import type { Store } from '../../src/core/store/index.js';
import { createRedactor } from '../../src/agent/redact.js';
import type { CSSResult } from 'lit';
import type { ChartCore } from '../../src/core/commands/index.js';
import { downloadLayout, persistToastStyles, renderPersistToast } from './kline-persist-toast.js';

// The quota toast comes with the storage side: only a chart with a `persist-key` can show it.
export { downloadLayout, persistToastStyles, renderPersistToast };

/** The quota toast's template and download (kline-persist-toast.ts, in the storage chunk). */
export type PersistToast = Pick<typeof import('./kline-persist-toast.js'), 'renderPersistToast' | 'downloadLayout'>;

/** What the autosave controller (layout-autosave-controller.ts) needs of its element. */
export interface LayoutAutosaveOptions {
  readonly core: ChartCore;
  /** The `persist-key` attribute. */
  readonly key: () => string;
  readonly emit: (type: string, detail: unknown) => void;
  /** The quota toast appeared or went away. */
  readonly requestUpdate: () => void;
  /** Adds the quota toast's styles to the element (they arrive with the storage chunk). */
  readonly adoptStyles: (styles: CSSResult) => void;
  /** The `locale` attribute ('' when the page sets none): when set, a saved layout keeps the chart's locale. */
  readonly pageLocale: () => string;
}

/** What the controller needs from its element. */
export interface LayoutStorageHost {
  readonly store: Store<ChartState>;
  readonly indicators: IndicatorRegistry;
  emit(type: 'kline-error', detail: { code: string; message: string }): void;
  emit(type: 'kline-persist', detail: PersistEventDetail): void;
  /** The quota toast appeared or went away: re-render. */
  requestUpdate(): void;
  /**
   * The chart's `locale` attribute ('' when the page sets none): when set, a saved layout (restored, or
   * merged from another tab) keeps the locale the chart has; its own locale applies only without one.
   */
  pageLocale?(): string;
}

/**
 * `window.localStorage`, or null when reading it throws (sandboxed iframes, blocked cookies) or
 * it does not exist. Never throws.
 */
export function safeLocalStorage(): LayoutStorage | null {
  try {
    const storage = globalThis.localStorage;
    return storage ?? null;
  } catch {
    return null;
  }
}

/**
 * `persist-key` for one chart: restores the layout (invalid parts are left out and kept aside),
 * saves every change (drawing labels redacted), merges saves of other tabs on the same key
 * (`storage` events and a re-read before each write), and when storage is full keeps the layout
 * in the page and offers it as a download. Storage that cannot be read turns persistence off with
 * a warning; the chart works on.
 */
export class LayoutStorageController {
  readonly #host: LayoutStorageHost;
  #autosave: LayoutAutosave | null = null;
  #sync: LayoutSync | null = null;
  #storage: LayoutStorage | null = null;
  /** The locale the user picked during this visit (settings dialog, `settings_update`, their undo), else null. */
  #pickedLocale: string | null = null;
  #stopWatching: (() => void) | null = null;
  /** The layout a full storage could not take; shown in the toast until dismissed. */
  unsaved: LayoutDocument | null = null;

  constructor(host: LayoutStorageHost) {
    this.#host = host;
  }

  /**
   * Loads the code of the studies a saved layout (JSON text) names, with their forms under the
   * conventions it names or the locale the chart keeps (the restore's study loading comes with this
   * chunk, issue #12).
   */
  loadStudiesNamedIn(json: string | null): Promise<void> {
    return loadStudiesNamedIn(this.#host.indicators, json, this.#pageLocale() ?? '');
  }

  /** The chart's locale when the page sets one, which a saved layout does not change. */
  #pageLocale(): string | undefined {
    return this.#host.pageLocale?.().trim() ? this.#host.store.peek('settings').locale : undefined;
  }

  get active(): boolean {
    return this.#autosave !== null;
  }

  start(key: string, options: { redactPatterns?: readonly RegExp[] } = {}): void {
    if (!key || this.#autosave) return;
    const storage = safeLocalStorage();
    if (!storage) {
      const message = `Layout persistence (persist-key '${key}') is off: this page cannot use localStorage (a sandboxed frame or blocked site data). The chart works, but changes are not saved.`;
      console.warn(`<kline-chart>: ${message}`);
      this.#host.emit('kline-error', { code: 'persist_unavailable', message });
      return;
    }
    const redactor = createRedactor([], { patterns: options.redactPatterns ?? [] });
    const persistence = new LayoutPersistence(storage, {
      check: { indicators: this.#host.indicators },
      redactText: redactor.text,
    });
    const sync = new LayoutSync(persistence, key);
    this.#storage = storage;
    this.#sync = sync;
    const restored = sync.restore();
    if (restored.status === 'restored') {
      applyLayout(this.#host.store, this.#withPageLocale(restored.layout));
      if (restored.message) this.#host.emit('kline-error', { code: 'persist_partial', message: restored.message });
    } else if (restored.status === 'rejected' || restored.status === 'unavailable') {
      this.#host.emit('kline-error', { code: restored.code, message: restored.message });
    }
    // Attribute mirroring and restores are not undoable: an undoable (or replayed) locale change is the user's.
    this.#stopWatching = this.#host.store.onCommit((info) => {
      const locale = info.after?.settings?.locale;
      if ((info.undoable || info.replay) && locale !== undefined && locale !== info.before?.settings?.locale)
        this.#pickedLocale = locale;
    });
    this.#autosave = new LayoutAutosave(this.#host.store, {
      save: (doc) => this.#save(doc),
      beforeSave: (doc) => {
        const request = createPersistRequest(doc);
        this.#host.emit('kline-persist', request.detail);
        return request.seal();
      },
      onRejected: (error) =>
        this.#host.emit('kline-error', {
          code: 'persist_rejected',
          message: String((error as Error)?.message ?? error),
        }),
    });
    this.#autosave.start();
    globalThis.addEventListener?.('storage', this.#onStorage);
  }

  /** The element was disconnected: writes a pending save and stops listening; {@link resume} goes on without restoring. */
  pause(): void {
    globalThis.removeEventListener?.('storage', this.#onStorage);
    this.#autosave?.stop();
  }

  /** The element was connected again after {@link pause}. */
  resume(): void {
    if (!this.#autosave) return;
    this.#autosave.start();
    globalThis.addEventListener?.('storage', this.#onStorage);
  }

  stop(): void {
    globalThis.removeEventListener?.('storage', this.#onStorage);
    this.#autosave?.stop();
    this.#autosave = null;
    this.#stopWatching?.();
    this.#stopWatching = null;
    this.#sync = null;
    this.#storage = null;
  }

  dismissToast(): void {
    this.unsaved = null;
    this.#host.requestUpdate();
  }

  #save(doc: LayoutDocument): void {
    const sync = this.#sync;
    if (!sync) return;
    const saved = sync.save(this.#forStorage(doc, sync));
    if (saved.merged) this.#showMerged(saved.merged.layout, saved.merged.conflicts);
    if (saved.ok) {
      if (this.unsaved) this.dismissToast();
      return;
    }
    this.#host.emit('kline-error', { code: saved.code, message: saved.message });
    if (saved.code === 'persist_quota_exceeded') {
      this.unsaved = saved.document;
      this.#host.requestUpdate();
    }
  }

  /** Another tab saved the same key: take its changes, keep ours. */
  readonly #onStorage = (event: StorageEvent): void => {
    const sync = this.#sync;
    if (!sync || event.key !== sync.key || (event.storageArea && event.storageArea !== this.#storage)) return;
    // The other tab may show studies whose code this tab has not loaded yet: load them, then merge.
    if (this.#host.indicators.pending) {
      void this.loadStudiesNamedIn(event.newValue).then(() => {
        if (this.#sync === sync) this.#merge(sync, event.newValue);
      });
      return;
    }
    this.#merge(sync, event.newValue);
  };

  #merge(sync: LayoutSync, newValue: string | null): void {
    // Our pending change first: its save re-reads the key and merges.
    this.#autosave?.flush();
    const ours = this.#forStorage(serializeLayout(snapshotPersisted(this.#host.store)), sync);
    const merged = sync.incoming(newValue, ours);
    if (!merged) return;
    this.#showMerged(merged.layout, merged.conflicts);
    if (merged.changed) this.#save(serializeLayout(snapshotPersisted(this.#host.store)));
  }

  /**
   * `doc` as the shared layout should hold it: on a page that sets `locale`, the locale stays the one
   * the layout already holds (a pick of the user on some page), so a page without the attribute does
   * not restore this page's language; a locale the user picked during this visit is saved as it is
   * (docs/contracts.md "Locale and a saved layout"). With nothing saved yet, the browser's language.
   */
  #forStorage(doc: LayoutDocument, sync: LayoutSync): LayoutDocument {
    if (this.#pageLocale() === undefined) return doc;
    const locale = this.#pickedLocale ?? sync.base?.settings.locale ?? (globalThis.navigator?.language || 'en');
    return locale === doc.settings.locale ? doc : { ...doc, settings: { ...doc.settings, locale } };
  }

  /** `layout` with the chart's locale when the page sets one (docs/contracts.md "Locales"). */
  #withPageLocale(layout: LayoutDocument): LayoutDocument {
    const locale = this.#pageLocale();
    if (locale === undefined) return layout;
    return { ...layout, settings: { ...layout.settings, locale } };
  }

  #showMerged(merged: LayoutDocument, conflicts: readonly string[]): void {
    const layout = this.#withPageLocale(merged);
    const current = serializeLayout(snapshotPersisted(this.#host.store), layout.savedAt);
    const strip = (d: LayoutDocument) => JSON.stringify({ ...d, savedAt: 0, revision: 0 });
    if (strip(current) !== strip(layout)) applyLayout(this.#host.store, layout);
    if (conflicts.length > 0) {
      this.#host.emit('kline-error', {
        code: 'persist_conflict',
        message: `Another tab changed the same layout items (${conflicts.slice(0, 5).join(', ')}); this tab's version of those was kept, every other change of both tabs was merged.`,
      });
    }
  }
}

/**
 * `LayoutAutosaveController.start()` once a `persist-key` is set (layout-autosave-controller.ts): adopts the
 * quota toast, restores the saved layout (the studies it names load first) and starts saving changes, paused
 * while the element is not `connected`.
 */
export async function startAutosave(
  autosave: { storage: LayoutStorageController | null; toast: PersistToast | null },
  o: LayoutAutosaveOptions,
  key: string,
  connected: () => boolean,
): Promise<void> {
  if (!autosave.toast) {
    o.adoptStyles(persistToastStyles);
    autosave.toast = { renderPersistToast, downloadLayout };
  }
  let text: string | null = null;
  try {
    text = safeLocalStorage()?.getItem(key) ?? null;
  } catch {
    // start() below reports an unreadable store.
  }
  const storage = (autosave.storage ??= new LayoutStorageController({
    store: o.core.store,
    indicators: o.core.indicatorRegistry,
    emit: (type: string, detail: unknown) => o.emit(type, detail),
    requestUpdate: o.requestUpdate,
    pageLocale: o.pageLocale,
  }));
  await storage.loadStudiesNamedIn(text);
  if (!storage.active) storage.start(key);
  if (!connected()) storage.pause();
}

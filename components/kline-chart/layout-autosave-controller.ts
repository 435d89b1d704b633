import type { CSSResult, ReactiveController, ReactiveControllerHost } from 'lit';
import type { ChartCore } from '../../src/core/commands/index.js';
import type { LayoutStorageController } from './layout-storage-controller.js';

/** The quota toast's template and download (kline-persist-toast.ts, in the storage chunk). */
export type PersistToast = Pick<typeof import('./kline-persist-toast.js'), 'renderPersistToast' | 'downloadLayout'>;

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

/**
 * `persist-key` across connects: restores the saved layout once ({@link start}, through
 * {@link LayoutStorageController}), then saves changes while connected. A disconnect writes a
 * pending save at once; a reconnect saves again without restoring (the chart kept its state).
 * The storage side (parsing, merging, saving layouts) is imported only when a `persist-key` is set,
 * so a chart without one does not download it (a chunk of its own in the bundle: issue #12).
 */
export class LayoutAutosaveController implements ReactiveController {
  readonly #o: LayoutAutosaveOptions;
  /** The storage side: restore, save, merge other tabs, the quota toast; null until a key is used. */
  storage: LayoutStorageController | null = null;
  /** The quota toast, whose code comes with the storage side; null until a key is used. */
  toast: PersistToast | null = null;
  #connected = false;

  constructor(host: ReactiveControllerHost, options: LayoutAutosaveOptions) {
    this.#o = options;
    host.addController(this);
  }

  /**
   * Restores the saved layout (bad parts are reported and kept aside) and starts saving changes.
   * The code of the studies the saved layout names loads first (they are checked against their
   * definitions), so the returned promise settles once the layout is on the chart.
   */
  async start(): Promise<void> {
    const key = this.#o.key();
    if (!key || this.storage?.active) return;
    const module = await import('./layout-storage-controller.js');
    const { LayoutStorageController, safeLocalStorage } = module;
    if (!this.toast) {
      this.#o.adoptStyles(module.persistToastStyles);
      this.toast = module;
    }
    let text: string | null = null;
    try {
      text = safeLocalStorage()?.getItem(key) ?? null;
    } catch {
      // start() below reports an unreadable store.
    }
    const o = this.#o;
    this.storage ??= new LayoutStorageController({
      store: o.core.store,
      indicators: o.core.indicatorRegistry,
      emit: (type: string, detail: unknown) => o.emit(type, detail),
      requestUpdate: o.requestUpdate,
      pageLocale: o.pageLocale,
    });
    await this.storage.loadStudiesNamedIn(text);
    if (!this.storage.active) this.storage.start(key);
    if (!this.#connected) this.storage.pause();
  }

  hostConnected(): void {
    this.#connected = true;
    this.storage?.resume();
  }

  hostDisconnected(): void {
    this.#connected = false;
    this.storage?.pause();
  }
}

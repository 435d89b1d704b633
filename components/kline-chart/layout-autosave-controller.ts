import type { ReactiveController, ReactiveControllerHost } from 'lit';
import type { ChartCore } from '../../src/core/commands/chart-core.js';
import { loadStudiesNamedIn } from '../../src/core/indicators/index.js';
import { LayoutStorageController, safeLocalStorage } from './layout-storage-controller.js';

export interface LayoutAutosaveOptions {
  readonly core: ChartCore;
  /** The `persist-key` attribute. */
  readonly key: () => string;
  readonly emit: (type: string, detail: unknown) => void;
  /** The quota toast appeared or went away. */
  readonly requestUpdate: () => void;
}

/**
 * `persist-key` across connects: restores the saved layout once ({@link start}, through
 * {@link LayoutStorageController}), then saves changes while connected. A disconnect writes a
 * pending save at once; a reconnect saves again without restoring (the chart kept its state).
 */
export class LayoutAutosaveController implements ReactiveController {
  readonly #o: LayoutAutosaveOptions;
  /** The storage side: restore, save, merge other tabs, the quota toast. */
  readonly storage: LayoutStorageController;

  constructor(host: ReactiveControllerHost, options: LayoutAutosaveOptions) {
    this.#o = options;
    this.storage = new LayoutStorageController({
      store: options.core.store,
      indicators: options.core.indicatorRegistry,
      emit: (type: string, detail: unknown) => options.emit(type, detail),
      requestUpdate: options.requestUpdate,
    });
    host.addController(this);
  }

  /**
   * Restores the saved layout (bad parts are reported and kept aside) and starts saving changes.
   * The code of the studies the saved layout names loads first (they are checked against their
   * definitions), so the returned promise settles once the layout is on the chart.
   */
  async start(): Promise<void> {
    if (this.storage.active) return;
    const key = this.#o.key();
    if (key) await this.#loadSavedStudies(key);
    if (!this.storage.active) this.storage.start(key);
  }

  async #loadSavedStudies(key: string): Promise<void> {
    let text: string | null = null;
    try {
      text = safeLocalStorage()?.getItem(key) ?? null;
    } catch {
      return; // storage.start reports an unreadable store
    }
    await loadStudiesNamedIn(this.#o.core.indicatorRegistry, text);
  }

  hostConnected(): void {
    this.storage.resume();
  }

  hostDisconnected(): void {
    this.storage.pause();
  }
}

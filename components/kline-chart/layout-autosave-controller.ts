import type { ReactiveController, ReactiveControllerHost } from 'lit';
import type { LayoutAutosaveOptions, LayoutStorageController, PersistToast } from './layout-storage-controller.js';

export type { LayoutAutosaveOptions, PersistToast } from './layout-storage-controller.js';

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
    // The rest comes with the storage side (layout-storage-controller.ts `startAutosave`): issue #12.
    await (await import('./layout-storage-controller.js')).startAutosave(this, this.#o, key, () => this.#connected);
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

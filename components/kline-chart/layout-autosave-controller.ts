import type { ReactiveController, ReactiveControllerHost } from 'lit';
import type { ChartCore } from '../../src/core/commands/index.js';
import { LayoutStorageController } from './layout-storage-controller.js';

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

  /** Restores the saved layout (bad parts are reported and kept aside) and starts saving changes. */
  start(): void {
    if (!this.storage.active) this.storage.start(this.#o.key());
  }

  hostConnected(): void {
    this.storage.resume();
  }

  hostDisconnected(): void {
    this.storage.pause();
  }
}

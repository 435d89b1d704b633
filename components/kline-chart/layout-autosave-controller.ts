import type { ReactiveController, ReactiveControllerHost } from 'lit';
import type { ChartCore } from '../../src/core/commands/chart-core.js';
import { LayoutPersistence, applyLayout, LayoutAutosave, createPersistRequest } from '../../src/core/persist/index.js';

export interface LayoutAutosaveOptions {
  readonly core: ChartCore;
  /** The `persist-key` attribute. */
  readonly key: () => string;
  readonly emit: (type: string, detail: unknown) => void;
}

/**
 * `persist-key`: restores the saved layout once ({@link start}), then saves changes while connected.
 * A disconnect writes a pending save at once; a reconnect saves again without restoring (the chart
 * kept its state).
 */
export class LayoutAutosaveController implements ReactiveController {
  readonly #o: LayoutAutosaveOptions;
  #autosave: LayoutAutosave | null = null;
  #started = false;

  constructor(host: ReactiveControllerHost, options: LayoutAutosaveOptions) {
    this.#o = options;
    host.addController(this);
  }

  /** Restores the saved layout (a bad record is reported and kept aside) and starts saving changes. */
  start(): void {
    if (this.#started) return;
    const key = this.#o.key();
    if (!key || typeof localStorage === 'undefined') return;
    this.#started = true;
    const { core, emit } = this.#o;
    const store = new LayoutPersistence(localStorage);
    const restored = store.restore(key);
    if (restored.status === 'restored') {
      applyLayout(core.store, restored.layout);
    } else if (restored.status === 'rejected' || restored.status === 'unavailable') {
      emit('kline-error', { code: restored.code, message: restored.message });
    }
    this.#autosave = new LayoutAutosave(core.store, {
      save: (doc) => {
        const saved = store.save(this.#o.key() || key, doc);
        if (!saved.ok) emit('kline-error', { code: saved.code, message: saved.message });
      },
      beforeSave: (doc) => {
        const request = createPersistRequest(doc);
        emit('kline-persist', request.detail);
        return request.seal();
      },
      onRejected: (error) => emit('kline-error', { code: 'persist_rejected', message: String((error as Error)?.message ?? error) }),
    });
    this.#autosave.start();
  }

  hostConnected(): void {
    this.#autosave?.start();
  }

  hostDisconnected(): void {
    this.#autosave?.stop();
  }
}

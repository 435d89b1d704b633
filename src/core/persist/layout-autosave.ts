import type { ChartState } from '../state/index.js';
import type { CommitInfo, Store } from '../store/index.js';
import { RESTORE_ACTION } from './apply-layout.js';
import {
  isRollingBack,
  persistCommitted,
  ROLLBACK_ACTION,
  snapshotPersisted,
  type PersistHooks,
  type PersistedSnapshot,
} from './commit-with-persist.js';
import type { LayoutDocument } from './layout-document.js';

/** Options of `LayoutAutosave`. */
export interface LayoutAutosaveOptions extends PersistHooks {
  /** Quiet time before a save when no host holds it, ms; default 300. */
  readonly debounceMs?: number;
  /** A host rejected a save and the change was rolled back. */
  onRejected?(error: unknown): void;
  /** Timer functions (tests pass fakes); default the global ones. */
  readonly setTimer?: (fn: () => void, ms: number) => unknown;
  readonly clearTimer?: (handle: unknown) => void;
}

/**
 * Saves the layout after every committed change of a persisted slice, whoever made it (user,
 * agent, undo). When `beforeSave` returns promises (a host called `kline-persist`'s `waitUntil`)
 * the save waits for them and a rejection rolls the change back; otherwise saves are debounced.
 */
export class LayoutAutosave {
  readonly #store: Store<ChartState>;
  readonly #o: LayoutAutosaveOptions;
  #last: PersistedSnapshot;
  #timer: unknown = null;
  #pending: LayoutDocument | null = null;
  #off: (() => void) | null = null;

  constructor(store: Store<ChartState>, options: LayoutAutosaveOptions) {
    this.#store = store;
    this.#o = options;
    this.#last = snapshotPersisted(store);
  }

  /** Starts listening; returns `stop`. Call after a restore so the restored layout is the baseline. */
  start(): () => void {
    this.#last = snapshotPersisted(this.#store);
    this.#off ??= this.#store.onCommit((info) => this.#onCommit(info));
    return () => this.stop();
  }

  /** Stops listening and writes a pending debounced save now. */
  stop(): void {
    this.#off?.();
    this.#off = null;
    this.flush();
  }

  /** Writes a pending debounced save now. */
  flush(): void {
    if (this.#timer !== null) (this.#o.clearTimer ?? clearTimeout)(this.#timer as ReturnType<typeof setTimeout>);
    this.#timer = null;
    const doc = this.#pending;
    this.#pending = null;
    if (doc) this.#o.save(doc);
  }

  #onCommit(info: CommitInfo<ChartState>): void {
    const before = this.#last;
    const now = snapshotPersisted(this.#store);
    this.#last = now;
    if (info.name === RESTORE_ACTION || info.name === ROLLBACK_ACTION || isRollingBack(this.#store)) return;
    if (
      Object.keys(now).every((k) => Object.is(now[k as keyof PersistedSnapshot], before[k as keyof PersistedSnapshot]))
    )
      return;
    const held = { value: false };
    const hooks: PersistHooks = {
      now: this.#o.now,
      beforeSave: (doc) => {
        const waits = this.#o.beforeSave?.(doc) ?? [];
        held.value = waits.length > 0;
        return waits;
      },
      save: (doc) => {
        if (held.value) {
          // A host that asked to wait has saved durably itself; our copy follows at once.
          this.#pending = null;
          this.#o.save(doc);
        } else {
          this.#schedule(doc);
        }
      },
    };
    void persistCommitted(this.#store, before, [info], hooks).then((outcome) => {
      if (outcome.status === 'rolled-back') this.#o.onRejected?.(outcome.error);
    });
  }

  #schedule(doc: LayoutDocument): void {
    this.#pending = doc;
    if (this.#timer !== null) (this.#o.clearTimer ?? clearTimeout)(this.#timer as ReturnType<typeof setTimeout>);
    this.#timer = (this.#o.setTimer ?? setTimeout)(() => {
      this.#timer = null;
      const pending = this.#pending;
      this.#pending = null;
      if (pending) this.#o.save(pending);
    }, this.#o.debounceMs ?? 300);
  }
}

import type { ChartState } from '../state/index.js';
import type { CommitInfo, History, Store } from '../store/index.js';
import { PERSISTED_KEYS, type LayoutDocument, type PersistedKey } from './layout-document.js';
import { serializeLayout } from './serialize-layout.js';

/** The persisted slices at one moment (by identity: actions write fresh values). */
export type PersistedSnapshot = Pick<ChartState, PersistedKey>;

/** Name of the action that writes back slices a rejected save could not undo (not an undo step). */
export const ROLLBACK_ACTION = 'persist_rollback';

/** How a change is made durable. */
export interface PersistHooks {
  /**
   * Called with the document to save once the change is in the store. Returns the promises a
   * host handed to `kline-persist`'s `waitUntil` (none: save at once). One rejection rolls the
   * change back.
   */
  beforeSave?(document: LayoutDocument): readonly PromiseLike<unknown>[];
  /** Writes the document (e.g. `LayoutPersistence.save`). */
  save(document: LayoutDocument): void;
  /** Timestamp of the document; default `Date.now`. */
  now?(): number;
}

/** What happened to a change. */
export type PersistOutcome =
  | { readonly status: 'unchanged' }
  | { readonly status: 'saved'; readonly document: LayoutDocument }
  | { readonly status: 'rolled-back'; readonly error: unknown };

export function snapshotPersisted(store: Store<ChartState>): PersistedSnapshot {
  return {
    indicators: store.peek('indicators'),
    panes: store.peek('panes'),
    drawings: store.peek('drawings'),
    comparisons: store.peek('comparisons'),
    settings: store.peek('settings'),
    markers: store.peek('markers'),
    priceLines: store.peek('priceLines'),
  };
}

function changedKeys(a: PersistedSnapshot, b: PersistedSnapshot): PersistedKey[] {
  return PERSISTED_KEYS.filter((k) => !Object.is(a[k], b[k]));
}

/**
 * Runs `change` (a command, a tool call, anything that commits actions), then makes the result
 * durable: when a persisted slice changed, the host may hold the save with `waitUntil`; if it
 * rejects, the change is taken back as if it never happened: the store returns to exactly the
 * previous values and the step is neither undoable nor redoable. Otherwise the document is saved.
 *
 * @example
 * const outcome = await commitWithPersist(core.store, () => core.tools.execute('drawing_create', input), {
 *   beforeSave: (doc) => dispatchPersistEvent(doc), save: (doc) => persistence.save(key, doc) });
 */
export async function commitWithPersist<R>(
  store: Store<ChartState>,
  change: () => R | Promise<R>,
  hooks: PersistHooks,
): Promise<PersistOutcome & { readonly value: R }> {
  const before = snapshotPersisted(store);
  const commits: CommitInfo<ChartState>[] = [];
  const off = store.onCommit((info) => commits.push(info));
  let value: R;
  try {
    value = await change();
  } finally {
    off();
  }
  return { ...(await persistCommitted(store, before, commits, hooks)), value };
}

/**
 * The second half of `commitWithPersist`, for changes already committed (the element calls it
 * from `onCommit` for tool calls it did not start): `before` is the snapshot preceding `commits`.
 */
export async function persistCommitted(
  store: Store<ChartState>,
  before: PersistedSnapshot,
  commits: readonly CommitInfo<ChartState>[],
  hooks: PersistHooks,
): Promise<PersistOutcome> {
  const after = snapshotPersisted(store);
  if (changedKeys(before, after).length === 0) return { status: 'unchanged' };
  const document = serializeLayout(after, (hooks.now ?? Date.now)());
  const waits = hooks.beforeSave?.(document) ?? [];
  if (waits.length > 0) {
    const meanwhile: CommitInfo<ChartState>[] = [];
    const off = store.onCommit((info) => meanwhile.push(info));
    try {
      await Promise.all(waits);
    } catch (error) {
      off();
      rollBack(store, before, commits, meanwhile);
      return { status: 'rolled-back', error };
    }
    off();
  }
  hooks.save(document);
  return { status: 'saved', document };
}

/**
 * Takes `commits` back. Each undoable step is reverted through history when it is still on top
 * (so its recorded non-persisted slices, e.g. the selection, return too) and then dropped from
 * the redo stack; replays are inverted (an undo is redone). Whatever still differs from `before`
 * afterwards (non-undoable changes, or history that moved on meanwhile) is written back without a
 * history entry.
 */
function rollBack(
  store: Store<ChartState>,
  before: PersistedSnapshot,
  commits: readonly CommitInfo<ChartState>[],
  meanwhile: readonly CommitInfo<ChartState>[],
): void {
  rollingBack.add(store);
  try {
    revert(store, before, commits, meanwhile);
  } finally {
    rollingBack.delete(store);
  }
}

const rollingBack = new WeakSet<object>();

/** True while a rejected change is being taken back (its commits are not new changes to save). */
export function isRollingBack(store: Store<ChartState>): boolean {
  return rollingBack.has(store);
}

function revert(
  store: Store<ChartState>,
  before: PersistedSnapshot,
  commits: readonly CommitInfo<ChartState>[],
  meanwhile: readonly CommitInfo<ChartState>[],
): void {
  const historyMoved = meanwhile.some((c) => c.undoable || c.replay);
  if (!historyMoved) {
    for (const c of [...commits].reverse()) {
      if (c.replay === 'undo') {
        if (store.history.redoLabel !== c.name) break;
        store.redo();
      } else if (c.replay === 'redo') {
        if (store.history.undoLabel !== c.name) break;
        store.undo();
      } else if (c.undoable) {
        if (store.history.undoLabel !== c.name) break;
        store.undo();
        dropTopRedo(store.history);
      }
    }
  }
  const now = snapshotPersisted(store);
  const keys = changedKeys(before, now);
  if (keys.length > 0) {
    store.action(
      ROLLBACK_ACTION,
      (d) => {
        for (const k of keys) d.set(k, before[k]);
      },
      { undoable: false },
    );
  }
}

/**
 * Forgets the step just undone. History has no "discard the top redo entry", but pushing the top
 * undo entry back clears the redo stack and leaves the undo stack as it was (a new step had
 * cleared everything above the rejected one already).
 */
function dropTopRedo(history: History<ChartState>): void {
  const top = history.takeUndo();
  if (top) history.push(top);
  else history.clear();
}

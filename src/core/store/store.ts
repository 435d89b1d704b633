import { Signal } from 'signal-polyfill';
import { History, type HistoryEntry } from './history.js';
import { readOnly, type ReadOnlySignal } from './read-only-signal.js';

/** What an action can do to the state while it runs. */
export interface Draft<S> {
  get<K extends keyof S>(key: K): S[K];
  set<K extends keyof S>(key: K, value: S[K]): void;
}

export interface ActionOptions {
  /** Recorded as one undo step (default true). */
  readonly undoable?: boolean;
  /** Volatile slices to record in this step anyway (a tool call that sets the view). */
  readonly record?: readonly PropertyKey[];
}

/** Who made a step: the agent run and tool call whose execution committed it. */
export interface StepTag {
  readonly runId: string;
  readonly callId?: string;
}

/** Told after every committed action. */
export interface CommitInfo<S> {
  readonly name: string;
  readonly undoable: boolean;
  readonly changed: readonly (keyof S)[];
  /** `undo` / `redo` when the commit replays history. */
  readonly replay?: 'undo' | 'redo';
  /** Values of the changed slices before and after the commit. */
  readonly before?: Partial<S>;
  readonly after?: Partial<S>;
  /** The run and call that made this step, when it came from an agent's tool call. */
  readonly tag?: StepTag;
}

/**
 * The chart's single source of truth. Only actions write; everyone else reads `state`, whose
 * signals are read-only. Nested actions join the outermost one, so a composite command is one
 * undo step. Slices listed in `volatileKeys` (bars, view) are never recorded in history: they are
 * large or follow from the others.
 */
export class Store<S extends object> {
  readonly state: { readonly [K in keyof S]: ReadOnlySignal<S[K]> };
  readonly history: History<S>;
  readonly #slices: { [K in keyof S]: Signal.State<S[K]> };
  readonly #volatile: ReadonlySet<keyof S>;
  readonly #listeners = new Set<(info: CommitInfo<S>) => void>();
  #tx: {
    name: string;
    undoable: boolean;
    record: readonly PropertyKey[];
    before: Partial<S>;
    pending: Partial<S>;
    depth: number;
  } | null = null;
  readonly #revision = new Signal.State(0);
  #tag: StepTag | null = null;
  /** A composed call in progress: its label and the one history step its commits fold into. */
  #group: { label: string; entry: HistoryEntry<S> | null } | null = null;
  /** Increases after every commit (any slice). */
  readonly revision: ReadOnlySignal<number> = readOnly(this.#revision);

  constructor(initial: S, options: { volatileKeys?: readonly (keyof S)[]; historyLimit?: number } = {}) {
    const slices = {} as { [K in keyof S]: Signal.State<S[K]> };
    const views = {} as { [K in keyof S]: ReadOnlySignal<S[K]> };
    for (const key of Object.keys(initial) as (keyof S)[]) {
      // Equality by identity: actions always write fresh immutable values.
      slices[key] = new Signal.State(initial[key]);
      views[key] = readOnly(slices[key]);
    }
    this.#slices = slices;
    this.state = views;
    this.#volatile = new Set(options.volatileKeys ?? []);
    this.history = new History<S>(options.historyLimit);
  }

  /** Current value of a slice (untracked reads are fine inside actions). */
  peek<K extends keyof S>(key: K): S[K] {
    const tx = this.#tx;
    if (tx && key in tx.pending) return tx.pending[key] as S[K];
    return Signal.subtle.untrack(() => this.#slices[key].get());
  }

  /**
   * Runs `fn` as one action named `name`. Writes become visible together when the outermost
   * action returns; if `fn` throws, nothing it wrote is committed: an outermost action commits
   * nothing, a nested one is rolled back to where the enclosing action stood when it began (the
   * enclosing action may catch the error and still commit its own writes).
   */
  action<R>(name: string, fn: (draft: Draft<S>) => R, options: ActionOptions = {}): R {
    const outer = this.#tx === null;
    if (outer)
      this.#tx = {
        name,
        undoable: options.undoable ?? true,
        record: options.record ?? [],
        before: {},
        pending: {},
        depth: 0,
      };
    const tx = this.#tx;
    if (tx === null) throw new Error('Store.action: no open transaction'); // unreachable: opened just above
    tx.depth++;
    const draft: Draft<S> = {
      get: (key) => this.peek(key),
      set: (key, value) => {
        if (!(key in tx.before)) tx.before[key] = this.peek(key);
        tx.pending[key] = value;
      },
    };
    // What the enclosing action had written when this one began: an inner action that throws is
    // rolled back to exactly this, so an outer action that catches keeps its own writes only.
    const savedPending = outer ? null : { ...tx.pending };
    const savedBefore = outer ? null : { ...tx.before };
    let result: R;
    try {
      result = fn(draft);
    } catch (error) {
      tx.depth--;
      if (outer) this.#tx = null;
      else {
        tx.pending = savedPending as Partial<S>;
        tx.before = savedBefore as Partial<S>;
      }
      throw error;
    }
    tx.depth--;
    if (outer) {
      this.#tx = null;
      this.#commit(tx.name, tx.undoable, tx.record, tx.before, tx.pending);
    }
    return result;
  }

  /**
   * Runs `fn` (which may await) with every commit it makes tagged with `tag`, so a run's steps can
   * be found again ("undo the run"). Mutating tool calls are serialised per chart, so a tag never
   * spans two calls; a nested call keeps the outer tag.
   */
  async tagged<R>(tag: StepTag | null, fn: () => Promise<R>): Promise<R> {
    if (!tag || this.#tag) return fn();
    this.#tag = tag;
    try {
      return await fn();
    } finally {
      this.#tag = null;
    }
  }

  /**
   * Runs `fn` (which may await) so that every undoable commit it makes folds into ONE history step
   * labelled `label`: a composed host tool whose children each commit is undone in one go
   * (docs/contracts.md "Host tools"). The children still commit (and notify) one by one. A nested
   * group joins the outer one. If something else is undone meanwhile, the next commit starts a new step.
   * Any undoable commit while `fn` runs joins the step; the tool registry holds the chart's mutation
   * turn meanwhile, so other tool calls wait, but a direct (non-tool) command would join it.
   */
  async grouped<R>(label: string, fn: () => Promise<R>): Promise<R> {
    if (this.#group) return fn();
    const group: { label: string; entry: HistoryEntry<S> | null } = { label, entry: null };
    this.#group = group;
    try {
      return await fn();
    } finally {
      if (this.#group === group) this.#group = null;
    }
  }

  /** Reverts the last undoable step. Returns its label, or undefined when there is none. */
  undo(): string | undefined {
    if (this.#tx) throw new Error('undo inside an action');
    const entry = this.history.takeUndo();
    if (!entry) return undefined;
    this.#write(entry.before);
    this.#notify({
      name: entry.label,
      undoable: true,
      changed: Object.keys(entry.before) as (keyof S)[],
      replay: 'undo',
    });
    return entry.label;
  }

  /** Re-applies the last undone step. */
  redo(): string | undefined {
    if (this.#tx) throw new Error('redo inside an action');
    const entry = this.history.takeRedo();
    if (!entry) return undefined;
    this.#write(entry.after);
    this.#notify({
      name: entry.label,
      undoable: true,
      changed: Object.keys(entry.after) as (keyof S)[],
      replay: 'redo',
    });
    return entry.label;
  }

  /** Called after every commit, undo and redo. */
  onCommit(listener: (info: CommitInfo<S>) => void): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  #commit(
    name: string,
    undoable: boolean,
    record: readonly PropertyKey[],
    before: Partial<S>,
    pending: Partial<S>,
  ): void {
    const changed = (Object.keys(pending) as (keyof S)[]).filter((k) => !Object.is(before[k], pending[k]));
    if (changed.length === 0) return;
    const recorded = changed.filter((k) => !this.#volatile.has(k) || record.includes(k));
    if (undoable && recorded.length > 0) {
      const b: Partial<S> = {};
      const a: Partial<S> = {};
      for (const k of recorded) {
        b[k] = before[k];
        a[k] = pending[k];
      }
      this.#record({ label: name, before: b, after: a });
    }
    const write: Partial<S> = {};
    for (const k of changed) write[k] = pending[k];
    this.#write(write);
    const b: Partial<S> = {};
    for (const k of changed) b[k] = before[k];
    this.#notify({
      name,
      undoable: undoable && recorded.length > 0,
      changed,
      before: b,
      after: write,
      ...(this.#tag ? { tag: this.#tag } : {}),
    });
  }

  /** Pushes a step, or folds it into the step of the composed call in progress. */
  #record(step: HistoryEntry<S>): void {
    const group = this.#group;
    if (!group) {
      this.history.push(step);
      return;
    }
    const last = group.entry;
    const entry: HistoryEntry<S> =
      last && this.history.last === last
        ? // The earliest `before` of each slice and the latest `after`.
          { label: group.label, before: { ...step.before, ...last.before }, after: { ...last.after, ...step.after } }
        : { label: group.label, before: step.before, after: step.after };
    if (last && this.history.last === last) this.history.replaceLast(entry);
    else this.history.push(entry);
    group.entry = entry;
  }

  #write(values: Partial<S>): void {
    for (const key of Object.keys(values) as (keyof S)[]) this.#slices[key].set(values[key] as S[keyof S]);
    this.#revision.set(this.#revision.get() + 1);
  }

  #notify(info: CommitInfo<S>): void {
    for (const listener of [...this.#listeners]) listener(info);
  }
}

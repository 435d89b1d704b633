import { Signal } from 'signal-polyfill';

/** One undoable step: the values of the changed slices before and after. */
export interface HistoryEntry<S> {
  readonly label: string;
  readonly before: Partial<S>;
  readonly after: Partial<S>;
}

/**
 * Bounded undo/redo stacks. A new step clears the redo stack. The getters are signal reads, so an
 * element that shows the undo button's state re-renders when the stacks change, and only then.
 */
export class History<S> {
  #undo: HistoryEntry<S>[] = [];
  #redo: HistoryEntry<S>[] = [];
  // What the getters show, as signals written only when the shown value changes: pushing the
  // hundredth step with the same label wakes nobody.
  readonly #shown = {
    canUndo: new Signal.State(false),
    canRedo: new Signal.State(false),
    undoLabel: new Signal.State<string | undefined>(undefined),
    redoLabel: new Signal.State<string | undefined>(undefined),
  };

  #changed(): void {
    this.#shown.canUndo.set(this.#undo.length > 0);
    this.#shown.canRedo.set(this.#redo.length > 0);
    this.#shown.undoLabel.set(this.#undo.at(-1)?.label);
    this.#shown.redoLabel.set(this.#redo.at(-1)?.label);
  }

  readonly #limit: number;

  constructor(limit = 200) {
    this.#limit = limit;
  }

  push(entry: HistoryEntry<S>): void {
    this.#undo.push(entry);
    if (this.#undo.length > this.#limit) this.#undo.shift();
    this.#redo.length = 0;
    this.#changed();
  }

  /** The step `undo` would revert (to merge a composed call's next change into it). */
  get last(): HistoryEntry<S> | undefined {
    return this.#undo.at(-1);
  }

  /** Replaces the step `undo` would revert (a composed call's steps folded into one). */
  replaceLast(entry: HistoryEntry<S>): void {
    if (this.#undo.length === 0) throw new Error('no step to replace');
    this.#undo[this.#undo.length - 1] = entry;
    this.#redo.length = 0;
    this.#changed();
  }

  /**
   * Rewrites the recorded values of every step, undo and redo (a change the steps must not bring
   * back); `fn` returns the values it was given when it changes nothing, and that step stays as it is.
   */
  rewrite(fn: (values: Partial<S>) => Partial<S>): void {
    for (const stack of [this.#undo, this.#redo])
      for (let i = 0; i < stack.length; i++) {
        const { before, after } = stack[i];
        const b = fn(before);
        const a = fn(after);
        if (b !== before || a !== after) stack[i] = { ...stack[i], before: b, after: a };
      }
  }

  takeUndo(): HistoryEntry<S> | undefined {
    const entry = this.#undo.pop();
    if (entry) {
      this.#redo.push(entry);
      this.#changed();
    }
    return entry;
  }

  takeRedo(): HistoryEntry<S> | undefined {
    const entry = this.#redo.pop();
    if (entry) {
      this.#undo.push(entry);
      this.#changed();
    }
    return entry;
  }

  get canUndo(): boolean {
    this.#shown.canUndo.get();
    return this.#undo.length > 0;
  }
  get canRedo(): boolean {
    this.#shown.canRedo.get();
    return this.#redo.length > 0;
  }
  /** Label of the step `undo` would revert. */
  get undoLabel(): string | undefined {
    this.#shown.undoLabel.get();
    return this.#undo.at(-1)?.label;
  }
  get redoLabel(): string | undefined {
    this.#shown.redoLabel.get();
    return this.#redo.at(-1)?.label;
  }

  clear(): void {
    this.#undo.length = 0;
    this.#redo.length = 0;
    this.#changed();
  }
}

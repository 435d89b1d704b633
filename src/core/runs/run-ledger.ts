import type { RunChangeSet, RunSliceChange, RunUnitChange } from '../../protocol/index.js';
import { diffRunSlice, isUnitsChange, sliceKind } from './run-slice-change.js';
import type { CommitInfo } from '../store/index.js';

/** Slices whose changes belong to a run (the rest are volatile: bars, view, loading). */
export const RUN_TRACKED_SLICES = [
  'target',
  'indicators',
  'panes',
  'drawings',
  'selection',
  'comparisons',
  'settings',
  'priceLines',
  'markers',
] as const;
export type RunTrackedSlice = (typeof RUN_TRACKED_SLICES)[number];

const TRACKED: ReadonlySet<PropertyKey> = new Set(RUN_TRACKED_SLICES);

/** A slice as a run left it: its whole value before and after (in memory), and the change a revert read again. */
interface Entry {
  before: unknown;
  after: unknown;
  revised?: RunSliceChange;
  /** The units that differ between `before` and `after`, computed once per change of either. */
  diff?: RunSliceChange;
}

/**
 * Remembers, per agent run, each tracked slice as it was before the run's first step and after its
 * last: enough to say what the run changed and to revert it later, even after other changes.
 * In memory it keeps the whole values (shared with the store's states, so they cost little); the
 * change set it hands out holds only the units that differ (run-slice-change.ts), which is what a
 * session stores. Keeps the last {@link limit} runs.
 */
export class RunLedger<S extends object> {
  readonly #runs = new Map<string, Map<string, Entry>>();

  /** Change sets a revert read again (a stored run's, after a reload): the next revert of that run uses them. */
  readonly #revised = new Map<string, RunChangeSet>();

  readonly #limit: number;

  constructor(limit = 50) {
    this.#limit = limit;
  }

  /** Feed every store commit here. */
  record(info: CommitInfo<S>): void {
    if (!info.tag || info.replay || !info.before || !info.after) return;
    let slices = this.#runs.get(info.tag.runId);
    if (!slices) {
      slices = new Map();
      this.#runs.set(info.tag.runId, slices);
      if (this.#runs.size > this.#limit) this.#runs.delete(this.#runs.keys().next().value as string);
    }
    for (const key of info.changed) {
      if (!TRACKED.has(key)) continue;
      const name = String(key);
      const after = (info.after as Record<PropertyKey, unknown>)[key];
      const entry = slices.get(name);
      if (entry) {
        entry.after = after;
        delete entry.revised;
        delete entry.diff;
      } else slices.set(name, { before: (info.before as Record<PropertyKey, unknown>)[key], after });
    }
  }

  /** The run's change set (only the units that differ), or null when it changed nothing tracked (or is no longer remembered). */
  changes(runId: string): RunChangeSet | null {
    const slices = this.#runs.get(runId);
    if (!slices || slices.size === 0) return this.#revised.get(runId) ?? null;
    const out: Record<string, RunSliceChange> = {};
    for (const [name, e] of slices) out[name] = e.revised ?? (e.diff ??= diffRunSlice(name, e.before, e.after));
    return { runId, slices: out };
  }

  /**
   * Keeps `set` as what run `set.runId` changed, read again by a revert (plan-run-revert.ts: a once-only
   * alert that fired since is off in it), so the run's next revert starts from it.
   */
  revise(set: RunChangeSet): void {
    const slices = this.#runs.get(set.runId);
    if (slices?.size) {
      for (const [name, change] of Object.entries(set.slices)) {
        const entry = slices.get(name);
        if (entry) entry.revised = change;
      }
    } else {
      this.#revised.delete(set.runId);
      this.#revised.set(set.runId, set);
      if (this.#revised.size > this.#limit) this.#revised.delete(this.#revised.keys().next().value as string);
    }
  }

  /**
   * Rewrites every remembered value of `slice` (a change no revert may bring back: a once-only price alert
   * that fired); `fn` returns the value it was given when it changes nothing.
   */
  rewrite(slice: RunTrackedSlice, fn: (value: unknown) => unknown): void {
    for (const slices of this.#runs.values()) {
      const entry = slices.get(slice);
      if (!entry) continue;
      entry.before = fn(entry.before);
      entry.after = fn(entry.after);
      delete entry.diff;
      if (entry.revised) entry.revised = rewriteChange(slice, entry.revised, fn);
    }
    for (const [runId, set] of this.#revised) {
      const change = set.slices[slice];
      if (change)
        this.#revised.set(runId, { runId, slices: { ...set.slices, [slice]: rewriteChange(slice, change, fn) } });
    }
  }

  /** The most recent run with changes, other than `except` (the run asking). */
  lastRunId(except?: string): string | null {
    const ids = [...this.#runs.keys()].reverse();
    return ids.find((id) => id !== except && (this.#runs.get(id)?.size ?? 0) > 0) ?? null;
  }
}

/**
 * `change` with `fn` (which rewrites a whole per-instrument map, keeping each list's units in place)
 * applied to its values: the units' values are gathered into such maps, one for before and one for after.
 */
function rewriteChange(slice: string, change: RunSliceChange, fn: (value: unknown) => unknown): RunSliceChange {
  if (!isUnitsChange(change)) return { before: fn(change.before), after: fn(change.after) };
  if (sliceKind(slice) !== 'perInstrument') return change;
  const side = (name: 'before' | 'after') => {
    const map: Record<string, unknown[]> = {};
    const place = new Map<RunUnitChange, number>();
    for (const u of change.units) {
      if (u[name] === undefined) continue;
      const list = (map[u.group ?? ''] ??= []);
      place.set(u, list.length);
      list.push(u[name]);
    }
    const out = fn(map) as Record<string, unknown[] | undefined>;
    return (u: RunUnitChange) => (place.has(u) ? out[u.group ?? '']?.[place.get(u) as number] : undefined);
  };
  const before = side('before');
  const after = side('after');
  return {
    units: change.units.map((u) => {
      const b = before(u);
      const a = after(u);
      if (b === u.before && a === u.after) return u;
      return { ...u, ...(b !== undefined ? { before: b } : {}), ...(a !== undefined ? { after: a } : {}) };
    }),
  };
}

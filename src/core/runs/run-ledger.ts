import type { RunChangeSet } from '../../protocol/index.js';
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
] as const;
export type RunTrackedSlice = (typeof RUN_TRACKED_SLICES)[number];

const TRACKED: ReadonlySet<PropertyKey> = new Set(RUN_TRACKED_SLICES);

/**
 * Remembers, per agent run, each tracked slice as it was before the run's first step and after its
 * last: enough to say what the run changed and to revert it later, even after other changes.
 * Keeps the last {@link limit} runs.
 */
export class RunLedger<S extends object> {
  readonly #runs = new Map<string, Map<string, { before: unknown; after: unknown }>>();

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
      if (entry) entry.after = after;
      else slices.set(name, { before: (info.before as Record<PropertyKey, unknown>)[key], after });
    }
  }

  /** The run's change set, or null when it changed nothing tracked (or is no longer remembered). */
  changes(runId: string): RunChangeSet | null {
    const slices = this.#runs.get(runId);
    if (!slices || slices.size === 0) return null;
    return { runId, slices: Object.fromEntries(slices) };
  }

  /** The most recent run with changes, other than `except` (the run asking). */
  lastRunId(except?: string): string | null {
    const ids = [...this.#runs.keys()].reverse();
    return ids.find((id) => id !== except && (this.#runs.get(id)?.size ?? 0) > 0) ?? null;
  }
}

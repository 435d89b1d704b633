import type { RunChangeSet, RunConflict } from '../../protocol/index.js';
import { describeRunConflict } from './describe-run-conflict.js';
import { RUN_TRACKED_SLICES, type RunTrackedSlice } from './run-ledger.js';
import { equal } from './equal.js';
import { keepFiredAlertsOff } from './keep-fired-alerts-off.js';

/** The slice values that revert a run, or what stands in the way. */
export type RunRevertPlan =
  | {
      readonly ok: true;
      readonly writes: Readonly<Partial<Record<RunTrackedSlice, unknown>>>;
      /** `changes` as the plan read it: with once-only alerts that fired since turned off (keep it for the next revert). */
      readonly changes: RunChangeSet;
    }
  | { readonly ok: false; readonly conflicts: readonly string[]; readonly reasons: readonly RunConflict[] };

type Keyed = { readonly [key: string]: unknown };

/** Slices kept per instrument, as lists of units with an `id`. */
const PER_INSTRUMENT: ReadonlySet<string> = new Set<RunTrackedSlice>(['drawings', 'priceLines', 'markers']);

/** How each slice splits into independent units, so a later change to another unit is no conflict. */
const UNIT_KEYS: Partial<Record<RunTrackedSlice, (item: Keyed) => string>> = {
  indicators: (i) => String(i.instanceId),
  panes: (p) => String(p.id),
  comparisons: (c) => `${String(c.sourceId)}:${String(c.symbol)}`,
};

/**
 * A three-way merge per unit (an indicator, a drawing, a setting…): a unit the run changed and
 * nobody touched since goes back to its value before the run (`undo`) or forward to the run's
 * (`redo`); a unit already there is left alone; a unit changed since by someone else is a conflict,
 * and then nothing is written, so the chart never ends up half reverted. A once-only price alert that
 * fired since is read as off in the run's record: the fire is no conflict, and no revert arms it again.
 */
export function planRunRevert(
  recorded: RunChangeSet,
  current: (slice: RunTrackedSlice) => unknown,
  direction: 'undo' | 'redo',
): RunRevertPlan {
  const changes = keepFiredAlertsOff(recorded, current('priceLines'));
  const writes: Partial<Record<RunTrackedSlice, unknown>> = {};
  const conflicts: RunConflict[] = [];
  for (const slice of RUN_TRACKED_SLICES) {
    const change = changes.slices[slice];
    if (!change) continue;
    const from = direction === 'undo' ? change.after : change.before;
    const to = direction === 'undo' ? change.before : change.after;
    const now = current(slice);
    const result = PER_INSTRUMENT.has(slice)
      ? mergePerInstrument(from, to, now, slice)
      : slice === 'settings'
        ? mergeRecord(from, to, now, slice)
        : UNIT_KEYS[slice]
          ? mergeList(from, to, now, UNIT_KEYS[slice], slice)
          : mergeWhole(from, to, now, slice);
    if (result.conflicts.length > 0) conflicts.push(...result.conflicts);
    else if (result.changed) writes[slice] = result.value;
  }
  return conflicts.length > 0
    ? { ok: false, conflicts: conflicts.map((c) => describeRunConflict(c)), reasons: conflicts }
    : { ok: true, writes, changes };
}

interface Merge {
  value: unknown;
  changed: boolean;
  conflicts: RunConflict[];
}

function mergeWhole(from: unknown, to: unknown, now: unknown, slice: string): Merge {
  if (equal(now, to)) return { value: now, changed: false, conflicts: [] };
  if (equal(now, from)) return { value: to, changed: true, conflicts: [] };
  return { value: now, changed: false, conflicts: [{ reason: 'changed', slice }] };
}

function mergeRecord(from: unknown, to: unknown, now: unknown, slice: string): Merge {
  const f = asRecord(from);
  const t = asRecord(to);
  const n = asRecord(now);
  const out: Record<string, unknown> = { ...n };
  const conflicts: RunConflict[] = [];
  let changed = false;
  for (const key of new Set([...Object.keys(f), ...Object.keys(t)])) {
    if (equal(f[key], t[key])) continue;
    if (equal(n[key], t[key])) continue;
    if (equal(n[key], f[key])) {
      if (t[key] === undefined) delete out[key];
      else out[key] = t[key];
      changed = true;
    } else conflicts.push({ reason: 'changed', slice, key });
  }
  return { value: out, changed, conflicts };
}

function mergeList(from: unknown, to: unknown, now: unknown, keyOf: (item: Keyed) => string, slice: string): Merge {
  const f = byKey(from, keyOf);
  const t = byKey(to, keyOf);
  const n = byKey(now, keyOf);
  const conflicts: RunConflict[] = [];
  const set = new Map<string, unknown>();
  const remove = new Set<string>();
  for (const key of new Set([...f.keys(), ...t.keys()])) {
    const fv = f.get(key);
    const tv = t.get(key);
    if (equal(fv, tv)) continue;
    const nv = n.get(key);
    if (equal(nv, tv)) continue;
    if (!equal(nv, fv)) {
      conflicts.push({ reason: 'changed', slice, key });
      continue;
    }
    if (tv === undefined) remove.add(key);
    else set.set(key, tv);
  }
  if (conflicts.length > 0 || (set.size === 0 && remove.size === 0)) return { value: now, changed: false, conflicts };
  // Keep the current order; restored units go back to their place in the target list.
  const out: unknown[] = [];
  for (const item of asList(now)) {
    const key = keyOf(item as Keyed);
    if (remove.has(key)) continue;
    out.push(set.has(key) ? set.get(key) : item);
    set.delete(key);
  }
  const targetOrder = asList(to).map((item) => keyOf(item as Keyed));
  for (const [key, value] of set) {
    const at = targetOrder.indexOf(key);
    out.splice(Math.min(Math.max(at, 0), out.length), 0, value);
  }
  return { value: out, changed: true, conflicts };
}

function mergePerInstrument(from: unknown, to: unknown, now: unknown, slice: string): Merge {
  const f = asRecord(from);
  const t = asRecord(to);
  const n = asRecord(now);
  const out: Record<string, unknown> = { ...n };
  const conflicts: RunConflict[] = [];
  let changed = false;
  for (const instrument of new Set([...Object.keys(f), ...Object.keys(t)])) {
    const merged = mergeList(f[instrument] ?? [], t[instrument] ?? [], n[instrument] ?? [], (d) => String(d.id), slice);
    conflicts.push(...merged.conflicts);
    if (merged.changed) {
      out[instrument] = merged.value;
      changed = true;
    }
  }
  return { value: out, changed, conflicts };
}

function byKey(list: unknown, keyOf: (item: Keyed) => string): Map<string, unknown> {
  return new Map(asList(list).map((item) => [keyOf(item as Keyed), item]));
}

function asList(value: unknown): unknown[] {
  return Array.isArray(value) ? value : [];
}

function asRecord(value: unknown): Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
}

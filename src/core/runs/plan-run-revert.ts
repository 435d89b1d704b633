import type { RunChangeSet, RunConflict, RunUnitChange } from '../../protocol/index.js';
import { describeRunConflict } from './describe-run-conflict.js';
import { RUN_TRACKED_SLICES, type RunTrackedSlice } from './run-ledger.js';
import { equal } from './equal.js';
import { keepFiredAlertsOff } from './keep-fired-alerts-off.js';
import { isUnitsChange, readRunChangeSet, sliceKind, UNIT_KEYS } from './run-slice-change.js';

/** The slice values that revert a run, or what stands in the way. */
export type RunRevertPlan =
  | {
      readonly ok: true;
      readonly writes: Readonly<Partial<Record<RunTrackedSlice, unknown>>>;
      /** `changes` as the plan read it: with once-only alerts that fired since turned off (keep it for the next revert). */
      readonly changes: RunChangeSet;
    }
  | { readonly ok: false; readonly conflicts: readonly string[]; readonly reasons: readonly RunConflict[] };

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
  // A set stored before units (whole slices) is read as units first.
  const changes = keepFiredAlertsOff(readRunChangeSet(recorded), current('priceLines'));
  const writes: Partial<Record<RunTrackedSlice, unknown>> = {};
  const conflicts: RunConflict[] = [];
  for (const slice of RUN_TRACKED_SLICES) {
    const change = changes.slices[slice];
    if (!change) continue;
    const now = current(slice);
    let result: Merge;
    if (isUnitsChange(change)) {
      const units = change.units.map((u) => sided(u, direction));
      const kind = sliceKind(slice);
      result =
        kind === 'perInstrument'
          ? mergePerInstrument(units, now, UNIT_KEYS[slice], slice)
          : kind === 'list'
            ? mergeList(units, now, UNIT_KEYS[slice], slice)
            : mergeRecord(units, now, slice);
    } else
      result =
        direction === 'undo'
          ? mergeWhole(change.after, change.before, now, slice)
          : mergeWhole(change.before, change.after, now, slice);
    if (result.conflicts.length > 0) conflicts.push(...result.conflicts);
    else if (result.changed) writes[slice] = result.value;
  }
  return conflicts.length > 0
    ? { ok: false, conflicts: conflicts.map((c) => describeRunConflict(c)), reasons: conflicts }
    : { ok: true, writes, changes };
}

type Keyed = { readonly [key: string]: unknown };

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

/** A unit as the revert reads it: from its value now expected (`from`) to the one it goes back to (`to`). */
interface Sided {
  readonly group: string;
  readonly key: string;
  readonly from: unknown;
  readonly to: unknown;
  readonly fromAt: number | undefined;
  readonly toAt: number | undefined;
}

function sided(u: RunUnitChange, direction: 'undo' | 'redo'): Sided {
  const undo = direction === 'undo';
  return {
    group: u.group ?? '',
    key: u.key,
    from: undo ? u.after : u.before,
    to: undo ? u.before : u.after,
    fromAt: undo ? u.afterAt : u.beforeAt,
    toAt: undo ? u.beforeAt : u.afterAt,
  };
}

function mergeRecord(units: readonly Sided[], now: unknown, slice: string): Merge {
  const n = asRecord(now);
  const out: Record<string, unknown> = { ...n };
  const conflicts: RunConflict[] = [];
  let changed = false;
  for (const { key, from, to } of units) {
    if (equal(from, to)) continue;
    if (equal(n[key], to)) continue;
    if (equal(n[key], from)) {
      if (to === undefined) delete out[key];
      else out[key] = to;
      changed = true;
    } else conflicts.push({ reason: 'changed', slice, key });
  }
  return { value: out, changed, conflicts };
}

/**
 * The units of one list: those the list had in the expected state first, in its order, then those
 * only in the state it goes back to, in that order (as a walk over both lists meets them).
 */
function inListOrder(units: readonly Sided[]): Sided[] {
  const at = (v: number | undefined) => v ?? Number.MAX_SAFE_INTEGER;
  const had = units.filter((u) => u.from !== undefined).sort((a, b) => at(a.fromAt) - at(b.fromAt));
  const added = units.filter((u) => u.from === undefined).sort((a, b) => at(a.toAt) - at(b.toAt));
  return [...had, ...added];
}

function mergeList(units: readonly Sided[], now: unknown, keyOf: (item: Keyed) => string, slice: string): Merge {
  const n = byKey(now, keyOf);
  const conflicts: RunConflict[] = [];
  const set = new Map<string, { value: unknown; at: number }>();
  const remove = new Set<string>();
  for (const { key, from, to, toAt } of inListOrder(units)) {
    if (equal(from, to)) continue;
    const nv = n.get(key);
    if (equal(nv, to)) continue;
    if (!equal(nv, from)) {
      conflicts.push({ reason: 'changed', slice, key });
      continue;
    }
    if (to === undefined) remove.add(key);
    else set.set(key, { value: to, at: toAt ?? 0 });
  }
  if (conflicts.length > 0 || (set.size === 0 && remove.size === 0)) return { value: now, changed: false, conflicts };
  // Keep the current order; restored units go back to their place in the target list.
  const out: unknown[] = [];
  for (const item of asList(now)) {
    const key = keyOf(item as Keyed);
    if (remove.has(key)) continue;
    const restored = set.get(key);
    out.push(restored ? restored.value : item);
    set.delete(key);
  }
  for (const { value, at } of set.values()) out.splice(Math.min(Math.max(at, 0), out.length), 0, value);
  return { value: out, changed: true, conflicts };
}

function mergePerInstrument(
  units: readonly Sided[],
  now: unknown,
  keyOf: (item: Keyed) => string,
  slice: string,
): Merge {
  const n = asRecord(now);
  const out: Record<string, unknown> = { ...n };
  const conflicts: RunConflict[] = [];
  let changed = false;
  const groups = new Map<string, Sided[]>();
  for (const u of units) {
    const list = groups.get(u.group);
    if (list) list.push(u);
    else groups.set(u.group, [u]);
  }
  for (const [instrument, own] of groups) {
    const merged = mergeList(own, n[instrument] ?? [], keyOf, slice);
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

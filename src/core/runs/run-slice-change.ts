import type { RunChangeSet, RunSliceChange, RunUnitChange, RunUnitsChange } from '../../protocol/index.js';
import { equal } from './equal.js';

type Keyed = { readonly [key: string]: unknown };

/** Slices kept per instrument (`sourceId:symbol` → list of units with an `id`). */
const PER_INSTRUMENT: ReadonlySet<string> = new Set(['drawings', 'priceLines', 'markers']);

/** A unit's key in the list slices and the per-instrument ones. */
export const UNIT_KEYS: Readonly<Record<string, (item: Keyed) => string>> = {
  indicators: (i) => String(i.instanceId),
  panes: (p) => String(p.id),
  comparisons: (c) => `${String(c.sourceId)}:${String(c.symbol)}`,
  drawings: (d) => String(d.id),
  priceLines: (l) => String(l.id),
  markers: (m) => String(m.id),
};

/** How a slice splits into units: per instrument, a list, a record by key, or not at all (`target`, `selection`). */
export function sliceKind(slice: string): 'perInstrument' | 'list' | 'record' | 'whole' {
  if (PER_INSTRUMENT.has(slice)) return 'perInstrument';
  if (slice in UNIT_KEYS) return 'list';
  return slice === 'settings' ? 'record' : 'whole';
}

export function isUnitsChange(change: RunSliceChange): change is RunUnitsChange {
  return Array.isArray((change as Partial<RunUnitsChange>).units);
}

/**
 * What a run changed of `slice`, from its whole value before and after: only the units whose value
 * differs (key → before or absent, after or absent), so a record is as large as the change, not the
 * chart. `target`, `selection` and slices it does not know stay whole.
 */
export function diffRunSlice(slice: string, before: unknown, after: unknown): RunSliceChange {
  const kind = sliceKind(slice);
  if (kind === 'whole') return { before, after };
  const units: RunUnitChange[] = [];
  if (kind === 'record') {
    const b = asRecord(before);
    const a = asRecord(after);
    // The keys after the run first: the order a summary reads them in.
    for (const key of new Set([...Object.keys(a), ...Object.keys(b)]))
      if (!equal(b[key], a[key])) units.push(unit(undefined, key, b[key], a[key]));
  } else if (kind === 'list') diffList(undefined, before, after, UNIT_KEYS[slice], units);
  else {
    const b = asRecord(before);
    const a = asRecord(after);
    for (const group of new Set([...Object.keys(b), ...Object.keys(a)]))
      if (b[group] !== a[group]) diffList(group, b[group], a[group], UNIT_KEYS[slice], units);
  }
  return { units };
}

/** `change` with units; a whole before/after of a slice made of units (a set stored before units) is diffed. */
export function readRunSlice(slice: string, change: RunSliceChange): RunSliceChange {
  if (isUnitsChange(change) || sliceKind(slice) === 'whole') return change;
  return diffRunSlice(slice, change.before, change.after);
}

/** `set` with every slice made of units read as units ({@link readRunSlice}); `set` itself when it already is. */
export function readRunChangeSet(set: RunChangeSet): RunChangeSet {
  let slices: Record<string, RunSliceChange> | null = null;
  for (const [name, change] of Object.entries(set.slices)) {
    const read = readRunSlice(name, change);
    if (read !== change) (slices ??= { ...set.slices })[name] = read;
  }
  return slices ? { runId: set.runId, slices } : set;
}

function diffList(
  group: string | undefined,
  before: unknown,
  after: unknown,
  keyOf: (item: Keyed) => string,
  out: RunUnitChange[],
): void {
  const b = indexed(before, keyOf);
  const a = indexed(after, keyOf);
  for (const key of new Set([...b.keys(), ...a.keys()])) {
    const bv = b.get(key);
    const av = a.get(key);
    if (!equal(bv?.value, av?.value)) out.push(unit(group, key, bv?.value, av?.value, bv?.at, av?.at));
  }
}

function unit(
  group: string | undefined,
  key: string,
  before: unknown,
  after: unknown,
  beforeAt?: number,
  afterAt?: number,
): RunUnitChange {
  return {
    ...(group !== undefined ? { group } : {}),
    key,
    ...(before !== undefined ? { before } : {}),
    ...(after !== undefined ? { after } : {}),
    ...(before !== undefined && beforeAt !== undefined ? { beforeAt } : {}),
    ...(after !== undefined && afterAt !== undefined ? { afterAt } : {}),
  };
}

/** A list's units by key: the last one's value (as a Map built from the list keeps), the first one's index. */
function indexed(list: unknown, keyOf: (item: Keyed) => string): Map<string, { value: unknown; at: number }> {
  const out = new Map<string, { value: unknown; at: number }>();
  (Array.isArray(list) ? list : []).forEach((item: unknown, at) => {
    const key = keyOf(item as Keyed);
    const seen = out.get(key);
    out.set(key, { value: item, at: seen ? seen.at : at });
  });
  return out;
}

function asRecord(value: unknown): Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
}

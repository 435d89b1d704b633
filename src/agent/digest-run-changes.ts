import type { RunChangeSet, RunSliceChange, RunUnitChange } from '../protocol/index.js';
import { SLICE_SEPARATOR } from './multi-chart-port.js';

/**
 * Slices whose summary is a count of units added, changed and removed (src/core/runs/summarize-run-changes.ts,
 * `counted`): their units' values are not needed to word it.
 */
const COUNTED_SLICES: ReadonlySet<string> = new Set(['drawings', 'priceLines', 'markers']);
/** Any other slice is kept as it is up to this many characters of JSON (they are small: studies, settings…). */
const KEPT_SLICE_CHARS = 64_000;

/**
 * What a session stores, beside the English summary, of a run's change set too large to store
 * (`changesStored: false`): the set cut down to what its summary reads, so a panel words it in its
 * reader's language after a reload. A counted slice (drawings, price lines, markers) becomes at most
 * three units that stand for `count` units each (added, changed, removed); other slices stay as they
 * are. Never a set to revert (it holds no values). Null when a slice other than the counted ones is
 * itself too large: the English summary is then all there is.
 */
export function digestRunChanges(set: RunChangeSet): RunChangeSet | null {
  const slices: Record<string, RunSliceChange> = {};
  for (const [name, change] of Object.entries(set.slices)) {
    // A panel driving several charts names their slices `c2::markers`.
    const at = name.lastIndexOf(SLICE_SEPARATOR);
    const slice = at < 0 ? name : name.slice(at + SLICE_SEPARATOR.length);
    if (COUNTED_SLICES.has(slice) && 'units' in change && Array.isArray(change.units)) {
      slices[name] = { units: countUnits(change.units) };
      continue;
    }
    if ((JSON.stringify(change) ?? '').length > KEPT_SLICE_CHARS) return null;
    slices[name] = change;
  }
  return { runId: set.runId, slices };
}

function countUnits(units: readonly RunUnitChange[]): RunUnitChange[] {
  let added = 0;
  let changed = 0;
  let removed = 0;
  for (const u of units) {
    if (u.before === undefined && u.after !== undefined) added++;
    else if (u.after === undefined && u.before !== undefined) removed++;
    else if (JSON.stringify(u.before) !== JSON.stringify(u.after)) changed++;
  }
  const out: RunUnitChange[] = [];
  if (added) out.push({ key: 'added', after: 1, count: added });
  if (changed) out.push({ key: 'changed', before: 0, after: 1, count: changed });
  if (removed) out.push({ key: 'removed', before: 0, count: removed });
  return out;
}

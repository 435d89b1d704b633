import type { ChartMarker, ChartSettings, PriceLine } from '../state/index.js';
import type { Drawing } from '../drawings/index.js';
import type { LayoutDocument } from './layout-document.js';

/** A merged layout and how many items both sides changed differently (ours was kept for those). */
export interface MergeResult {
  readonly layout: LayoutDocument;
  /** Paths of items both sides changed in different ways; this side's version was kept. */
  readonly conflicts: readonly string[];
}

const same = (a: unknown, b: unknown) => a === b || JSON.stringify(a) === JSON.stringify(b);

/**
 * Three-way merge of list items by id: an item this side added, changed or removed since `base`
 * takes this side's state; every other item takes theirs (so their additions, changes and removals
 * survive). Their order first, then this side's additions.
 */
function mergeById<T>(
  base: readonly T[],
  ours: readonly T[],
  theirs: readonly T[],
  id: (item: T) => string,
  path: string,
  conflicts: string[],
): T[] {
  const b = new Map(base.map((x) => [id(x), x]));
  const o = new Map(ours.map((x) => [id(x), x]));
  const t = new Map(theirs.map((x) => [id(x), x]));
  const order = [...t.keys(), ...[...o.keys()].filter((k) => !t.has(k))];
  const out: T[] = [];
  for (const key of order) {
    const oursChanged = !same(b.get(key), o.get(key));
    const theirsChanged = !same(b.get(key), t.get(key));
    if (oursChanged && theirsChanged && !same(o.get(key), t.get(key)))
      conflicts.push(`${path}[${JSON.stringify(key)}]`);
    const pick = oursChanged ? o.get(key) : t.get(key);
    if (pick !== undefined) out.push(pick);
  }
  // Items this side has that both base and theirs lack were added above; items removed by both stay removed.
  return out;
}

/**
 * Merges the layout this tab holds (`ours`) with one another tab saved meanwhile (`theirs`), both
 * descending from `base` (what this tab last read or wrote): per indicator (by instanceId), pane
 * (by id), drawing (by id, per instrument), comparison (by symbol and source) and setting (by key),
 * a change made here wins for that item only and everything else comes from theirs. So neither
 * tab's change is dropped; when both changed the same item, it is listed in `conflicts`.
 */
export function mergeLayouts(base: LayoutDocument, ours: LayoutDocument, theirs: LayoutDocument): MergeResult {
  const conflicts: string[] = [];
  const drawings: Record<string, Drawing[]> = {};
  const keys = [...new Set([...Object.keys(theirs.drawings), ...Object.keys(ours.drawings)])];
  for (const key of keys) {
    const list = mergeById(
      base.drawings[key] ?? [],
      ours.drawings[key] ?? [],
      theirs.drawings[key] ?? [],
      (d) => d.id,
      `drawings[${JSON.stringify(key)}]`,
      conflicts,
    );
    if (list.length > 0) drawings[key] = list;
  }
  const perInstrument = <T extends { id: string }>(field: 'markers' | 'priceLines'): Record<string, T[]> => {
    const b = (base[field] ?? {}) as unknown as Readonly<Record<string, readonly T[]>>;
    const o = (ours[field] ?? {}) as unknown as Readonly<Record<string, readonly T[]>>;
    const t = (theirs[field] ?? {}) as unknown as Readonly<Record<string, readonly T[]>>;
    const out: Record<string, T[]> = {};
    for (const key of new Set([...Object.keys(t), ...Object.keys(o)])) {
      const list = mergeById(
        b[key] ?? [],
        o[key] ?? [],
        t[key] ?? [],
        (x) => x.id,
        `${field}[${JSON.stringify(key)}]`,
        conflicts,
      );
      if (list.length > 0) out[key] = list;
    }
    return out;
  };
  const markers = perInstrument<ChartMarker>('markers');
  const priceLines = perInstrument<PriceLine>('priceLines');
  const settings: Record<string, unknown> = { ...theirs.settings };
  for (const key of Object.keys(ours.settings) as (keyof ChartSettings)[]) {
    const oursChanged = !same(base.settings[key], ours.settings[key]);
    if (
      oursChanged &&
      !same(base.settings[key], theirs.settings[key]) &&
      !same(ours.settings[key], theirs.settings[key])
    )
      conflicts.push(`settings.${key}`);
    if (oursChanged) settings[key] = ours.settings[key];
  }
  const panes = mergeById(base.panes, ours.panes, theirs.panes, (p) => p.id, 'panes', conflicts);
  const price = panes.find((p) => p.id === 'price');
  return {
    layout: {
      version: theirs.version,
      savedAt: Math.max(ours.savedAt, theirs.savedAt),
      ...(theirs.revision !== undefined ? { revision: theirs.revision } : {}),
      indicators: mergeById(
        base.indicators,
        ours.indicators,
        theirs.indicators,
        (i) => i.instanceId,
        'indicators',
        conflicts,
      ),
      panes: price ? [price, ...panes.filter((p) => p !== price)] : [{ id: 'price', weight: 3 }, ...panes],
      drawings,
      comparisons: mergeById(
        base.comparisons,
        ours.comparisons,
        theirs.comparisons,
        (c) => `${c.sourceId}:${c.symbol}`,
        'comparisons',
        conflicts,
      ),
      settings: settings as unknown as ChartSettings,
      markers: Object.fromEntries(
        Object.entries(markers).map(([k, list]) => [k, [...list].sort((x, y) => x.time - y.time)]),
      ),
      priceLines,
    },
    conflicts,
  };
}

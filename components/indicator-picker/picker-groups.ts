import type { IndicatorCategory } from '../../src/core/indicators/index.js';

/** What the picker shows of a definition. */
export interface PickerItem {
  readonly id: string;
  readonly name: string;
  readonly category: IndicatorCategory;
  readonly placement: 'overlay' | 'pane';
}

/** Category order in the list. */
export const PICKER_CATEGORY_ORDER: readonly IndicatorCategory[] = [
  'moving-average',
  'trend',
  'momentum',
  'volatility',
  'volume',
  'other',
];

/**
 * Items matching `query` (every word in the id or the name, any case), grouped by category in
 * {@link PICKER_CATEGORY_ORDER}; within a group, ids starting with the query come first.
 */
export function pickerGroups(
  items: readonly PickerItem[],
  query: string,
): { category: IndicatorCategory; items: PickerItem[] }[] {
  const words = query.trim().toLowerCase().split(/\s+/).filter(Boolean);
  const q = words.join(' ');
  const matches = items.filter((item) => {
    const hay = `${item.id} ${item.name}`.toLowerCase();
    return words.every((w) => hay.includes(w));
  });
  const rank = (item: PickerItem) =>
    q && item.id.toLowerCase().startsWith(q) ? 0 : q && item.id.toLowerCase().includes(q) ? 1 : 2;
  const order = [
    ...PICKER_CATEGORY_ORDER,
    ...new Set(items.map((i) => i.category).filter((c) => !PICKER_CATEGORY_ORDER.includes(c))),
  ];
  return order
    .map((category) => ({
      category,
      items: matches
        .filter((m) => m.category === category)
        .sort((a, b) => rank(a) - rank(b) || a.id.localeCompare(b.id)),
    }))
    .filter((g) => g.items.length > 0);
}

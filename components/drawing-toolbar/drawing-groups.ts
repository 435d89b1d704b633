import type { DrawingKind } from '../../src/core/drawings/index.js';

/** The groups a short chart's drawing bar folds its kinds into (as TradingView's left bar does). */
export type DrawingGroupId = 'lines' | 'shapes' | 'measure' | 'text' | 'other';

/** One group: its id and its kinds, in the order its flyout lists them. */
export interface DrawingGroup {
  readonly id: DrawingGroupId;
  readonly kinds: readonly DrawingKind[];
}

const BUILTIN_GROUPS: readonly DrawingGroup[] = [
  {
    id: 'lines',
    kinds: ['trend_line', 'ray', 'extended_line', 'arrow', 'horizontal_line', 'horizontal_ray', 'vertical_line'],
  },
  { id: 'shapes', kinds: ['parallel_channel', 'pitchfork', 'rectangle'] },
  // The Fibonacci tools share Measure: a group of their own would make the folded bar of a 360 px chart
  // with a page's own kinds (an Other group) scroll.
  {
    id: 'measure',
    kinds: [
      'fib_retracement',
      'fib_extension',
      'price_range',
      'date_range',
      'date_price_range',
      'long_position',
      'short_position',
    ],
  },
  { id: 'text', kinds: ['text'] },
];

/**
 * The registered kinds `kinds` (ids) in groups: the built-ins in theirs, every other kind (registered by
 * the page, `registerDrawingKind`) in "Other". Groups without a registered kind are left out.
 */
export function drawingGroups(kinds: readonly DrawingKind[]): DrawingGroup[] {
  const known = new Set(BUILTIN_GROUPS.flatMap((g) => g.kinds));
  const groups = BUILTIN_GROUPS.map((g) => ({ id: g.id, kinds: g.kinds.filter((k) => kinds.includes(k)) }));
  groups.push({ id: 'other', kinds: kinds.filter((k) => !known.has(k)) });
  return groups.filter((g) => g.kinds.length > 0);
}

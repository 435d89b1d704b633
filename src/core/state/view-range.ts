import type { ViewRange } from './chart-state.js';

/** How many bars a freshly loaded series shows. */
export const DEFAULT_VISIBLE_BARS = 120;

/** The newest bars with a little room on the right. */
export function defaultView(length: number, visible = DEFAULT_VISIBLE_BARS): ViewRange {
  const end = length + 2;
  return { start: Math.max(-0.5, end - visible), end };
}

/** Keeps a view inside the data with at least `minBars` visible. */
export function clampView(view: ViewRange, length: number, minBars = 5): ViewRange {
  let span = Math.max(minBars, view.end - view.start);
  span = Math.min(span, Math.max(minBars, length + 20));
  let start = view.start;
  const maxEnd = length + span * 0.5;
  const minStart = -span * 0.5;
  if (start < minStart) start = minStart;
  if (start + span > maxEnd) start = maxEnd - span;
  return { start, end: start + span };
}

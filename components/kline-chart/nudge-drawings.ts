import { createBarTimeScale, type ChartCore } from '../../src/core/commands/index.js';
import type { Drawing } from '../../src/core/drawings/index.js';
import { moveDrawingTo } from '../../src/core/commands/drawing-edits.js';

/**
 * Moves every selected, unlocked drawing of the price pane by `bars` bars and `price` (one
 * `drawing_move` undo step each): the keyboard's arrows on a selection (keyboard-drawing-keys.ts, in
 * the drawing layer's lazy chunk). Returns the drawings moved.
 */
export function nudgeDrawings(core: ChartCore, bars: number, price: number): Drawing[] {
  const series = core.store.peek('series');
  if (!series) return [];
  const scale = createBarTimeScale(series.bars.time, series.bars.length);
  const ids = new Set(core.store.peek('drawingSelection'));
  const moved: Drawing[] = [];
  for (const d of core.drawings.current()) {
    if (!ids.has(d.id) || d.locked || d.paneId !== 'price') continue;
    const points = d.points.map((p) => ({
      time: scale.toTime(scale.toIndex(p.time) + bars),
      price: p.price + price,
    }));
    if (moveDrawingTo(core.drawings, d.id, points)) moved.push({ ...d, points });
  }
  return moved;
}

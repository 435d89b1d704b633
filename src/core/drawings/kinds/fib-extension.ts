import type { DrawingKindDefinition } from '../drawing-kind.js';
import type { DrawingPrimitive } from '../drawing-primitive.js';
import { BUILTIN_KIND_INFO } from './builtin-kind-info.js';
import { LABEL_GAP, TEXT_HEIGHT_PX, label, seg } from './kind-helpers.js';

/** Trend-based Fibonacci extension levels: multiples of the first leg (A → B) from the third point. */
export const FIB_EXTENSION_LEVELS: readonly number[] = Object.freeze([0, 0.618, 1, 1.618, 2.618]);

/** Shortest level line, px (the first leg may be only a bar or two wide). */
const MIN_LEVEL_WIDTH = 40;

/** Price of extension `level`: C + level · (B − A). */
export function fibExtensionPrice(a: number, b: number, c: number, level: number): number {
  return c + (b - a) * level;
}

/**
 * TradingView's trend-based Fibonacci extension: the move from A to B, the retracement to C (both
 * legs drawn), and levels at C + k · (B − A) for k = 0, 0.618, 1, 1.618, 2.618, each a line from C
 * to the right as wide as the first leg, labelled with its ratio and price (as fib_retracement.ts).
 */
export const fibExtension: DrawingKindDefinition = {
  ...BUILTIN_KIND_INFO.fib_extension,
  description:
    'trend-based Fibonacci extension: the move from the first point to the second, a retracement to the third; levels 0, 0.618, 1, 1.618, 2.618 times the first move projected from the third point',
  geometry({ anchors: [a, b, c], drawing, mapper, formatPrice }) {
    if (!a || !b) return [];
    const out: DrawingPrimitive[] = [seg(a.x, a.y, b.x, b.y)];
    if (!c) return out;
    out.push(seg(b.x, b.y, c.x, c.y));
    const [pa, pb, pc] = drawing.points.map((p) => p.price);
    const xl = c.x;
    const xr = c.x + Math.max(MIN_LEVEL_WIDTH, Math.abs(b.x - a.x));
    let top = Infinity;
    for (const level of FIB_EXTENSION_LEVELS) {
      const price = fibExtensionPrice(pa, pb, pc, level);
      const y = mapper.priceToY(price);
      top = Math.min(top, y);
      out.push({ type: 'segment', x1: xl, y1: y, x2: xr, y2: y, level });
      out.push(label(`${level} (${formatPrice(price, pc)})`, xl + LABEL_GAP, y - 2, 'left', 'bottom'));
    }
    if (drawing.label) out.push(label(drawing.label, xr, top - TEXT_HEIGHT_PX, 'right', 'bottom'));
    return out;
  },
};

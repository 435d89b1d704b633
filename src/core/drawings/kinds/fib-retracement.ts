import type { DrawingKindDefinition } from '../drawing-kind.js';
import { BUILTIN_KIND_INFO } from './builtin-kind-info.js';
import type { DrawingPrimitive } from '../drawing-primitive.js';
import { LABEL_GAP, TEXT_HEIGHT_PX, label } from './kind-helpers.js';

/** Fibonacci retracement levels, 0 at the second point and 1 at the first. */
export const FIB_LEVELS: readonly number[] = Object.freeze([0, 0.236, 0.382, 0.5, 0.618, 0.786, 1]);

/** Price of fib `level` between the first (`a`) and second (`b`) point. */
export function fibLevelPrice(a: number, b: number, level: number): number {
  return b + (a - b) * level;
}

/** Fib levels between the two anchors' prices. */
export const fibRetracement: DrawingKindDefinition = {
  ...BUILTIN_KIND_INFO.fib_retracement,
  description: 'levels 0, 0.236, 0.382, 0.5, 0.618, 0.786, 1 between the points: 0 at the second point, 1 at the first',
  geometry({ anchors: [a, b], drawing, mapper, formatPrice }) {
    if (!a || !b) return [];
    const p0 = drawing.points[0].price,
      p1 = drawing.points[1].price;
    const xl = Math.min(a.x, b.x),
      xr = Math.max(a.x, b.x);
    const out: DrawingPrimitive[] = [];
    for (const level of FIB_LEVELS) {
      const price = fibLevelPrice(p0, p1, level);
      const y = mapper.priceToY(price);
      out.push({ type: 'segment', x1: xl, y1: y, x2: xr, y2: y, level });
      out.push(label(`${level} (${formatPrice(price, p1)})`, xl + LABEL_GAP, y - 2, 'left', 'bottom'));
    }
    if (drawing.label) out.push(label(drawing.label, xr, Math.min(a.y, b.y) - TEXT_HEIGHT_PX, 'right', 'bottom'));
    return out;
  },
};

import type { DrawingGeometryInput, DrawingKindDefinition } from '../drawing-kind.js';
import type { DrawingPrimitive } from '../drawing-primitive.js';
import { BUILTIN_KIND_INFO } from './builtin-kind-info.js';
import { LABEL_GAP, seg, signed } from './kind-helpers.js';

/** Fill opacity of the profit and loss zones. */
export const POSITION_FILL_ALPHA = 0.18;

/** `(+6.67%)` from `from` to `to`; empty when `from` is 0. */
function percent(from: number, to: number): string {
  const d = to - from;
  return from !== 0 ? ` (${signed(((d / from) * 100).toFixed(2), d)}%)` : '';
}

/** The price's label beside a zone's far edge: above it when the edge is above the entry, else below. */
function edgeLabel(text: string, x: number, y: number, above: boolean): DrawingPrimitive {
  return {
    type: 'text',
    x,
    y: above ? y - LABEL_GAP : y + LABEL_GAP,
    text,
    align: 'center',
    baseline: above ? 'bottom' : 'top',
    role: 'label',
    tone: 'theme',
  };
}

/**
 * TradingView's long and short position tools: an entry (first point) held until the second point's
 * time, with a profit target (second point's price) and a stop (third point's price). The zone from the
 * entry to the target is painted in the theme's rising colour, the one to the stop in the falling colour;
 * labels give each level with its change from the entry, and the entry the risk/reward ratio.
 */
function positionGeometry() {
  return ({ anchors: [a, b, c], drawing, formatPrice, words }: DrawingGeometryInput): DrawingPrimitive[] => {
    if (!a || !b) return [];
    const [entry, target, stop] = drawing.points.map((p) => p.price);
    const x = Math.min(a.x, b.x);
    const w = Math.abs(b.x - a.x);
    const mx = x + w / 2;
    const zone = (y: number, tone: 'up' | 'down'): DrawingPrimitive => ({
      type: 'rect',
      x,
      y: Math.min(a.y, y),
      w,
      h: Math.abs(y - a.y),
      fillAlpha: POSITION_FILL_ALPHA,
      stroke: false,
      tone,
    });
    const out: DrawingPrimitive[] = [zone(b.y, 'up')];
    if (c) out.push(zone(c.y, 'down'));
    out.push(seg(x, a.y, x + w, a.y));
    out.push(edgeLabel(`${formatPrice(target, entry)}${percent(entry, target)}`, mx, b.y, b.y <= a.y));
    if (c && stop !== undefined) {
      out.push(edgeLabel(`${formatPrice(stop, entry)}${percent(entry, stop)}`, mx, c.y, c.y < a.y));
      const risk = Math.abs(entry - stop);
      const ratio = risk > 0 ? (Math.abs(target - entry) / risk).toFixed(2) : '—';
      out.push({
        type: 'text',
        x: x + LABEL_GAP,
        y: a.y - LABEL_GAP,
        // In the chart's language (drawing.units); the zones' colours tell long from short.
        text: `${drawing.label ? `${drawing.label}: ` : ''}${words.riskReward(ratio)}`,
        align: 'left',
        baseline: 'bottom',
        role: 'label',
        tone: 'theme',
      });
    }
    return out;
  };
}

const ANCHORS = 'entry (time, price), then the exit time with the profit target price, then the stop price';

/** A long position: the target above the entry, the stop below. */
export const longPosition: DrawingKindDefinition = {
  ...BUILTIN_KIND_INFO.long_position,
  description: `a long trade's plan: ${ANCHORS} (target above the entry, stop below); shows both zones and the risk/reward ratio`,
  geometry: positionGeometry(),
};

/** A short position: the target below the entry, the stop above. */
export const shortPosition: DrawingKindDefinition = {
  ...BUILTIN_KIND_INFO.short_position,
  description: `a short trade's plan: ${ANCHORS} (target below the entry, stop above); shows both zones and the risk/reward ratio`,
  geometry: positionGeometry(),
};

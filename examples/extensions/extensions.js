// Three ways to extend <kline-chart> (README "Extension API"): a custom study (registerIndicator),
// a custom drawing kind (registerDrawingKind) and a paint primitive (addPrimitive).
// Plain JavaScript over the bundle: no build step. The test test/browser/overlays/extensions-example.test.ts
// loads this page and checks each one.
import { registerDrawingKind, Type } from '../../dist/kline-chart.js';

/**
 * A study: the midpoint of each bar's range, smoothed over `period` bars, drawn on the price pane.
 * A plain definition with `compute`; `defineIndicator({ …, inputs, stepper })` builds one with a live
 * (O(1) per tick) updater the way the built-ins are built (docs/adding-a-study.md).
 */
export const midpointStudy = {
  id: 'MIDPOINT',
  name: 'Smoothed bar midpoint',
  category: 'trend',
  params: Type.Object({
    period: Type.Integer({ default: 10, minimum: 1, maximum: 500, description: 'Bars to average.' }),
  }),
  paramOrder: ['period'],
  placement: 'overlay',
  outputs: () => [{ key: 'mid', label: 'MID', style: 'line', color: '#e040fb' }],
  compute(c, p) {
    const out = new Float64Array(c.length).fill(NaN);
    let sum = 0;
    for (let i = 0; i < c.length; i++) {
      sum += (c.high[i] + c.low[i]) / 2;
      if (i >= p.period) sum -= (c.high[i - p.period] + c.low[i - p.period]) / 2;
      if (i >= p.period - 1) out[i] = sum / p.period;
    }
    return { mid: out };
  },
};

/** A drawing kind: a target — a circle through the second anchor around the first, with cross hairs. */
export const targetKind = {
  id: 'target',
  anchors: 2,
  label: 'Target',
  description: 'a circle centred on the first point through the second, with cross hairs (a price target zone)',
  icon: 'M8 2a6 6 0 110 12 6 6 0 110-12M8 0v16M0 8h16',
  geometry({ anchors: [a, b], drawing }) {
    if (!a) return [];
    const r = b ? Math.hypot(b.x - a.x, b.y - a.y) : 0;
    const out = [
      { type: 'segment', x1: a.x - r - 6, y1: a.y, x2: a.x + r + 6, y2: a.y },
      { type: 'segment', x1: a.x, y1: a.y - r - 6, x2: a.x, y2: a.y + r + 6 },
    ];
    if (drawing.label)
      out.push({
        type: 'text',
        x: a.x + r + 8,
        y: a.y - 4,
        text: drawing.label,
        align: 'left',
        baseline: 'bottom',
        role: 'label',
        tone: 'style',
      });
    return out;
  },
  // Inside the circle counts as on it (the default would only test the cross hairs).
  hitTest({ anchors: [a, b] }, x, y, tolerance) {
    if (!a || !b) return false;
    return Math.hypot(x - a.x, y - a.y) <= Math.hypot(b.x - a.x, b.y - a.y) + tolerance;
  },
  // The circle is not one of the primitive types: paint it, then the primitives' lines and label.
  paint(ctx, primitives, { anchors: [a, b], drawing }) {
    ctx.strokeStyle = drawing.style.color;
    ctx.fillStyle = drawing.style.color;
    ctx.lineWidth = drawing.style.width;
    if (a && b) {
      ctx.beginPath();
      ctx.arc(a.x, a.y, Math.hypot(b.x - a.x, b.y - a.y), 0, 2 * Math.PI);
      ctx.globalAlpha = 0.15;
      ctx.fill();
      ctx.globalAlpha = 1;
      ctx.stroke();
    }
    ctx.beginPath();
    for (const p of primitives) if (p.type === 'segment') (ctx.moveTo(p.x1, p.y1), ctx.lineTo(p.x2, p.y2));
    ctx.stroke();
    ctx.font = '12px sans-serif';
    for (const p of primitives) if (p.type === 'text') ctx.fillText(p.text, p.x, p.y);
  },
  editorFields: ['color', 'width', 'label'],
};

/** A primitive: a shaded band over the last 20 bars between their lowest low and highest high. */
export function rangeBoxPrimitive(bars = 20) {
  return {
    id: 'recent-range',
    paint(ctx, s) {
      const from = Math.max(0, s.bars.length - bars);
      let lo = Infinity;
      let hi = -Infinity;
      for (let i = from; i < s.bars.length; i++) {
        lo = Math.min(lo, s.bars.low[i]);
        hi = Math.max(hi, s.bars.high[i]);
      }
      if (!Number.isFinite(lo)) return;
      const x0 = s.indexToX(from);
      const x1 = s.indexToX(s.bars.length - 1);
      ctx.fillStyle = 'rgba(255, 152, 0, 0.18)';
      ctx.fillRect(x0, s.priceToY(hi), x1 - x0, s.priceToY(lo) - s.priceToY(hi));
    },
  };
}

/**
 * Registers all three on `chart`. The drawing kind is page-wide; registering it twice throws, so a
 * page that mounts several charts registers it once. Returns a function that removes everything.
 */
export function installExtensions(chart) {
  const offKind = registerDrawingKind(targetKind);
  const offStudy = chart.registerIndicator(midpointStudy);
  const removePrimitive = chart.addPrimitive(rangeBoxPrimitive(), 'price');
  return () => {
    removePrimitive();
    offStudy();
    offKind();
  };
}

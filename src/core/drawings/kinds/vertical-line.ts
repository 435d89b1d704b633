import type { DrawingKindDefinition } from '../drawing-kind.js';
import { LABEL_GAP, label, seg } from './kind-helpers.js';

/** A vertical line at the anchor's time. */
export const verticalLine: DrawingKindDefinition = {
  id: 'vertical_line',
  anchors: 1,
  label: 'Vertical line',
  description: "a vertical line at the point's time (its price only anchors it)",
  icon: 'M8 1v14M6.4 8a1.6 1.6 0 103.2 0 1.6 1.6 0 10-3.2 0',
  geometry({ anchors: [a], mapper, drawing }) {
    if (!a) return [];
    const out = [seg(a.x, 0, a.x, mapper.height)];
    return drawing.label ? [...out, label(drawing.label, a.x + LABEL_GAP, LABEL_GAP, 'left', 'top')] : out;
  },
};

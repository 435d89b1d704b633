import type { DrawingKindDefinition } from '../drawing-kind.js';
import { BUILTIN_KIND_INFO } from './builtin-kind-info.js';
import { LABEL_GAP, label, seg } from './kind-helpers.js';

/** A vertical line at the anchor's time. */
export const verticalLine: DrawingKindDefinition = {
  ...BUILTIN_KIND_INFO.vertical_line,
  description: "a vertical line at the point's time (its price only anchors it)",
  geometry({ anchors: [a], mapper, drawing }) {
    if (!a) return [];
    const out = [seg(a.x, 0, a.x, mapper.height)];
    return drawing.label ? [...out, label(drawing.label, a.x + LABEL_GAP, LABEL_GAP, 'left', 'top')] : out;
  },
};

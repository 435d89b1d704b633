import type { DrawingKindDefinition } from '../drawing-kind.js';
import { BUILTIN_KIND_INFO } from './builtin-kind-info.js';

/** The label written at the anchor (a placeholder in the chart's language while it has none). */
export const text: DrawingKindDefinition = {
  ...BUILTIN_KIND_INFO.text,
  description: 'the label text written at the point',
  geometry({ anchors: [a], drawing, words }) {
    if (!a) return [];
    const body = drawing.label || words.emptyText;
    return [
      { type: 'text', x: a.x, y: a.y, text: body, align: 'left', baseline: 'bottom', role: 'text', tone: 'style' },
    ];
  },
};

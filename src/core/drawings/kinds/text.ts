import type { DrawingKindDefinition } from '../drawing-kind.js';
import { BUILTIN_KIND_INFO } from './builtin-kind-info.js';

/** Placeholder text of a text drawing without a label. */
const EMPTY_TEXT = 'Text';

/** The label written at the anchor. */
export const text: DrawingKindDefinition = {
  ...BUILTIN_KIND_INFO.text,
  description: 'the label text written at the point',
  geometry({ anchors: [a], drawing }) {
    if (!a) return [];
    const body = drawing.label || EMPTY_TEXT;
    return [
      { type: 'text', x: a.x, y: a.y, text: body, align: 'left', baseline: 'bottom', role: 'text', tone: 'style' },
    ];
  },
};

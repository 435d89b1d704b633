import type { DrawingKindDefinition } from '../drawing-kind.js';

/** Placeholder text of a text drawing without a label. */
const EMPTY_TEXT = 'Text';

/** The label written at the anchor. */
export const text: DrawingKindDefinition = {
  id: 'text',
  anchors: 1,
  label: 'Text',
  description: 'the label text written at the point',
  icon: 'M3 3h10M8 3v10',
  geometry({ anchors: [a], drawing }) {
    if (!a) return [];
    const body = drawing.label || EMPTY_TEXT;
    return [
      { type: 'text', x: a.x, y: a.y, text: body, align: 'left', baseline: 'bottom', role: 'text', tone: 'style' },
    ];
  },
  editorFields: ['color', 'label'],
};

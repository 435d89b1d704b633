import type { DrawingKindDefinition } from '../drawing-kind.js';
import { clippedLine } from './clipped-line.js';

/** The line through both anchors, to both edges. */
export const extendedLine: DrawingKindDefinition = {
  id: 'extended_line',
  anchors: 2,
  label: 'Extended line',
  description: 'a line through both points, extended in both directions',
  icon: 'M1 15L15 1M3.4 11a1.6 1.6 0 103.2 0 1.6 1.6 0 10-3.2 0M9.4 5a1.6 1.6 0 103.2 0 1.6 1.6 0 10-3.2 0',
  geometry: (input) => clippedLine(input, -Infinity),
};

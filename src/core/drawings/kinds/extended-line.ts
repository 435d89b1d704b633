import type { DrawingKindDefinition } from '../drawing-kind.js';
import { BUILTIN_KIND_INFO } from './builtin-kind-info.js';
import { clippedLine } from './clipped-line.js';

/** The line through both anchors, to both edges. */
export const extendedLine: DrawingKindDefinition = {
  ...BUILTIN_KIND_INFO.extended_line,
  description: 'a line through both points, extended in both directions',
  geometry: (input) => clippedLine(input, -Infinity),
};

import type { DrawingKindDefinition } from '../drawing-kind.js';
import { clippedLine } from './clipped-line.js';

/** From the first anchor through the second to the edge. */
export const ray: DrawingKindDefinition = {
  id: 'ray',
  anchors: 2,
  label: 'Ray',
  description: 'starts at the first point, passes through the second and continues to the chart edge',
  icon: 'M3 13L15 1M1.4 13a1.6 1.6 0 103.2 0 1.6 1.6 0 10-3.2 0M7.4 7a1.6 1.6 0 103.2 0 1.6 1.6 0 10-3.2 0',
  geometry: (input) => clippedLine(input, 0),
};

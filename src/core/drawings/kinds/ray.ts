import type { DrawingKindDefinition } from '../drawing-kind.js';
import { BUILTIN_KIND_INFO } from './builtin-kind-info.js';
import { clippedLine } from './clipped-line.js';

/** From the first anchor through the second to the edge. */
export const ray: DrawingKindDefinition = {
  ...BUILTIN_KIND_INFO.ray,
  description: 'starts at the first point, passes through the second and continues to the chart edge',
  geometry: (input) => clippedLine(input, 0),
};

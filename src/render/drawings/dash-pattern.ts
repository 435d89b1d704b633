import type { DrawingStyle } from '../../core/drawings/index.js';

/**
 * Canvas line-dash segments for a dash style at a line width (CSS px): dashes and gaps grow with the
 * width so thick lines keep their look; `solid` is the empty pattern.
 */
export function dashPattern(dash: DrawingStyle['dash'], width: number): number[] {
  const w = Math.max(1, width);
  switch (dash) {
    case 'dashed':
      return [4 * w + 2, 3 * w + 1];
    case 'dotted':
      return [w, 2 * w];
    default:
      return [];
  }
}

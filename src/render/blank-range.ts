/** The stand-in range of a scale with no value in view, marked `blank` (no labels, no grid) until it has one. */
export function blankRange(blank: Set<string>, scale: string): [number, number] {
  blank.add(scale);
  return [0, 1];
}

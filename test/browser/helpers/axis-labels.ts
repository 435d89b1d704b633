/** The tick labels an axis strip of a canvas shows, read from its pixels (what a person sees). */

/** One label: its rows and columns (canvas px) and a fingerprint of its glyphs (equal text, equal ink). */
export interface AxisLabelInk {
  readonly top: number;
  readonly bottom: number;
  readonly left: number;
  readonly right: number;
  readonly centre: number;
  readonly ink: string;
}

/** Whether a pixel is label ink: within `tolerance` of `rgb`, opaque. */
function isInk(data: Uint8ClampedArray, i: number, rgb: readonly number[], tolerance: number): boolean {
  return (
    Math.abs(data[i] - rgb[0]) <= tolerance &&
    Math.abs(data[i + 1] - rgb[1]) <= tolerance &&
    Math.abs(data[i + 2] - rgb[2]) <= tolerance &&
    data[i + 3] > 200
  );
}

/**
 * The labels in columns [x0, x1) of `canvas`: runs of rows holding `rgb` ink (the axis colour), each
 * with its ink's extent and a fingerprint relative to its own top-left corner.
 */
export function axisLabels(
  canvas: HTMLCanvasElement,
  x0: number,
  x1: number,
  rgb: readonly number[],
  tolerance = 40,
): AxisLabelInk[] {
  const w = x1 - x0;
  const data = canvas.getContext('2d')!.getImageData(x0, 0, w, canvas.height).data;
  const rowHasInk = (y: number) => {
    for (let x = 0; x < w; x++) if (isInk(data, (y * w + x) * 4, rgb, tolerance)) return true;
    return false;
  };
  const labels: AxisLabelInk[] = [];
  let top = -1;
  for (let y = 0; y <= canvas.height; y++) {
    const ink = y < canvas.height && rowHasInk(y);
    if (ink && top < 0) top = y;
    if (!ink && top >= 0) {
      const bottom = y - 1;
      let left = w;
      let right = -1;
      for (let r = top; r <= bottom; r++)
        for (let x = 0; x < w; x++)
          if (isInk(data, (r * w + x) * 4, rgb, tolerance)) {
            left = Math.min(left, x);
            right = Math.max(right, x);
          }
      let ink = '';
      for (let r = top; r <= bottom; r++) {
        for (let x = left; x <= right; x++) ink += isInk(data, (r * w + x) * 4, rgb, tolerance) ? '#' : '.';
        ink += '/';
      }
      labels.push({ top, bottom, left: x0 + left, right: x0 + right, centre: (top + bottom) / 2, ink });
      top = -1;
    }
  }
  return labels;
}

import type { ChartMarker } from '../../core/state/index.js';

/** The distinct styles of a marker list, for painting it without a string key per marker and frame. */
export interface MarkerStyles {
  /** Style index, time and position (0 above, 1 below, 2 on the close) of each marker. */
  readonly styleOf: Uint32Array;
  readonly time: Float64Array;
  readonly position: Uint8Array;
  /** Whether any marker has a text. */
  readonly anyText: boolean;
  /** Per style: its shape, whether an arrow points up (below or on the bar), its colour index. */
  readonly shape: readonly ChartMarker['shape'][];
  readonly up: readonly boolean[];
  readonly colorOf: Uint32Array;
  /** Distinct colours, by colour index. */
  readonly colors: readonly string[];
}

const SHAPES: readonly ChartMarker['shape'][] = ['arrow', 'circle', 'square', 'flag'];
const cache = new WeakMap<readonly ChartMarker[], MarkerStyles>();

/**
 * Styles (colour, shape, position) of `markers`, computed once per list: the store replaces the
 * list on every change, so the list itself is the cache key.
 */
export function markerStyles(markers: readonly ChartMarker[]): MarkerStyles {
  const hit = cache.get(markers);
  if (hit) return hit;
  const styleOf = new Uint32Array(markers.length);
  const time = new Float64Array(markers.length);
  const position = new Uint8Array(markers.length);
  let anyText = false;
  // Per colour: style index by position × shape (no string key per marker).
  const byColor = new Map<string, { index: number; styles: Int32Array }>();
  const shape: ChartMarker['shape'][] = [];
  const up: boolean[] = [];
  const colorList: number[] = [];
  const colors: string[] = [];
  for (let k = 0; k < markers.length; k++) {
    const m = markers[k];
    const p = m.position === 'above' ? 0 : m.position === 'below' ? 1 : 2;
    let c = byColor.get(m.color);
    if (!c) {
      byColor.set(m.color, (c = { index: colors.length, styles: new Int32Array(3 * SHAPES.length).fill(-1) }));
      colors.push(m.color);
    }
    const slot = p * SHAPES.length + Math.max(0, SHAPES.indexOf(m.shape));
    let s = c.styles[slot];
    if (s < 0) {
      s = c.styles[slot] = shape.length;
      shape.push(m.shape);
      up.push(p !== 0);
      colorList.push(c.index);
    }
    styleOf[k] = s;
    time[k] = m.time;
    position[k] = p;
    if (m.text) anyText = true;
  }
  const styles: MarkerStyles = {
    styleOf,
    time,
    position,
    anyText,
    shape,
    up,
    colorOf: Uint32Array.from(colorList),
    colors,
  };
  cache.set(markers, styles);
  return styles;
}

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
  const byKey = new Map<string, number>();
  const byColor = new Map<string, number>();
  const shape: ChartMarker['shape'][] = [];
  const up: boolean[] = [];
  const colorList: number[] = [];
  const colors: string[] = [];
  for (let k = 0; k < markers.length; k++) {
    const m = markers[k];
    const key = `${m.position}|${m.shape}|${m.color}`;
    let s = byKey.get(key);
    if (s === undefined) {
      s = shape.length;
      byKey.set(key, s);
      shape.push(m.shape);
      up.push(m.position !== 'above');
      let c = byColor.get(m.color);
      if (c === undefined) {
        c = colors.length;
        byColor.set(m.color, c);
        colors.push(m.color);
      }
      colorList.push(c);
    }
    styleOf[k] = s;
    time[k] = m.time;
    position[k] = m.position === 'above' ? 0 : m.position === 'below' ? 1 : 2;
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

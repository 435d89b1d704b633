import type { CommandContext } from './command-context.js';
import { instrumentKey, type ChartMarker } from '../state/index.js';

/** Most markers one instrument holds (and one call creates). */
export { MAX_MARKERS } from '../state/study-limits.js';

/** Markers of the loaded instrument, sorted by time. */
export function currentMarkers(store: CommandContext['store']): readonly ChartMarker[] {
  const series = store.peek('series');
  return series
    ? (store.peek('markers')[instrumentKey(series.instrument.sourceId, series.instrument.symbol)] ?? [])
    : [];
}

/**
 * Markers on bars of the loaded instrument (`state.markers[instrumentKey]`), kept sorted by time:
 * what the element's overlay painter reads at once. The `markers_*` tools are
 * {@link import('./marker-tools.js').MarkerTools}, loaded after the first paint (issue #12).
 */
export class MarkerCommands {
  /** Internal: read by MarkerTools. */
  readonly ctx: Pick<CommandContext, 'store' | 'indicatorRegistry'>;

  constructor(ctx: Pick<CommandContext, 'store' | 'indicatorRegistry'>) {
    this.ctx = ctx;
  }

  /** Storage key of the loaded instrument, or null while nothing is loaded. */
  currentKey(): string | null {
    const series = this.ctx.store.peek('series');
    return series ? instrumentKey(series.instrument.sourceId, series.instrument.symbol) : null;
  }

  /** Markers of the loaded instrument, sorted by time. */
  current(): readonly ChartMarker[] {
    return currentMarkers(this.ctx.store);
  }
}

/** Index range `[a, b)` of markers (sorted by time) within `[from, to]`. */
export function markerRange(markers: readonly ChartMarker[], from: number, to: number): [number, number] {
  let lo = 0;
  let hi = markers.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (markers[mid].time < from) lo = mid + 1;
    else hi = mid;
  }
  let b = lo;
  while (b < markers.length && markers[b].time <= to) b++;
  return [lo, b];
}

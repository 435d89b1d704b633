import type { ChartState } from '../state/index.js';
import { LAYOUT_VERSION, type LayoutDocument, type PersistedKey } from './layout-document.js';

/**
 * The layout document of a state: plain JSON (deep-copied, so later store changes cannot reach it).
 * Instruments without drawings are left out.
 */
export function serializeLayout(
  state: Omit<Pick<ChartState, PersistedKey>, 'markers' | 'priceLines'> &
    Partial<Pick<ChartState, 'markers' | 'priceLines'>>,
  savedAt: number = Date.now(),
): LayoutDocument {
  const drawings: LayoutDocument['drawings'] = Object.fromEntries(
    Object.entries(state.drawings).filter(([, list]) => list.length > 0),
  );
  const nonEmpty = <T>(map: Readonly<Record<string, readonly T[]>>) =>
    Object.fromEntries(Object.entries(map).filter(([, list]) => list.length > 0));
  return JSON.parse(
    JSON.stringify({
      version: LAYOUT_VERSION,
      savedAt,
      indicators: state.indicators,
      panes: state.panes,
      drawings,
      comparisons: state.comparisons,
      settings: state.settings,
      markers: nonEmpty(state.markers ?? {}),
      priceLines: nonEmpty(state.priceLines ?? {}),
    }),
  ) as LayoutDocument;
}

import type {
  ChartMarker,
  ChartSettings,
  ComparisonEntry,
  IndicatorInstance,
  PaneLayout,
  PriceLine,
} from '../state/index.js';
import type { Drawing } from '../drawings/index.js';

/** Version this build writes and reads. A document with a higher version is never applied. */
export const LAYOUT_VERSION = 1;

/** The store slices a layout document saves and restores. */
export const PERSISTED_KEYS = [
  'indicators',
  'panes',
  'drawings',
  'comparisons',
  'settings',
  'markers',
  'priceLines',
] as const;
export type PersistedKey = (typeof PERSISTED_KEYS)[number];

/**
 * What `persist-key` saves: the user's layout, not the data. Drawings are kept per instrument
 * (`sourceId:symbol`), so one document carries the drawings of every symbol the user visited.
 */
export interface LayoutDocument {
  readonly version: typeof LAYOUT_VERSION;
  /** UTC ms of the save. */
  readonly savedAt: number;
  /**
   * Counts saves under one key across tabs: a tab writes `revision + 1` of what it last read, and
   * re-reads before writing, so an older in-memory layout never overwrites a newer saved one.
   * Absent in documents from before revisions (read as 0).
   */
  readonly revision?: number;
  readonly indicators: readonly IndicatorInstance[];
  readonly panes: readonly PaneLayout[];
  readonly drawings: Readonly<Record<string, readonly Drawing[]>>;
  readonly comparisons: readonly ComparisonEntry[];
  readonly settings: ChartSettings;
  /** Markers per instrument (absent in documents from before markers: read as none). */
  readonly markers?: Readonly<Record<string, readonly ChartMarker[]>>;
  /** Price lines per instrument (absent in older documents). */
  readonly priceLines?: Readonly<Record<string, readonly PriceLine[]>>;
}

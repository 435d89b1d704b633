/** A time range of loaded or visible bars (UTC ms). */
export interface BarRange {
  readonly from: number;
  readonly to: number;
  readonly bars: number;
}

export interface SelectionSummary extends BarRange {
  readonly open: number;
  readonly high: number;
  readonly low: number;
  readonly close: number;
  readonly changePct: number;
  readonly volume: number;
}

export interface ActiveIndicatorSummary {
  readonly instanceId: string;
  readonly definitionId: string;
  readonly params: Readonly<Record<string, unknown>>;
  readonly paneId: string;
}

export interface DrawingSummary {
  readonly id: string;
  readonly kind: string;
  readonly points: readonly { readonly time: number; readonly price: number }[];
  readonly label?: string;
}

/** The frozen snapshot of what the chart shows (docs/contracts.md "Chart context"). */
export interface ChartContext {
  readonly chartId: string;
  readonly symbol: string;
  readonly symbolName: string;
  readonly market: string;
  readonly exchange: string;
  readonly source: string;
  readonly period: string;
  readonly timezone: string;
  readonly dataRange: BarRange;
  readonly visibleRange: BarRange;
  readonly selection: SelectionSummary | null;
  readonly activeIndicators: readonly ActiveIndicatorSummary[];
  readonly drawingSelection: { readonly selectedIds: readonly string[]; readonly drawings: readonly DrawingSummary[] };
  readonly comparisons: readonly { readonly symbol: string; readonly sourceId: string }[];
  readonly dataRevision: number;
  /**
   * Only during a bar replay: the chart (and every tool) shows the bars up to the one that opened at `time`;
   * later bars exist but are hidden. `playing`: stepping on a timer, `speed` bars per second.
   */
  readonly replay?: { readonly time: number; readonly playing: boolean; readonly speed: number };
}

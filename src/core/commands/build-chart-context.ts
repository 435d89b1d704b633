import type { ChartContext, SelectionSummary } from '../../protocol/index.js';
import type { Bars } from '../data/index.js';
import { instrumentKey, type ChartState, type TimeSelection } from '../state/index.js';

/** Last index with `time[i] <= t`, or -1. */
export function upperIndex(time: Float64Array, t: number, length = time.length): number {
  let lo = 0;
  let hi = length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (time[mid] <= t) lo = mid + 1;
    else hi = mid;
  }
  return lo - 1;
}

/**
 * The selection's summary, once summarize-range.ts is loaded. Only `chart_set_selection` (drawing-tools.ts,
 * in the tools' chunk, issue #12) and a run's revert (revert-run.ts, its own chunk) set a selection, and both
 * import that module, so no context with a selection is built before it is here; a first paint never runs it.
 * (The selection is not part of a saved layout: persist/layout-document.ts PERSISTED_KEYS.)
 */
let summarize: ((bars: Bars, range: TimeSelection) => SelectionSummary | null) | undefined;

/** Internal (summarize-range.ts): installs the selection's summary. */
export function setRangeSummary(fn: typeof summarize): void {
  summarize = fn;
}

/** The frozen snapshot of docs/contracts.md, or null while no data is loaded. */
export function buildChartContext(chartId: string, state: ChartState): ChartContext | null {
  const series = state.series;
  if (!series || series.bars.length === 0) return null;
  const { bars, instrument } = series;
  const n = bars.length;
  const view = state.view ?? { start: 0, end: n };
  const first = Math.max(0, Math.min(n - 1, Math.ceil(view.start)));
  const last = Math.max(first, Math.min(n - 1, Math.ceil(view.end) - 1));
  const drawings = state.drawings[instrumentKey(instrument.sourceId, instrument.symbol)] ?? [];
  const selected = new Set(state.drawingSelection);
  const context: ChartContext = {
    chartId,
    symbol: instrument.symbol,
    symbolName: instrument.name,
    market: instrument.market,
    exchange: instrument.exchange,
    source: instrument.sourceId,
    period: series.period,
    timezone: instrument.timezone,
    dataRange: { from: bars.time[0], to: bars.time[n - 1], bars: n },
    visibleRange: { from: bars.time[first], to: bars.time[last], bars: last - first + 1 },
    selection: state.selection ? (summarize?.(bars, state.selection) ?? null) : null,
    activeIndicators: state.indicators.map((i) => ({
      instanceId: i.instanceId,
      definitionId: i.definitionId,
      params: { ...i.params },
      paneId: i.paneId,
    })),
    drawingSelection: {
      selectedIds: [...state.drawingSelection],
      drawings: drawings
        .filter((d) => selected.has(d.id))
        .map((d) => ({
          id: d.id,
          kind: d.kind,
          points: d.points.map((p) => ({ time: p.time, price: p.price })),
          ...(d.label ? { label: d.label } : {}),
        })),
    },
    comparisons: state.comparisons.map((c) => ({ symbol: c.symbol, sourceId: c.sourceId })),
    dataRevision: state.dataRevision,
    ...(state.replay
      ? { replay: { time: state.replay.time, playing: state.replay.playing, speed: state.replay.speed } }
      : {}),
  };
  return deepFreezeJson(context);
}

function deepFreezeJson<T>(value: T): T {
  if (value && typeof value === 'object') {
    for (const v of Object.values(value)) deepFreezeJson(v);
    Object.freeze(value);
  }
  return value;
}

import type { BarRange, ChartContext } from '../../protocol/index.js';
import { toolTime } from './tool-time.js';

type Texted<R> = R & { fromText: string; toText: string };

/** A range of `context` with its times also written in the market timezone. */
export function formatRangeForTool<R extends BarRange>(r: R, context: ChartContext): Texted<R> {
  return {
    ...r,
    fromText: toolTime(r.from, context.timezone, context.period),
    toText: toolTime(r.to, context.timezone, context.period),
  };
}

/** The context snapshot with every time also written in the market timezone (for a model). */
export function formatContextForTool(context: ChartContext) {
  const tz = context.timezone;
  const text = <R extends BarRange>(r: R): Texted<R> => formatRangeForTool(r, context);
  return {
    ...context,
    dataRange: text(context.dataRange),
    visibleRange: text(context.visibleRange),
    selection: context.selection ? text(context.selection) : null,
    ...(context.replay
      ? { replay: { ...context.replay, timeText: toolTime(context.replay.time, tz, context.period) } }
      : {}),
    drawingSelection: {
      selectedIds: context.drawingSelection.selectedIds,
      drawings: context.drawingSelection.drawings.map((d) => ({
        ...d,
        points: d.points.map((p) => ({ ...p, timeText: toolTime(p.time, tz, context.period) })),
      })),
    },
  };
}

import type { DrawingKindSummary } from '../drawing-kind.js';
import type { BuiltinDrawingKind } from '../drawing.js';

/**
 * What the toolbar, the palette and the tools show of each built-in kind: id, anchors, label,
 * description, icon. Eager (the toolbar renders its buttons at first paint); the geometry is in the
 * kind files beside this one, loaded with the drawing layer's parts or the tools (issue #12).
 */
export const BUILTIN_KIND_INFO: Readonly<Record<BuiltinDrawingKind, DrawingKindSummary>> = {
  horizontal_line: {
    id: 'horizontal_line',
    anchors: 1,
    label: 'Horizontal line',
    description: "a horizontal line across the whole chart at the point's price (its time only anchors it)",
    icon: 'M1 8h14M6.4 8a1.6 1.6 0 103.2 0 1.6 1.6 0 10-3.2 0',
  },
  horizontal_ray: {
    id: 'horizontal_ray',
    anchors: 1,
    label: 'Horizontal ray',
    description: "a horizontal line from the point's time to the right edge at its price",
    icon: 'M4 8h11M2.4 8a1.6 1.6 0 103.2 0 1.6 1.6 0 10-3.2 0',
  },
  vertical_line: {
    id: 'vertical_line',
    anchors: 1,
    label: 'Vertical line',
    description: "a vertical line at the point's time (its price only anchors it)",
    icon: 'M8 1v14M6.4 8a1.6 1.6 0 103.2 0 1.6 1.6 0 10-3.2 0',
  },
  trend_line: {
    id: 'trend_line',
    anchors: 2,
    label: 'Trend line',
    description: 'a segment from the first point to the second',
    icon: 'M3 13L13 3M1.4 13a1.6 1.6 0 103.2 0 1.6 1.6 0 10-3.2 0M11.4 3a1.6 1.6 0 103.2 0 1.6 1.6 0 10-3.2 0',
  },
  ray: {
    id: 'ray',
    anchors: 2,
    label: 'Ray',
    description: 'starts at the first point, passes through the second and continues to the chart edge',
    icon: 'M3 13L15 1M1.4 13a1.6 1.6 0 103.2 0 1.6 1.6 0 10-3.2 0M7.4 7a1.6 1.6 0 103.2 0 1.6 1.6 0 10-3.2 0',
  },
  extended_line: {
    id: 'extended_line',
    anchors: 2,
    label: 'Extended line',
    description: 'a line through both points, extended in both directions',
    icon: 'M1 15L15 1M3.4 11a1.6 1.6 0 103.2 0 1.6 1.6 0 10-3.2 0M9.4 5a1.6 1.6 0 103.2 0 1.6 1.6 0 10-3.2 0',
  },
  arrow: {
    id: 'arrow',
    anchors: 2,
    label: 'Arrow',
    description: 'a segment with an arrow head at the second point',
    icon: 'M3 13L12 4M7 4h5v5',
  },
  rectangle: {
    id: 'rectangle',
    anchors: 2,
    label: 'Rectangle',
    description: 'a box with the two points as opposite corners',
    icon: 'M2.5 4h11v8h-11z',
  },
  parallel_channel: {
    id: 'parallel_channel',
    anchors: 3,
    label: 'Parallel channel',
    description: 'a line from the first to the second point plus a parallel line through the third point',
    icon: 'M1 10L11 3M5 14l10-7',
  },
  fib_retracement: {
    id: 'fib_retracement',
    anchors: 2,
    label: 'Fib retracement',
    description:
      'levels 0, 0.236, 0.382, 0.5, 0.618, 0.786, 1 between the points: 0 at the second point, 1 at the first',
    icon: 'M2 3h12M2 6.5h12M2 9.5h12M2 13h12',
  },
  price_range: {
    id: 'price_range',
    anchors: 2,
    label: 'Price range',
    description: 'a box measuring the price change and percent from the first point to the second',
    icon: 'M8 13V3M5.5 5.5L8 3l2.5 2.5M3 13h10',
  },
  text: {
    id: 'text',
    anchors: 1,
    label: 'Text',
    description: 'the label text written at the point',
    icon: 'M3 3h10M8 3v10',
    editorFields: ['color', 'label'],
  },
};

import type { DrawingKindSummary } from '../drawing-kind.js';
import type { BuiltinDrawingKind } from '../drawing.js';

/**
 * What the toolbar and the palette show of each built-in kind: id, anchors, label, icon (the
 * description, for the model, is in the kind's file). Eager (the toolbar renders its buttons at first paint); the geometry is in the
 * kind files beside this one, loaded with the drawing layer's parts or the tools (issue #12).
 */
export const BUILTIN_KIND_INFO: Readonly<Record<BuiltinDrawingKind, DrawingKindSummary>> = {
  horizontal_line: {
    id: 'horizontal_line',
    anchors: 1,
    label: 'Horizontal line',
    icon: 'M1 8h14M6.4 8a1.6 1.6 0 103.2 0 1.6 1.6 0 10-3.2 0',
  },
  horizontal_ray: {
    id: 'horizontal_ray',
    anchors: 1,
    label: 'Horizontal ray',
    icon: 'M4 8h11M2.4 8a1.6 1.6 0 103.2 0 1.6 1.6 0 10-3.2 0',
  },
  vertical_line: {
    id: 'vertical_line',
    anchors: 1,
    label: 'Vertical line',
    icon: 'M8 1v14M6.4 8a1.6 1.6 0 103.2 0 1.6 1.6 0 10-3.2 0',
  },
  trend_line: {
    id: 'trend_line',
    anchors: 2,
    label: 'Trend line',
    icon: 'M3 13L13 3M1.4 13a1.6 1.6 0 103.2 0 1.6 1.6 0 10-3.2 0M11.4 3a1.6 1.6 0 103.2 0 1.6 1.6 0 10-3.2 0',
  },
  ray: {
    id: 'ray',
    anchors: 2,
    label: 'Ray',
    icon: 'M3 13L15 1M1.4 13a1.6 1.6 0 103.2 0 1.6 1.6 0 10-3.2 0M7.4 7a1.6 1.6 0 103.2 0 1.6 1.6 0 10-3.2 0',
  },
  extended_line: {
    id: 'extended_line',
    anchors: 2,
    label: 'Extended line',
    icon: 'M1 15L15 1M3.4 11a1.6 1.6 0 103.2 0 1.6 1.6 0 10-3.2 0M9.4 5a1.6 1.6 0 103.2 0 1.6 1.6 0 10-3.2 0',
  },
  arrow: {
    id: 'arrow',
    anchors: 2,
    label: 'Arrow',
    icon: 'M3 13L12 4M7 4h5v5',
  },
  rectangle: {
    id: 'rectangle',
    anchors: 2,
    label: 'Rectangle',
    icon: 'M2.5 4h11v8h-11z',
  },
  parallel_channel: {
    id: 'parallel_channel',
    anchors: 3,
    label: 'Parallel channel',
    icon: 'M1 10L11 3M5 14l10-7',
  },
  pitchfork: {
    id: 'pitchfork',
    anchors: 3,
    label: 'Pitchfork',
    icon: 'M1 9l14-2M4 3l11 0M4 15l11-4M4 3v12',
  },
  fib_retracement: {
    id: 'fib_retracement',
    anchors: 2,
    label: 'Fib retracement',
    icon: 'M2 3h12M2 6.5h12M2 9.5h12M2 13h12',
  },
  fib_extension: {
    id: 'fib_extension',
    anchors: 3,
    label: 'Trend-based fib extension',
    icon: 'M1 13l4-9 3 6M8 2h7M8 6h7M8 10h7',
  },
  price_range: {
    id: 'price_range',
    anchors: 2,
    label: 'Price range',
    icon: 'M8 13V3M5.5 5.5L8 3l2.5 2.5M3 13h10',
  },
  date_range: {
    id: 'date_range',
    anchors: 2,
    label: 'Date range',
    icon: 'M2 3v10M14 3v10M4 8h8M9.5 5.5L12 8l-2.5 2.5',
  },
  date_price_range: {
    id: 'date_price_range',
    anchors: 2,
    label: 'Date and price range',
    icon: 'M2 3h12v10H2zM8 11V5M6 7l2-2 2 2M5 8h6',
  },
  long_position: {
    id: 'long_position',
    anchors: 3,
    label: 'Long position',
    icon: 'M2 3h12v5H2zM2 8h12v5H2M5 5.5h6',
  },
  short_position: {
    id: 'short_position',
    anchors: 3,
    label: 'Short position',
    icon: 'M2 3h12v5H2zM2 8h12v5H2M5 10.5h6',
  },
  text: {
    id: 'text',
    anchors: 1,
    label: 'Text',
    icon: 'M3 3h10M8 3v10',
    editorFields: ['color', 'label'],
  },
};

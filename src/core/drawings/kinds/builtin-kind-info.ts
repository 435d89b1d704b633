import type { DrawingKindSummary } from '../drawing-kind.js';
import type { BuiltinDrawingKind } from '../drawing.js';

/**
 * What the registry knows of each built-in kind before its code loads: id, anchors, label (the
 * description, for the model, is in the kind's file; the toolbar's icons are builtin-kind-icons.ts, in
 * the drawing bar's chunk). Eager; the geometry is in the kind files beside this one, loaded with the
 * drawing layer's parts or the tools (issue #12).
 */
export const BUILTIN_KIND_INFO: Readonly<Record<BuiltinDrawingKind, DrawingKindSummary>> = {
  horizontal_line: {
    id: 'horizontal_line',
    anchors: 1,
    label: 'Horizontal line',
  },
  horizontal_ray: {
    id: 'horizontal_ray',
    anchors: 1,
    label: 'Horizontal ray',
  },
  vertical_line: {
    id: 'vertical_line',
    anchors: 1,
    label: 'Vertical line',
  },
  trend_line: {
    id: 'trend_line',
    anchors: 2,
    label: 'Trend line',
  },
  ray: {
    id: 'ray',
    anchors: 2,
    label: 'Ray',
  },
  extended_line: {
    id: 'extended_line',
    anchors: 2,
    label: 'Extended line',
  },
  arrow: {
    id: 'arrow',
    anchors: 2,
    label: 'Arrow',
  },
  rectangle: {
    id: 'rectangle',
    anchors: 2,
    label: 'Rectangle',
  },
  parallel_channel: {
    id: 'parallel_channel',
    anchors: 3,
    label: 'Parallel channel',
  },
  pitchfork: {
    id: 'pitchfork',
    anchors: 3,
    label: 'Pitchfork',
  },
  fib_retracement: {
    id: 'fib_retracement',
    anchors: 2,
    label: 'Fib retracement',
  },
  fib_extension: {
    id: 'fib_extension',
    anchors: 3,
    label: 'Trend-based fib extension',
  },
  price_range: {
    id: 'price_range',
    anchors: 2,
    label: 'Price range',
  },
  date_range: {
    id: 'date_range',
    anchors: 2,
    label: 'Date range',
  },
  date_price_range: {
    id: 'date_price_range',
    anchors: 2,
    label: 'Date and price range',
  },
  long_position: {
    id: 'long_position',
    anchors: 3,
    label: 'Long position',
  },
  short_position: {
    id: 'short_position',
    anchors: 3,
    label: 'Short position',
  },
  text: {
    id: 'text',
    anchors: 1,
    label: 'Text',
    editorFields: ['color', 'label'],
  },
};

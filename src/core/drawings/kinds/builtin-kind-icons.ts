import type { BuiltinDrawingKind } from '../drawing.js';

/**
 * The toolbar icons of the built-in kinds: 16×16 SVG path data (`d`), stroked in the text colour. Only
 * the drawing bar (a lazy chunk) draws them, so they are not in the eager part (issue #12); a host's kind
 * brings its own (`icon` of its definition).
 */
export const BUILTIN_KIND_ICONS: Readonly<Record<BuiltinDrawingKind, string>> = {
  horizontal_line: 'M1 8h14M6.4 8a1.6 1.6 0 103.2 0 1.6 1.6 0 10-3.2 0',
  horizontal_ray: 'M4 8h11M2.4 8a1.6 1.6 0 103.2 0 1.6 1.6 0 10-3.2 0',
  vertical_line: 'M8 1v14M6.4 8a1.6 1.6 0 103.2 0 1.6 1.6 0 10-3.2 0',
  trend_line: 'M3 13L13 3M1.4 13a1.6 1.6 0 103.2 0 1.6 1.6 0 10-3.2 0M11.4 3a1.6 1.6 0 103.2 0 1.6 1.6 0 10-3.2 0',
  ray: 'M3 13L15 1M1.4 13a1.6 1.6 0 103.2 0 1.6 1.6 0 10-3.2 0M7.4 7a1.6 1.6 0 103.2 0 1.6 1.6 0 10-3.2 0',
  extended_line: 'M1 15L15 1M3.4 11a1.6 1.6 0 103.2 0 1.6 1.6 0 10-3.2 0M9.4 5a1.6 1.6 0 103.2 0 1.6 1.6 0 10-3.2 0',
  arrow: 'M3 13L12 4M7 4h5v5',
  rectangle: 'M2.5 4h11v8h-11z',
  parallel_channel: 'M1 10L11 3M5 14l10-7',
  pitchfork: 'M1 9l14-2M4 3l11 0M4 15l11-4M4 3v12',
  fib_retracement: 'M2 3h12M2 6.5h12M2 9.5h12M2 13h12',
  fib_extension: 'M1 13l4-9 3 6M8 2h7M8 6h7M8 10h7',
  price_range: 'M8 13V3M5.5 5.5L8 3l2.5 2.5M3 13h10',
  date_range: 'M2 3v10M14 3v10M4 8h8M9.5 5.5L12 8l-2.5 2.5',
  date_price_range: 'M2 3h12v10H2zM8 11V5M6 7l2-2 2 2M5 8h6',
  long_position: 'M2 3h12v5H2zM2 8h12v5H2M5 5.5h6',
  short_position: 'M2 3h12v5H2zM2 8h12v5H2M5 10.5h6',
  text: 'M3 3h10M8 3v10',
};

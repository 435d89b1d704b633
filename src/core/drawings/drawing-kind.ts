import type { Drawing } from './drawing.js';
import type { DrawingPrimitive } from './drawing-primitive.js';
import type { DrawingMapper } from './drawing-mapper.js';
import type { DrawingWords } from './drawing-words.js';

/** Style fields the drawing editor can show for a kind. */
export type DrawingEditorField = 'color' | 'width' | 'dash' | 'label';

/** Everything a kind's geometry needs: the drawing, its anchors in plot pixels and the mapper. */
export interface DrawingGeometryInput {
  readonly drawing: Drawing;
  /** One pixel position per placed point (fewer than `anchors` while the user is placing). */
  readonly anchors: readonly { readonly x: number; readonly y: number }[];
  readonly mapper: DrawingMapper;
  /** Formats a price for labels (`price`, reference price). */
  readonly formatPrice: (price: number, ref: number) => string;
  /** Words for canvas labels in the chart's language (`42 bars`, `3d 4h`); English without a chart. */
  readonly words: DrawingWords;
}

/**
 * One drawing kind (docs/adding-a-drawing-kind.md). The eighteen built-ins (src/core/drawings/kinds/)
 * use exactly this shape; a host adds its own with `registerDrawingKind(kind)`.
 */
export interface DrawingKindDefinition {
  /** Stable id saved in layouts and used by `drawing_create`: `^[a-z][a-z0-9_]{0,39}$`. */
  readonly id: string;
  /** Number of anchors `{ time, price }` the kind needs, 1 to 5. */
  readonly anchors: number;
  /** Short human label (toolbar, palette). */
  readonly label: string;
  /** One line for a model: what the anchors mean. */
  readonly description: string;
  /** Optional 16×16 SVG path data (`d`) of the toolbar icon, stroked in the text colour. */
  readonly icon?: string;
  /**
   * Pixel primitives from the anchors (src/core/drawings/drawing-primitive.ts). Must tolerate
   * fewer anchors than `anchors` (a preview while placing) by drawing what it can.
   */
  geometry(input: DrawingGeometryInput): DrawingPrimitive[];
  /** Whether (x, y) (plot CSS px) is on the body; default: on any of the primitives. */
  hitTest?(input: DrawingGeometryInput, x: number, y: number, tolerancePx: number): boolean;
  /**
   * Paints the drawing itself instead of the default primitive painter. `ctx` is the pane's 2D
   * canvas context, already scaled to CSS px with (0, 0) at the plot's top-left and clipped to it.
   */
  paint?(ctx: unknown, primitives: readonly DrawingPrimitive[], input: DrawingGeometryInput): void;
  /** Fields of the drawing editor shown for this kind; default all. */
  readonly editorFields?: readonly DrawingEditorField[];
}

/** A kind's definition as the registry hands it out (validated, frozen). */
export type RegisteredDrawingKind = Readonly<DrawingKindDefinition>;

/**
 * What eager code (the toolbar, the editor, the tool inputs) reads of a registered kind: id,
 * anchors, label, icon, editor fields. The description (for the model), geometry, hit test and
 * painter only the drawing layer and the tools need (`getDrawingKind` in get-drawing-kind.ts,
 * loaded with them: issue #12).
 */
export type DrawingKindSummary = Readonly<
  Omit<DrawingKindDefinition, 'description' | 'geometry' | 'hitTest' | 'paint'>
>;

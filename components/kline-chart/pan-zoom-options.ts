import type { ChartCore } from '../../src/core/commands/index.js';
import type { DrawingLayerController } from './drawing-layer-controller.js';
import type { ViewEdge } from './key-crosshair.js';

/** What `PanZoomController` (pan-zoom-controller.ts) and the plot's input (pan-zoom-input.ts) work with. */
export interface PanZoomOptions {
  readonly core: ChartCore;
  readonly drawings: DrawingLayerController;
  /** Width of the price plot in CSS pixels. */
  readonly plotWidth: () => number;
  readonly openPalette: () => void;
  readonly undo: () => void;
  readonly redo: () => void;
  /** Mouse wheel over the plot: `zoom`, `ctrl` (only with Ctrl/⌘; otherwise the page scrolls) or `off`. */
  readonly wheel: () => string;
  /** A price scale the user fixed (price-scale-drag.ts): a drag on the price pane moves it up and down too. */
  readonly priceScale: () => {
    readonly fixed: { readonly min: number; readonly max: number } | null;
    panFrom(range: { readonly min: number; readonly max: number }, dy: number): void;
  } | null;
  /** A long press lifted where it began (the phone's right-click): the chart's menu at that point. */
  readonly openMenu: (at: { readonly clientX: number; readonly clientY: number }) => void;
  /** Says that the input's chunk could not be fetched (once, at a press, wheel or key that needed it). */
  readonly notice: () => void;
  /** The keyboard crosshair and the data table (ChartA11yController). */
  readonly a11y: {
    stepKeyBar(delta: -1 | 1): void;
    clearKeyBar(): boolean;
    pointerMoved(): void;
    toggleTable(): void;
    /** Says in the live region which bars the plot shows (a key panned or zoomed it), or the edge the key met. */
    sayView(edge?: ViewEdge): void;
  };
}

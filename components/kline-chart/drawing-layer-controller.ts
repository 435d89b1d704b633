import { chartStrings, type ChartStrings } from './chart-strings.js';
import { lazyModule } from '../../src/core/tools/lazy-module.js';
import type uPlot from 'uplot';
import type { ChartCore } from '../../src/core/commands/index.js';
import type { Drawing, DrawingStyle } from '../../src/core/drawings/index.js';
import type { ToolResult } from '../../src/protocol/index.js';
import type { ChartRenderer, ChartTheme, DrawingTool, PlotTransform } from '../../src/render/index.js';

type DrawingLayerParts = typeof import('./drawing-layer-parts.js');
type DrawingLayer = InstanceType<DrawingLayerParts['DrawingLayer']>;
let parts: DrawingLayerParts | null = null;

/**
 * Loads the drawing layer itself (`drawing-layer.ts` with its interaction, input handling and painter, in
 * `drawing-layer-parts.ts`, a lazy chunk): a controller loads them when the chart first has a drawing or a
 * selection to paint or a tool to place; a chart with a full toolbar loads them with its first render. A
 * controller makes its layer at the first ask after they are here.
 */
export const loadDrawingLayerParts: () => Promise<DrawingLayerParts> = lazyModule(() =>
  import('./drawing-layer-parts.js').then((module) => (parts = module)),
);

/** The drawing layer's parts when they are loaded, else null. */
export function drawingLayerParts(): DrawingLayerParts | null {
  return parts;
}

/** The drawing toolbar's tools: a kind to place, `select`, `range-select`, or null (pan only). */
export type DrawingLayerTool = DrawingTool | 'range-select';

/** Options of `DrawingLayerController`. */
export interface DrawingLayerOptions {
  readonly core: ChartCore;
  /** The chart's theme (drawing handles and labels follow it). */
  readonly theme: () => ChartTheme;
  /** Tool, magnet or editor state changed: re-render the toolbar and editor. */
  readonly requestUpdate?: () => void;
  /**
   * A command the user started failed, or the layer's chunk could not be fetched: show `message` (a toast), a
   * function when its words are made at render (the chart's locale may arrive later).
   */
  readonly onError?: (message: string | (() => string)) => void;
  /** The chart's words, for the messages above (default English). */
  readonly strings?: () => Pick<ChartStrings, 'drawingFailed'>;
  /** A failed tool call as people read it (default its message). */
  readonly errorText?: (error: { code: string; message: string }) => string;
  /** The chart's language, for the words drawings paint on the canvas (`42 bars`, `3d 4h`); default English. */
  readonly lang?: () => string;
  /** Bars each Ctrl/Cmd+V (and the copy button) shifts copies by; default 5. */
  readonly pasteOffsetBars?: number;
}

/** Where the floating editor goes and what it edits. */
export interface DrawingEditorTarget {
  readonly drawing: Drawing;
  /** CSS px from the panes container's top-left: the right end of the drawing's topmost anchor. */
  readonly x: number;
  readonly y: number;
  /** The price pane's plot box in the same CSS px (the editor keeps inside it). */
  readonly plot: { readonly x: number; readonly y: number; readonly width: number; readonly height: number };
}

/** A change the floating editor writes through `drawing_update`. */
export interface DrawingEditChange {
  readonly style?: Partial<DrawingStyle>;
  readonly label?: string;
  readonly locked?: boolean;
}

/**
 * The drawing layer of `<kline-chart>`: turns pointer and keyboard input on the panes into drawing
 * commands (the same methods and tools an agent uses), paints drawings, previews, handles and the
 * range selection band in the renderer's `paintOverlay` hook, and drives the range-select tool.
 * All of that is `DrawingLayer` (drawing-layer.ts, in the parts chunk, issue #12); this keeps the tool
 * and the magnet until it is here, listens from `attach` on and hands the events over once it is.
 *
 * Lifecycle: construct with the core, pass `paintOverlay` to `ChartRenderer`'s options, then
 * `attach(renderer, panesContainer, hostElement)`; `detach()` on disconnect.
 */
export class DrawingLayerController {
  readonly #o: DrawingLayerOptions;
  #layer?: DrawingLayer | null;
  #load?: Promise<void> | null;
  /** When the last fetch of the parts failed (`performance.now()`), and whether a notice said so since. */
  #failedAt = -Infinity;
  #said = false;
  #renderer: ChartRenderer | null = null;
  #container: HTMLElement | null = null;
  /** Aborted by `detach`: the listeners `attach` added. */
  #listening?: AbortController | null;
  /** The tool and the magnet until the layer is here (it starts with them). */
  #tool: DrawingLayerTool = 'select';
  #magnet = false;

  constructor(options: DrawingLayerOptions) {
    this.#o = options;
    // The first drawing or selection (a tool, a paste, a restored layout) starts the load at once, not at its paint.
    if (!parts) options.core.store.onCommit(() => void this.whenLoaded(true));
  }

  /** The layer, made at the first ask once its parts are here; null before. */
  get layer(): DrawingLayer | null {
    return (this.#layer ??=
      parts &&
      new parts.DrawingLayer(
        this.#o,
        { renderer: () => this.#renderer, container: () => this.#container },
        this.#tool,
        this.#magnet,
      ));
  }

  /**
   * Loads the parts when they are not here yet, then shows the layer; a failure is said and the next need
   * tries again. A `passive` need (a repaint, a commit: every frame of a pan) tries at most once a second
   * while the parts cannot be fetched, and says so once until they can.
   */
  #ensure(passive = false): Promise<void> {
    if (this.layer) return Promise.resolve();
    if (passive && performance.now() - this.#failedAt < 1000) return this.#load ?? Promise.resolve();
    return (this.#load ??= loadDrawingLayerParts().then(
      () => {
        this.#load = null;
        this.#said = false;
        this.layer?.refresh();
      },
      () => {
        this.#load = null;
        this.#failedAt = performance.now();
        if (passive && this.#said) return;
        this.#said = true;
        this.#o.onError?.(() => chartStrings(this.#o.lang?.() ?? 'en').drawingsFailed);
      },
    ));
  }

  /**
   * Resolves once the layer is here when the chart has drawings or a selection (loading it if needed),
   * so the element's `whenPainted()` waits for a drawing a tool just made to be painted.
   */
  whenLoaded(passive = false): Promise<void> {
    const core = this.#o.core;
    if (core.drawings.current().length > 0 || core.store.peek('selection')) return this.#ensure(passive);
    return this.#load ?? Promise.resolve();
  }

  /** Starts listening to the panes container (pointer) and `keyTarget` (keyboard, default the container). */
  attach(renderer: ChartRenderer, container: HTMLElement, keyTarget: HTMLElement = container): void {
    this.detach();
    this.#renderer = renderer;
    this.#container = container;
    const signal = (this.#listening = new AbortController()).signal;
    // Each goes to the layer once it is here (drawing-layer-input.ts). Pointers in the capture phase: the
    // layer decides before the element's own (bubble-phase) pan handler runs.
    const on = (e: Event) => this.layer?.input(e);
    for (const type of ['pointerdown', 'pointermove', 'pointerup', 'pointercancel'])
      container.addEventListener(type, on, { capture: true, signal });
    container.addEventListener('pointerleave', on, { signal });
    keyTarget.addEventListener('keydown', on, { signal });
  }

  detach(): void {
    this.#listening?.abort();
    this.#container = null;
    this.#renderer = null;
  }

  // ------------------------------------------------------------ state for the toolbar and editor

  get tool(): DrawingLayerTool {
    const layer = this.layer;
    return layer ? layer.tool : this.#tool;
  }

  /** Switches the tool; a placement or drag in progress is dropped. A drawing tool loads the layer. */
  setTool(tool: DrawingLayerTool): void {
    this.#tool = tool;
    const layer = this.layer;
    if (layer) return layer.setTool(tool);
    if (tool !== 'select' && tool !== null) void this.#ensure();
    this.#o.requestUpdate?.();
  }

  get magnet(): boolean {
    return this.layer?.magnet ?? this.#magnet;
  }

  /** Magnet: snap placed points and dragged anchors to the nearest bar's open/high/low/close. */
  setMagnet(on: boolean): void {
    this.#magnet = on;
    this.layer?.setMagnet(on);
    this.#o.requestUpdate?.();
  }

  /** Whether the last pointer event was taken by the drawing layer: the chart must not pan on it. */
  handlesPointer(e: Event): boolean {
    return this.layer?.owns(e) ?? false;
  }

  /** The single selected drawing on the price pane and where its editor goes, or null. */
  editorTarget(): DrawingEditorTarget | null {
    const layer = this.layer;
    if (layer) return layer.editorTarget();
    // The template follows the selection (a selection has drawings, so the layer is on its way).
    this.#o.core.store.state.drawingSelection.get();
    return null;
  }

  // ------------------------------------------------------------ commands the toolbar, menu and editor call

  /** The toolbar's copy button: duplicates the selection through `drawings_copy`, shifted by the paste offset. */
  copySelection(): Promise<ToolResult | null> {
    return this.#withLayer((layer) => layer.copySelection());
  }

  /** The toolbar's delete button. */
  deleteSelection(): Promise<ToolResult | null> {
    return this.#withLayer((layer) => layer.deleteSelection());
  }

  /** The floating editor: one `drawing_update` per change (one undo step each). */
  edit(id: string, change: DrawingEditChange): Promise<ToolResult | null> {
    return this.#withLayer((layer) => layer.edit(id, change));
  }

  /** Runs `act` on the layer once it is here; null when it cannot be loaded (that was said). */
  async #withLayer<T>(act: (layer: DrawingLayer) => Promise<T>): Promise<T | null> {
    await this.#ensure();
    const layer = this.layer;
    return layer ? act(layer) : null;
  }

  // ------------------------------------------------------------ painting

  /** Pass as `ChartRenderer`'s `paintOverlay`: drawings, previews, handles and the selection band. */
  readonly paintOverlay = (u: uPlot, paneId: string, _transform?: PlotTransform): void => {
    const layer = this.layer;
    const core = this.#o.core;
    if (layer) layer.paint(u, paneId);
    // The layer repaints once it is here.
    else if (core.store.peek('selection') || core.drawings.current().some((d) => d.paneId === paneId))
      void this.#ensure(true);
  };
}

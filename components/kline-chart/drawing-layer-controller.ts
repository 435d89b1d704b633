import type { ChartStrings } from './chart-strings.js';
import { lazyModule } from '../../src/core/tools/lazy-module.js';
import type uPlot from 'uplot';
import { pxRatioOf } from '../../src/render/plot-pixel-ratio.js';
import { createBarTimeScale, type BarTimeScale, type ChartCore } from '../../src/core/commands/index.js';
import {
  DEFAULT_DRAWING_STYLE,
  type Drawing,
  type DrawingMapper,
  type DrawingPoint,
  type DrawingStyle,
  type DrawingWords,
} from '../../src/core/drawings/index.js';
import type { ToolResult } from '../../src/protocol/index.js';
import type {
  ChartRenderer,
  ChartTheme,
  DrawingInteraction,
  DrawingTool,
  PlotTransform,
} from '../../src/render/index.js';
import { offsetWithin } from '../../src/render/index.js';

type DrawingLayerParts = typeof import('./drawing-layer-parts.js');
type DrawingLayerInput = InstanceType<DrawingLayerParts['DrawingLayerInput']>;
let parts: DrawingLayerParts | null = null;

/**
 * Loads the drawing interaction and painter (`drawing-layer-parts.ts`, a lazy chunk): a layer
 * loads them itself when it first has a drawing to paint or a tool to place; a chart with a full
 * toolbar loads them with its first render. A layer made after they are here has them at once.
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
  /** A command the user started failed; show `message` (a toast). */
  readonly onError?: (message: string) => void;
  /** The chart's words, for the messages above (default English). */
  readonly strings?: () => Pick<ChartStrings, 'pasteOtherInstrument' | 'drawingFailed'>;
  /** A failed tool call as people read it (default its message). */
  readonly errorText?: (error: { code: string; message: string }) => string;
  /** Words drawings paint on the canvas (`42 bars`, `3d 4h`) in the chart's language; default English. */
  readonly words?: () => DrawingWords;
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

/** Shade of the range selection band. */
const SELECTION_FILL = 'rgba(41, 98, 255, 0.12)';
const SELECTION_EDGE = 'rgba(41, 98, 255, 0.55)';

/**
 * The drawing layer of `<kline-chart>`: turns pointer and keyboard input on the panes into drawing
 * commands (the same methods and tools an agent uses), paints drawings, previews, handles and the
 * range selection band in the renderer's `paintOverlay` hook, and drives the range-select tool.
 *
 * Lifecycle: construct with the core, pass `paintOverlay` to `ChartRenderer`'s options, then
 * `attach(renderer, panesContainer, hostElement)`; `detach()` on disconnect.
 */
export class DrawingLayerController {
  readonly #o: DrawingLayerOptions;
  /** Null until the parts are loaded: nothing to hit-test or place before then. */
  #interaction: DrawingInteraction | null = null;
  #partsLoad?: Promise<void> | null;
  #magnet = false;
  #renderer: ChartRenderer | null = null;
  #container: HTMLElement | null = null;
  /** Aborted by `detach`: the listeners `attach` added. */
  #listening?: AbortController | null;
  #tool: DrawingLayerTool = 'select';
  #preview?: Drawing | null;
  #hoverId?: string | null;
  /** Pointer and keyboard handling, with the parts (null before: nothing to hit or place). */
  #input?: DrawingLayerInput | null;
  #style: DrawingStyle = DEFAULT_DRAWING_STYLE;

  constructor(options: DrawingLayerOptions) {
    this.#o = options;
    if (parts) this.#useParts(parts);
    // The first drawing (a tool, a paste, a restored layout) starts the load at once, not at its paint.
    else options.core.store.onCommit(() => void this.whenLoaded());
  }

  /** Takes the loaded parts: the interaction and the input handling that drives it (one host for both). */
  #useParts(p: DrawingLayerParts): void {
    const o = this.#o;
    const host = {
      core: o.core,
      tool: () => this.#tool,
      setTool: (tool: DrawingLayerTool) => this.setTool(tool),
      interaction: () => this.#interaction,
      renderer: () => this.#renderer,
      container: () => this.#container,
      mapper: (paneId: string) => this.mapper(paneId),
      setCursor: () => this.#setCursor(),
      invalidate: () => this.#invalidate(),
      run: (name: string, input: unknown) => this.#run(name, input),
      style: () => this.#style,
      magnet: () => this.#magnet,
      options: o,
      preview: (d: Drawing | null) => {
        this.#preview = d;
        this.#invalidate();
      },
      hover: (id: string | null) => {
        this.#hoverId = id;
        this.#invalidate();
      },
      toolChanged: (tool: DrawingLayerTool) => {
        this.#tool = tool;
        o.requestUpdate?.();
      },
    };
    this.#interaction = p.createLayerInteraction(host);
    this.#input = new p.DrawingLayerInput(host);
  }

  /** Loads the parts when they are not here yet, then repaints with them. */
  #ensureParts(): void {
    if (this.#interaction || this.#partsLoad) return;
    this.#partsLoad = loadDrawingLayerParts().then(
      (p) => {
        this.#partsLoad = null;
        if (this.#interaction) return;
        this.#useParts(p);
        this.#setCursor();
        this.#invalidate();
        this.#o.requestUpdate?.();
      },
      (error: unknown) => {
        this.#partsLoad = null;
        this.#o.onError?.(`Drawings could not be loaded: ${(error as Error).message}`);
      },
    );
  }

  /**
   * Resolves once the parts are here when the chart has drawings (loading them if needed), so the
   * element's `whenPainted()` waits for a drawing a tool just made to be painted.
   */
  whenLoaded(): Promise<void> {
    if (!this.#interaction && this.#o.core.drawings.current().length > 0) this.#ensureParts();
    return this.#partsLoad ?? Promise.resolve();
  }

  // ------------------------------------------------------------ lifecycle

  /** Starts listening to the panes container (pointer) and `keyTarget` (keyboard, default the container). */
  attach(renderer: ChartRenderer, container: HTMLElement, keyTarget: HTMLElement = container): void {
    this.detach();
    this.#renderer = renderer;
    this.#container = container;
    const signal = (this.#listening = new AbortController()).signal;
    // Each hands the event to the input handling once the parts are in (drawing-layer-input.ts). Capture
    // phase: the layer decides before the element's own (bubble-phase) pan handler runs.
    const capture = { capture: true, signal };
    container.addEventListener('pointerdown', (e) => this.#input?.pointerDown(e), capture);
    container.addEventListener('pointermove', (e) => this.#input?.pointerMove(e), capture);
    container.addEventListener('pointerup', (e) => this.#input?.pointerUp(e), capture);
    container.addEventListener('pointercancel', (e) => this.#input?.pointerCancel(e), capture);
    container.addEventListener('pointerleave', () => this.#input?.pointerLeave(), { signal });
    keyTarget.addEventListener('keydown', (e) => this.#input?.keyEvent(e), { signal });
  }

  detach(): void {
    this.#listening?.abort();
    this.#container = null;
    this.#renderer = null;
  }

  // ------------------------------------------------------------ state for the toolbar and editor

  get tool(): DrawingLayerTool {
    return this.#tool;
  }

  /** Switches the tool; a placement or drag in progress is dropped. */
  setTool(tool: DrawingLayerTool): void {
    this.#input?.clearRange();
    this.#tool = tool;
    this.#interaction?.setTool(tool === 'range-select' ? null : tool);
    if (tool !== 'select' && tool !== null) this.#ensureParts();
    this.#setCursor();
    this.#invalidate();
    this.#o.requestUpdate?.();
  }

  get magnet(): boolean {
    return this.#interaction?.magnet ?? this.#magnet;
  }

  /** Magnet: snap placed points and dragged anchors to the nearest bar's open/high/low/close. */
  setMagnet(on: boolean): void {
    this.#magnet = on;
    this.#interaction?.setMagnet(on);
    this.#o.requestUpdate?.();
  }

  /** Style of new drawings (and of the placing preview). */
  setStyle(style: Partial<DrawingStyle>): void {
    this.#style = { ...this.#style, ...style };
    this.#interaction?.setPreviewStyle(this.#style);
  }

  /** Whether the last pointer event was taken by the drawing layer: the chart must not pan on it. */
  handlesPointer(e: Event): boolean {
    return this.#input?.owns(e) ?? false;
  }

  /** The single selected drawing on the price pane and where its editor goes, or null. */
  editorTarget(): DrawingEditorTarget | null {
    // Signal reads: the element's template follows the selection, and the view only while one
    // drawing is selected (the floating editor moves with it; otherwise a pan renders nothing).
    const state = this.#o.core.store.state;
    const ids = state.drawingSelection.get();
    if (ids.length !== 1 || this.#tool !== 'select') return null;
    state.view.get();
    const drawing = this.#o.core.drawings.current().find((d) => d.id === ids[0] && d.paneId === 'price');
    const m = this.mapper('price');
    const offset = this.#plotOffset();
    if (!drawing || !m || !offset) return null;
    const anchors = drawing.points.map((p) => ({ x: m.timeToX(p.time), y: m.priceToY(p.price) }));
    const top = anchors.reduce((a, b) => (b.y < a.y ? b : a));
    const right = Math.max(...anchors.map((a) => a.x));
    const x = Math.min(Math.max(0, drawing.kind === 'horizontal_line' ? m.width / 2 : right), m.width);
    const y = Math.min(Math.max(0, top.y), m.height);
    return { drawing, x: offset.x + x, y: offset.y + y, plot: { ...offset, width: m.width, height: m.height } };
  }

  // ------------------------------------------------------------ commands the toolbar and editor call

  /** The toolbar's copy button: duplicates the selection through `drawings_copy`, shifted by the paste offset. */
  async copySelection(): Promise<ToolResult | null> {
    const ids = this.#o.core.store.peek('drawingSelection');
    if (ids.length === 0) return null;
    return this.#run('drawings_copy', { ids: [...ids], offsetBars: this.#o.pasteOffsetBars ?? 5 });
  }

  /** The toolbar's delete button. */
  async deleteSelection(): Promise<ToolResult | null> {
    const ids = this.#o.core.store.peek('drawingSelection');
    if (ids.length === 0) return null;
    return this.#run('drawing_delete', { ids: [...ids] });
  }

  /** The floating editor: one `drawing_update` per change (one undo step each). */
  async edit(id: string, change: DrawingEditChange): Promise<ToolResult> {
    return this.#run('drawing_update', { id, ...change });
  }

  // ------------------------------------------------------------ keyboard (KeyboardDrawingController)

  /** Keyboard placing: previews the drawing being placed with its next point at `point`. */
  keyPreview(point: DrawingPoint): void {
    if (this.#interaction) this.#interaction.previewPoint(point);
    else this.#ensureParts();
  }

  /** Keyboard placing (Enter): sets the next point; the last one creates the drawing (one undo step). */
  keyPlace(point: DrawingPoint): { set: number; needed: number; done: boolean } | null {
    if (!this.#interaction) {
      this.#ensureParts();
      return null;
    }
    const result = this.#interaction.placePoint(point);
    this.#setCursor();
    return result;
  }

  // ------------------------------------------------------------ painting

  /** Pass as `ChartRenderer`'s `paintOverlay`: drawings, previews, handles and the selection band. */
  readonly paintOverlay = (u: uPlot, paneId: string, _transform: PlotTransform): void => {
    const core = this.#o.core;
    const series = core.store.peek('series');
    if (!series || series.bars.length === 0) return;
    const m = this.#mapperFor(u);
    const ctx = u.ctx;
    const pr = pxRatioOf(u);
    const band = this.#input?.rangeBand() ?? this.#selectionBand(m);
    if (band) {
      const x0 = u.bbox.left + band.x0 * pr;
      const x1 = u.bbox.left + band.x1 * pr;
      ctx.save();
      ctx.fillStyle = SELECTION_FILL;
      ctx.fillRect(x0, u.bbox.top, x1 - x0, u.bbox.height);
      ctx.fillStyle = SELECTION_EDGE;
      ctx.fillRect(Math.round(x0), u.bbox.top, Math.max(1, Math.round(pr)), u.bbox.height);
      ctx.fillRect(
        Math.round(x1) - Math.max(1, Math.round(pr)),
        u.bbox.top,
        Math.max(1, Math.round(pr)),
        u.bbox.height,
      );
      ctx.restore();
    }
    const drawings = core.drawings.current().filter((d) => d.paneId === paneId);
    const preview = this.#preview && this.#preview.paneId === paneId ? this.#preview : undefined;
    if (drawings.length === 0 && !preview) return;
    if (!parts) {
      this.#ensureParts(); // repaints when the painter is here
      return;
    }
    const theme = this.#o.theme();
    parts.paintDrawings(ctx, drawings, m, {
      selectedIds: new Set(core.store.peek('drawingSelection')),
      hoverId: this.#hoverId ?? undefined,
      preview,
      pixelRatio: pr,
      theme: { text: theme.text, background: theme.background, font: theme.font, up: theme.up, down: theme.down },
      origin: { x: u.bbox.left / pr, y: u.bbox.top / pr },
      words: this.#o.words?.(),
    });
  };

  /** Data ↔ plot pixels (CSS px from the plot's top-left) of a pane, or null before it exists. */
  mapper(paneId: string): DrawingMapper | null {
    const u = this.#renderer?.pane(paneId)?.plot;
    return u ? this.#mapperFor(u) : null;
  }

  #scaleFor?: { time: Float64Array | null; length: number; scale: BarTimeScale } | null;

  /** The bar/time scale of the loaded bars, built once per data change (every pointer move and frame asks). */
  #barScale(): BarTimeScale {
    const bars = this.#o.core.store.peek('series')?.bars;
    const time = bars?.time ?? null;
    const length = bars?.length ?? 0;
    const c = this.#scaleFor;
    if (c && c.time === time && c.length === length) return c.scale;
    const scale = createBarTimeScale(time ?? new Float64Array(0), length);
    this.#scaleFor = { time, length, scale };
    return scale;
  }

  #mapperFor(u: uPlot): DrawingMapper {
    const scale = this.#barScale();
    // uPlot always keeps a default 'y' scale; the pane's own value scale is the one its y axis shows.
    const yKey = u.axes[1]?.scale ?? u.series[1]?.scale ?? 'y';
    const pr = pxRatioOf(u);
    return {
      width: u.bbox.width / pr,
      height: u.bbox.height / pr,
      timeToX: (t) => u.valToPos(scale.toIndex(t), 'x'),
      timeToIndex: (t) => scale.toIndex(t),
      xToTime: (x) => scale.toTime(u.posToVal(x, 'x')),
      priceToY: (p) => u.valToPos(p, yKey),
      yToPrice: (y) => u.posToVal(y, yKey),
    };
  }

  /** The committed selection as plot x pixels, half a bar wider on each side so edge bars are inside. */
  #selectionBand(m: DrawingMapper): { x0: number; x1: number } | null {
    const sel = this.#o.core.store.peek('selection');
    const series = this.#o.core.store.peek('series');
    if (!sel || !series) return null;
    const scale = this.#barScale();
    const slot = Math.abs(m.timeToX(scale.toTime(1)) - m.timeToX(scale.toTime(0)));
    return { x0: m.timeToX(sel.from) - slot / 2, x1: m.timeToX(sel.to) + slot / 2 };
  }

  #invalidate(): void {
    this.#renderer?.invalidateOverlay();
  }

  // ------------------------------------------------------------ input

  /** Top-left of the price plot relative to the panes container, CSS px. */
  #plotOffset(): { x: number; y: number } | null {
    const over = this.#renderer?.pane('price')?.plot.over;
    if (!over || !this.#container) return null;
    return offsetWithin(over, this.#container);
  }

  /** Delete/Backspace, Escape, Ctrl/Cmd+C and Ctrl/Cmd+V. True when handled (prevent the default). */
  keyDown(e: Pick<KeyboardEvent, 'key' | 'ctrlKey' | 'metaKey' | 'shiftKey'>): boolean {
    return this.#input?.keyDown(e) ?? false;
  }

  #setCursor(): void {
    const over = this.#renderer?.pane('price')?.plot.over;
    if (!over) return;
    const cursor = this.#tool === 'range-select' ? 'col-resize' : this.#interaction?.cursor;
    over.style.cursor = cursor ?? '';
  }

  async #run(name: string, input: unknown): Promise<ToolResult> {
    const result = await this.#o.core.tools.execute(name, input, { origin: 'user' });
    if (!result.success) this.#o.onError?.(this.#o.errorText ? this.#o.errorText(result.error) : result.error.message);
    return result;
  }
}

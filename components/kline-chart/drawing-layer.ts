import type uPlot from 'uplot';
import { pxRatioOf } from '../../src/render/plot-pixel-ratio.js';
import {
  DEFAULT_DRAWING_STYLE,
  type Drawing,
  type DrawingMapper,
  type DrawingPoint,
  type DrawingStyle,
} from '../../src/core/drawings/index.js';
import type { ToolResult } from '../../src/protocol/index.js';
import type { ChartRenderer, DrawingInteraction } from '../../src/render/index.js';
import { offsetWithin } from '../../src/render/index.js';
import { paintDrawings } from '../../src/render/drawings/paint-drawings.js';
import type {
  DrawingEditChange,
  DrawingEditorTarget,
  DrawingLayerOptions,
  DrawingLayerTool,
} from './drawing-layer-controller.js';
import { createLayerInteraction } from './drawing-layer-interaction.js';
import { DrawingLayerInput } from './drawing-layer-input.js';
import { paneMapper, plotMapper } from './pane-mapper.js';
import { drawingStrings } from '../drawing-toolbar/drawing-toolbar-strings.js';

/** Shade of the range selection band. */
const SELECTION_FILL = 'rgba(41, 98, 255, 0.12)';
const SELECTION_EDGE = 'rgba(41, 98, 255, 0.55)';

/** Where its `DrawingLayerController` is attached (null while detached). */
export interface DrawingLayerPlace {
  renderer(): ChartRenderer | null;
  container(): HTMLElement | null;
}

/**
 * The drawing layer itself, in its parts chunk (issue #12): what `DrawingLayerController` does once a
 * drawing, a drawing tool or a selection needs it. It turns the pointer and keys it is handed into
 * drawing commands (the same methods and tools an agent uses), paints drawings, previews, handles and the
 * range selection band, and runs the toolbar's, the editor's and the keyboard's drawing commands.
 */
export class DrawingLayer {
  readonly #o: DrawingLayerOptions;
  readonly #at: DrawingLayerPlace;
  readonly #interaction: DrawingInteraction;
  readonly #input: DrawingLayerInput;
  #tool: DrawingLayerTool;
  #magnet: boolean;
  #style: DrawingStyle = DEFAULT_DRAWING_STYLE;
  #preview: Drawing | null = null;
  #hoverId: string | null = null;

  /** Starts with the tool and magnet chosen before it was here. */
  constructor(options: DrawingLayerOptions, at: DrawingLayerPlace, tool: DrawingLayerTool, magnet: boolean) {
    this.#o = options;
    this.#at = at;
    this.#tool = tool;
    this.#magnet = magnet;
    const host = {
      core: options.core,
      tool: () => this.#tool,
      setTool: (t: DrawingLayerTool) => this.setTool(t),
      interaction: () => this.#interaction,
      renderer: at.renderer,
      container: at.container,
      mapper: (paneId: string) => this.mapper(paneId),
      setCursor: () => this.#setCursor(),
      invalidate: () => this.#invalidate(),
      run: (name: string, input: unknown) => this.#run(name, input),
      style: () => this.#style,
      magnet: () => this.#magnet,
      options,
      preview: (d: Drawing | null) => {
        this.#preview = d;
        this.#invalidate();
      },
      hover: (id: string | null) => {
        this.#hoverId = id;
        this.#invalidate();
      },
      toolChanged: (t: DrawingLayerTool) => {
        this.#tool = t;
        options.requestUpdate?.();
      },
    };
    this.#interaction = createLayerInteraction(host);
    this.#input = new DrawingLayerInput(host);
  }

  /** Arrived after the chart asked for it: shows the tool's cursor, paints, and re-renders the toolbar. */
  refresh(): void {
    this.#setCursor();
    this.#invalidate();
    this.#o.requestUpdate?.();
  }

  /** An event its controller listens to on the panes container (pointers) or the key target (keydown). */
  input(e: Event): void {
    const input = this.#input;
    switch (e.type) {
      case 'pointerdown':
        return input.pointerDown(e as PointerEvent);
      case 'pointermove':
        return input.pointerMove(e as PointerEvent);
      case 'pointerup':
        return input.pointerUp(e as PointerEvent);
      case 'pointercancel':
        return input.pointerCancel(e as PointerEvent);
      case 'pointerleave':
        return input.pointerLeave();
      default:
        return input.keyEvent(e as KeyboardEvent);
    }
  }

  /** Whether it took pointer event `e`: the chart must not pan on it. */
  owns(e: Event): boolean {
    return this.#input.owns(e);
  }

  get tool(): DrawingLayerTool {
    return this.#tool;
  }

  /** Switches the tool; a placement or drag in progress is dropped. */
  setTool(tool: DrawingLayerTool): void {
    this.#input.clearRange();
    this.#tool = tool;
    this.#interaction.setTool(tool === 'range-select' ? null : tool);
    this.refresh();
  }

  get magnet(): boolean {
    return this.#interaction.magnet;
  }

  setMagnet(on: boolean): void {
    this.#magnet = on;
    this.#interaction.setMagnet(on);
  }

  /** Style of new drawings (and of the placing preview). */
  setStyle(style: Partial<DrawingStyle>): void {
    this.#style = { ...this.#style, ...style };
    this.#interaction.setPreviewStyle(this.#style);
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

  /** Keyboard placing: previews the drawing being placed with its next point at `point`. */
  keyPreview(point: DrawingPoint): void {
    this.#interaction.previewPoint(point);
  }

  /** Keyboard placing (Enter): sets the next point; the last one creates the drawing (one undo step). */
  keyPlace(point: DrawingPoint): { set: number; needed: number; done: boolean } | null {
    const result = this.#interaction.placePoint(point);
    this.#setCursor();
    return result;
  }

  /** Delete/Backspace, Escape, Ctrl/Cmd+C and Ctrl/Cmd+V. True when handled (prevent the default). */
  keyDown(e: Pick<KeyboardEvent, 'key' | 'ctrlKey' | 'metaKey' | 'shiftKey'>): boolean {
    return this.#input.keyDown(e);
  }

  /** Data ↔ plot pixels (CSS px from the plot's top-left) of a pane, or null before it exists. */
  mapper(paneId: string): DrawingMapper | null {
    return paneMapper(this.#o.core, this.#at.renderer(), paneId);
  }

  /** Its controller's `paintOverlay`: drawings, previews, handles and the selection band. */
  paint(u: uPlot, paneId: string): void {
    const core = this.#o.core;
    const series = core.store.peek('series');
    if (!series || series.bars.length === 0) return;
    const m = plotMapper(core, u);
    const ctx = u.ctx;
    const pr = pxRatioOf(u);
    const band = this.#input.rangeBand() ?? this.#selectionBand(u, m);
    if (band) {
      const x0 = u.bbox.left + band.x0 * pr;
      const x1 = u.bbox.left + band.x1 * pr;
      const edge = Math.max(1, Math.round(pr));
      ctx.save();
      ctx.fillStyle = SELECTION_FILL;
      ctx.fillRect(x0, u.bbox.top, x1 - x0, u.bbox.height);
      ctx.fillStyle = SELECTION_EDGE;
      ctx.fillRect(Math.round(x0), u.bbox.top, edge, u.bbox.height);
      ctx.fillRect(Math.round(x1) - edge, u.bbox.top, edge, u.bbox.height);
      ctx.restore();
    }
    const drawings = core.drawings.current().filter((d) => d.paneId === paneId);
    const preview = this.#preview?.paneId === paneId ? this.#preview : undefined;
    if (drawings.length === 0 && !preview) return;
    const theme = this.#o.theme();
    paintDrawings(ctx, drawings, m, {
      selectedIds: new Set(core.store.peek('drawingSelection')),
      hoverId: this.#hoverId ?? undefined,
      preview,
      pixelRatio: pr,
      theme: { text: theme.text, background: theme.background, font: theme.font, up: theme.up, down: theme.down },
      origin: { x: u.bbox.left / pr, y: u.bbox.top / pr },
      words: drawingStrings(this.#o.lang?.() ?? 'en').units,
    });
  }

  /** The committed selection as plot x pixels, half a bar wider on each side so edge bars are inside. */
  #selectionBand(u: uPlot, m: DrawingMapper): { x0: number; x1: number } | null {
    const sel = this.#o.core.store.peek('selection');
    if (!sel) return null;
    const slot = Math.abs(u.valToPos(1, 'x') - u.valToPos(0, 'x'));
    return { x0: m.timeToX(sel.from) - slot / 2, x1: m.timeToX(sel.to) + slot / 2 };
  }

  #invalidate(): void {
    this.#at.renderer()?.invalidateOverlay();
  }

  /** Top-left of the price plot relative to the panes container, CSS px. */
  #plotOffset(): { x: number; y: number } | null {
    const over = this.#at.renderer()?.pane('price')?.plot.over;
    const container = this.#at.container();
    if (!over || !container) return null;
    return offsetWithin(over, container);
  }

  #setCursor(): void {
    const over = this.#at.renderer()?.pane('price')?.plot.over;
    if (!over) return;
    const cursor = this.#tool === 'range-select' ? 'col-resize' : this.#interaction.cursor;
    over.style.cursor = cursor ?? '';
  }

  async #run(name: string, input: unknown): Promise<ToolResult> {
    const result = await this.#o.core.tools.execute(name, input, { origin: 'user' });
    if (!result.success) this.#o.onError?.(this.#o.errorText ? this.#o.errorText(result.error) : result.error.message);
    return result;
  }
}

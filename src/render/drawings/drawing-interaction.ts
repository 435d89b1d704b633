import {
  DEFAULT_DRAWING_STYLE,
  drawingPointCount,
  drawingAnchors,
  hitTestDrawings,
  isDrawingKind,
  moveAnchor,
  moveDrawingByPixels,
  type Drawing,
  type DrawingKind,
  type DrawingMapper,
  type DrawingPoint,
  type DrawingStyle,
} from '../../core/drawings/index.js';

/** The active tool: a kind to place, `select` (pick and drag drawings) or null (drawings ignore the pointer). */
export type DrawingTool = DrawingKind | 'select' | null;

/**
 * What the interaction asks of its host. Every change goes through a command of the store,
 * so one intent is one undo step.
 */
export interface DrawingIntents {
  /** A new drawing of `kind` with exactly its number of points. */
  create(kind: DrawingKind, points: DrawingPoint[]): void;
  /** Called once, at the end of a drag. */
  update(id: string, change: { points: DrawingPoint[] }): void;
  select(ids: string[]): void;
  delete(ids: string[]): void;
  copy(ids: string[]): void;
  paste(): void;
  /** The drawing to paint live (placing, dragging), or null to stop. */
  preview(drawing: Drawing | null): void;
  /** Drawings of the pane this interaction serves. */
  drawings(): readonly Drawing[];
  selectedIds(): readonly string[];
  mapper(): DrawingMapper;
  /** Magnet: the data point for a pixel; only called while the magnet is on. */
  snap(x: number, y: number): DrawingPoint;
  /** Hovered drawing changed (repaint handles). */
  hover?(id: string | null): void;
  /** The interaction switched the tool itself (after placing, on Escape). */
  toolChange?(tool: DrawingTool): void;
}

/** Options of `DrawingInteraction`. */
export interface DrawingInteractionOptions {
  /** Hit tolerance, px; default 6. */
  readonly tolerancePx?: number;
  /** Pointer travel before a press becomes a drag, px; default 3. */
  readonly dragThresholdPx?: number;
  /** Keep the drawing tool after placing one drawing; default false (back to `select`). */
  readonly stayInTool?: boolean;
  /** Style of the placing preview; default the default drawing style. */
  readonly previewStyle?: DrawingStyle;
  /** Pane id put on the placing preview; default `price`. */
  readonly paneId?: string;
}

/** Pointer modifier keys. */
export interface PointerModifiers {
  readonly shift?: boolean;
}

/** Keyboard modifier keys. */
export interface KeyModifiers {
  readonly ctrl?: boolean;
  readonly meta?: boolean;
  readonly shift?: boolean;
}

/** Id of the drawing being placed (it has none until `create`). */
export const PREVIEW_DRAWING_ID = '__preview__';

interface DragState {
  readonly original: Drawing;
  readonly part: 'body' | 'anchor';
  readonly anchorIndex: number;
  readonly startX: number;
  readonly startY: number;
  /** Selection had several drawings and the press did not add to it: a plain click narrows it. */
  readonly narrowOnClick: boolean;
  active: boolean;
  moved: Drawing | null;
}

function samePoints(a: readonly DrawingPoint[], b: readonly DrawingPoint[]): boolean {
  return a.length === b.length && a.every((p, i) => p.time === b[i].time && p.price === b[i].price);
}

/**
 * Pointer and keyboard behaviour of the drawing layer, free of DOM: the element feeds it plot-pixel
 * coordinates and it answers with intents.
 *
 * - Placing (tool is a kind): one click per point with a live preview following the pointer; a
 *   press-drag-release also places the next point; after the last point one `create`.
 * - Select: click selects (Shift toggles); dragging a body moves the drawing, dragging an anchor
 *   moves that point; the preview follows and one `update` is sent at pointer up. Locked drawings
 *   select but do not move.
 * - Keys: Delete/Backspace delete the selection, Escape cancels a drag or placing or clears the
 *   selection, Ctrl/Cmd+C copies, Ctrl/Cmd+V pastes.
 *
 * Pointer methods return true when the drawing layer owns the gesture (the chart must not pan);
 * `keyDown` returns true when it handled the key (the element should `preventDefault`).
 */
export class DrawingInteraction {
  #currentTool: DrawingTool = 'select';
  #magnetOn = false;
  #placed: DrawingPoint[] = [];
  #placingPress: { x: number; y: number } | null = null;
  #drag: DragState | null = null;
  #hovered: { id: string; part: 'body' | 'anchor'; locked: boolean } | null = null;
  #previewShown = false;
  #style: DrawingStyle;
  readonly #tolerance: number;
  readonly #dragThreshold: number;
  readonly #stayInTool: boolean;
  readonly #paneId: string;

  readonly #intents: DrawingIntents;

  constructor(intents: DrawingIntents, options: DrawingInteractionOptions = {}) {
    this.#intents = intents;
    this.#tolerance = options.tolerancePx ?? 6;
    this.#dragThreshold = options.dragThresholdPx ?? 3;
    this.#stayInTool = options.stayInTool ?? false;
    this.#style = options.previewStyle ?? DEFAULT_DRAWING_STYLE;
    this.#paneId = options.paneId ?? 'price';
  }

  /** The active tool. */
  get tool(): DrawingTool {
    return this.#currentTool;
  }

  /** Whether magnet snapping is on. */
  get magnet(): boolean {
    return this.#magnetOn;
  }

  /** Points placed so far for the drawing being created. */
  get placedPoints(): readonly DrawingPoint[] {
    return this.#placed;
  }

  /** Id of the drawing under the pointer, if any. */
  get hoverId(): string | null {
    return this.#hovered?.id ?? null;
  }

  /** CSS cursor the element should show, or null for its own default. */
  get cursor(): string | null {
    if (this.#currentTool === null) return null;
    if (isDrawingKind(this.#currentTool)) return 'crosshair';
    if (this.#drag?.active) return this.#drag.part === 'body' ? 'grabbing' : 'crosshair';
    if (!this.#hovered) return null;
    if (this.#hovered.locked) return 'pointer';
    return this.#hovered.part === 'anchor' ? 'pointer' : 'move';
  }

  /** Switches the tool; anything in progress (placing, a drag) is dropped. */
  setTool(tool: DrawingTool): void {
    this.#abortGesture();
    this.#placed = [];
    this.#currentTool = tool;
    if (tool === null) this.#setHover(null);
  }

  /** Turns magnet snapping (placing and anchor drags) on or off. */
  setMagnet(on: boolean): void {
    this.#magnetOn = on;
  }

  /** Style of the placing preview (the toolbar's current choice). */
  setPreviewStyle(style: DrawingStyle): void {
    this.#style = style;
  }

  pointerDown(x: number, y: number, mods: PointerModifiers = {}): boolean {
    const tool = this.#currentTool;
    if (tool === null || this.#drag) return tool !== null;
    if (isDrawingKind(tool)) {
      this.#placingPress = { x, y };
      this.#addPoint(tool, this.#pointAt(x, y));
      return true;
    }
    const hit = hitTestDrawings(this.#intents.drawings(), this.#intents.mapper(), x, y, this.#tolerance);
    const selected = this.#intents.selectedIds();
    if (!hit) {
      if (!mods.shift && selected.length > 0) this.#intents.select([]);
      return false;
    }
    const id = hit.drawing.id;
    const isSelected = selected.includes(id);
    if (mods.shift) {
      if (isSelected) {
        this.#intents.select(selected.filter((s) => s !== id));
        return true;
      }
      this.#intents.select([...selected, id]);
    } else if (!isSelected) {
      this.#intents.select([id]);
    }
    if (hit.drawing.locked) return true;
    this.#drag = {
      original: hit.drawing,
      part: hit.part,
      anchorIndex: hit.anchorIndex ?? -1,
      startX: x,
      startY: y,
      narrowOnClick: !mods.shift && isSelected && selected.length > 1,
      active: false,
      moved: null,
    };
    return true;
  }

  pointerMove(x: number, y: number): boolean {
    const tool = this.#currentTool;
    if (tool === null) return false;
    if (isDrawingKind(tool)) {
      if (this.#placed.length > 0 || drawingPointCount(tool) === 1) {
        this.#showPreview(this.#previewDrawing(tool, [...this.#placed, this.#pointAt(x, y)]));
      }
      return this.#placingPress !== null;
    }
    const drag = this.#drag;
    if (drag) {
      const dx = x - drag.startX,
        dy = y - drag.startY;
      if (!drag.active && Math.hypot(dx, dy) < this.#dragThreshold) return true;
      drag.active = true;
      drag.moved = this.#movedDrawing(drag, dx, dy);
      this.#showPreview(drag.moved);
      return true;
    }
    const hit = hitTestDrawings(this.#intents.drawings(), this.#intents.mapper(), x, y, this.#tolerance);
    this.#setHover(hit ? { id: hit.drawing.id, part: hit.part, locked: hit.drawing.locked } : null);
    return false;
  }

  pointerUp(x: number, y: number): boolean {
    const tool = this.#currentTool;
    if (tool === null) return false;
    if (isDrawingKind(tool)) {
      const press = this.#placingPress;
      this.#placingPress = null;
      // A press-drag-release places the next point where the pointer was released.
      if (press && this.#placed.length > 0 && Math.hypot(x - press.x, y - press.y) >= this.#dragThreshold) {
        this.#addPoint(tool, this.#pointAt(x, y));
      }
      return true;
    }
    const drag = this.#drag;
    if (!drag) return false;
    this.#drag = null;
    if (drag.active && drag.moved) {
      this.#hidePreview();
      if (!samePoints(drag.moved.points, drag.original.points)) {
        this.#intents.update(drag.original.id, { points: drag.moved.points.slice() });
      }
    } else if (drag.narrowOnClick) {
      this.#intents.select([drag.original.id]);
    }
    return true;
  }

  /**
   * Keyboard placing: shows the drawing being placed as if its next point were `point` (data
   * coordinates: the keyboard crosshair's bar time and price). False when no kind is chosen.
   */
  previewPoint(point: DrawingPoint): boolean {
    const tool = this.#currentTool;
    if (!isDrawingKind(tool)) return false;
    this.#showPreview(this.#previewDrawing(tool, [...this.#placed, point]));
    return true;
  }

  /**
   * Keyboard placing (Enter): sets the next point at `point`; the last one creates the drawing.
   * Returns how many points are set and how many the kind needs (`done` once created), or null
   * when no kind is chosen.
   */
  placePoint(point: DrawingPoint): { set: number; needed: number; done: boolean } | null {
    const tool = this.#currentTool;
    if (!isDrawingKind(tool)) return null;
    const needed = drawingPointCount(tool);
    const set = this.#placed.length + 1;
    this.#addPoint(tool, point);
    return { set, needed, done: set >= needed };
  }

  /** The pointer left the plot: hover ends, a one-point preview disappears. */
  pointerLeave(): void {
    this.#setHover(null);
    const tool = this.#currentTool;
    if (isDrawingKind(tool) && this.#placed.length === 0) this.#hidePreview();
  }

  /** The browser cancelled the pointer (lost capture, touch cancel): a drag is dropped unsaved. */
  pointerCancel(): void {
    this.#abortGesture();
  }

  keyDown(key: string, mods: KeyModifiers = {}): boolean {
    if (key === 'Escape') {
      if (this.#drag) {
        this.#abortGesture();
        return true;
      }
      if (isDrawingKind(this.#currentTool)) {
        this.setTool('select');
        this.#intents.toolChange?.('select');
        return true;
      }
      if (this.#intents.selectedIds().length > 0) {
        this.#intents.select([]);
        return true;
      }
      return false;
    }
    const selected = this.#intents.selectedIds();
    if (key === 'Delete' || key === 'Backspace') {
      if (selected.length === 0 || this.#drag?.active) return false;
      this.#drag = null;
      this.#intents.delete(selected.slice());
      return true;
    }
    if (mods.ctrl || mods.meta) {
      const k = key.toLowerCase();
      if (k === 'c' && selected.length > 0) {
        this.#intents.copy(selected.slice());
        return true;
      }
      if (k === 'v') {
        this.#intents.paste();
        return true;
      }
    }
    return false;
  }

  #pointAt(x: number, y: number): DrawingPoint {
    if (this.#magnetOn) return this.#intents.snap(x, y);
    const m = this.#intents.mapper();
    return { time: m.xToTime(x), price: m.yToPrice(y) };
  }

  #addPoint(kind: DrawingKind, point: DrawingPoint): void {
    this.#placed.push(point);
    if (this.#placed.length < drawingPointCount(kind)) {
      this.#showPreview(this.#previewDrawing(kind, this.#placed.slice()));
      return;
    }
    const points = this.#placed;
    this.#placed = [];
    this.#placingPress = null;
    this.#hidePreview();
    this.#intents.create(kind, points);
    if (!this.#stayInTool) {
      this.#currentTool = 'select';
      this.#intents.toolChange?.('select');
    }
  }

  #movedDrawing(drag: DragState, dx: number, dy: number): Drawing {
    const m = this.#intents.mapper();
    if (drag.part === 'body') return moveDrawingByPixels(drag.original, m, dx, dy);
    // Move the anchor by the pointer's travel, not to the pointer: grabbing it a few px off-centre must not make it jump.
    const a = drawingAnchors(drag.original, m)[drag.anchorIndex];
    return moveAnchor(drag.original, drag.anchorIndex, this.#pointAt(a.x + dx, a.y + dy));
  }

  #previewDrawing(kind: DrawingKind, points: DrawingPoint[]): Drawing {
    return {
      id: PREVIEW_DRAWING_ID,
      kind,
      points,
      paneId: this.#paneId,
      style: this.#style,
      locked: false,
      z: Number.MAX_SAFE_INTEGER,
    };
  }

  #showPreview(d: Drawing): void {
    this.#previewShown = true;
    this.#intents.preview(d);
  }

  #hidePreview(): void {
    if (!this.#previewShown) return;
    this.#previewShown = false;
    this.#intents.preview(null);
  }

  #abortGesture(): void {
    this.#drag = null;
    this.#placingPress = null;
    this.#hidePreview();
  }

  #setHover(h: { id: string; part: 'body' | 'anchor'; locked: boolean } | null): void {
    const prev = this.#hovered?.id ?? null;
    this.#hovered = h;
    if ((h?.id ?? null) !== prev) this.#intents.hover?.(h?.id ?? null);
  }
}

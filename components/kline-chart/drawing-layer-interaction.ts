import type { Drawing, DrawingMapper, DrawingPoint, DrawingStyle } from '../../src/core/drawings/index.js';
import { snapToBar } from '../../src/core/drawings/snap-to-bar.js';
import { createDrawing, moveDrawingTo } from '../../src/core/commands/drawing-edits.js';
import { DrawingInteraction } from '../../src/render/drawings/drawing-interaction.js';
import type { DrawingLayerInputHost } from './drawing-layer-input.js';
import type { DrawingLayerOptions, DrawingLayerTool } from './drawing-layer-controller.js';
import { chartMoreStrings } from './chart-more-strings.js';

/** What the interaction reads from and asks of its `DrawingLayerController` (drawing-layer-controller.ts). */
export interface DrawingLayerInteractionHost extends DrawingLayerInputHost {
  /** Style of new drawings. */
  style(): DrawingStyle;
  magnet(): boolean;
  /** The layer's options: where a failure is said, in which words, and the paste offset. */
  readonly options: DrawingLayerOptions;
  preview(drawing: Drawing | null): void;
  hover(id: string | null): void;
  /** The interaction changed the tool (a drawing placed, Escape). */
  toolChanged(tool: DrawingLayerTool): void;
}

const EMPTY_MAPPER: DrawingMapper = {
  width: 0,
  height: 0,
  timeToX: () => 0,
  xToTime: () => 0,
  priceToY: () => 0,
  yToPrice: () => 0,
};

/**
 * The drawing layer's pointer/keyboard state machine, wired to the chart (in the drawing layer's parts
 * chunk, issue #12): placing, moving, selecting, deleting, and Ctrl/Cmd+C / Ctrl/Cmd+V of drawings
 * (each paste a further offset along, through `drawings_copy`).
 */
export function createLayerInteraction(h: DrawingLayerInteractionHost): DrawingInteraction {
  const core = h.core;
  const o = h.options;
  let clipboard: { key: string; ids: string[]; pastes: number } | null = null;
  const mapper = () => h.mapper('price') ?? EMPTY_MAPPER;
  const snap = (x: number, y: number): DrawingPoint => {
    const m = mapper();
    const raw = { time: m.xToTime(x), price: m.yToPrice(y) };
    // The candles on screen: Heikin-Ashi ones under that style, as TradingView's magnet.
    const bars = core.store.peek('series') ? h.renderer()?.pane('price')?.drawnBars() : undefined;
    const snapped = bars ? snapToBar(raw, bars, m) : null;
    return snapped ? { time: snapped.time, price: snapped.price } : raw;
  };
  const interaction = new DrawingInteraction({
    create: (kind, points) => {
      try {
        createDrawing(core.drawings, { kind, points, paneId: 'price', style: h.style() });
      } catch (error) {
        const message = (error as Error).message;
        o.onError?.(o.errorText ? o.errorText({ code: 'drawing_failed', message }) : message);
      }
    },
    update: (id, change) => {
      moveDrawingTo(core.drawings, id, change.points);
    },
    select: (ids) => core.drawings.select(ids),
    delete: (ids) => void h.run('drawing_delete', { ids }),
    copy: (ids) => {
      const key = core.drawings.currentKey();
      if (key) clipboard = { key, ids: [...ids], pastes: 0 };
    },
    paste: () => {
      const clip = clipboard;
      if (!clip) return;
      if (clip.key !== core.drawings.currentKey())
        return o.onError?.(chartMoreStrings(o.lang?.() ?? 'en').pasteOtherInstrument);
      clip.pastes++;
      void h.run('drawings_copy', { ids: clip.ids, offsetBars: (o.pasteOffsetBars ?? 5) * clip.pastes });
    },
    preview: (d) => h.preview(d),
    drawings: () => core.drawings.current().filter((d) => d.paneId === 'price'),
    selectedIds: () => core.store.peek('drawingSelection'),
    mapper,
    snap,
    hover: (id) => h.hover(id),
    toolChange: (tool) => h.toolChanged(tool),
  });
  const tool = h.tool();
  interaction.setTool(tool === 'range-select' ? null : tool);
  interaction.setMagnet(h.magnet());
  interaction.setPreviewStyle(h.style());
  return interaction;
}

import type uPlot from 'uplot';
import { ChartCore } from '../../../src/core/commands/chart-core.js';
import { ChartRenderer } from '../../../src/render/chart-renderer.js';
import { chartRenderSource } from '../../../components/kline-chart/chart-render-source.js';
import { readChartTheme } from '../../../src/render/chart-theme.js';
import { klineChartStyles } from '../../../components/kline-chart/kline-chart.styles.js';
import {
  DrawingLayerController,
  loadDrawingLayerParts,
} from '../../../components/kline-chart/drawing-layer-controller.js';

/** A chart without the element: core + renderer + drawing layer, as `<kline-chart>` will wire them. */
export interface DrawingStage {
  readonly core: ChartCore;
  readonly renderer: ChartRenderer;
  readonly controller: DrawingLayerController;
  readonly container: HTMLElement;
  readonly errors: string[];
  /** The price pane's uPlot. */
  plot(): uPlot;
  canvas(): HTMLCanvasElement;
  /** Canvas (device) pixel of a bar index / price. */
  canvasX(index: number): number;
  canvasY(price: number): number;
  /** Dispatches a pointer event at plot CSS px (x, y) of the price pane; returns the event. */
  pointer(
    type: 'pointerdown' | 'pointermove' | 'pointerup',
    x: number,
    y: number,
    init?: PointerEventInit,
  ): PointerEvent;
  /** Press, move in steps and release. */
  drag(x0: number, y0: number, x1: number, y1: number, init?: PointerEventInit): void;
  click(x: number, y: number, init?: PointerEventInit): PointerEvent;
  key(key: string, init?: KeyboardEventInit): KeyboardEvent;
  painted(): Promise<void>;
  destroy(): void;
}

let adopted = false;

/** Mounts a stage 800×420 with `core` (default: a new one with DEMO daily) loaded. */
export async function createDrawingStage(existing?: ChartCore): Promise<DrawingStage> {
  if (!adopted) {
    // uPlot's positioning rules (the element adopts them into its shadow root).
    document.adoptedStyleSheets = [...document.adoptedStyleSheets, klineChartStyles[0].styleSheet!];
    adopted = true;
  }
  // The layer's interaction and painter are a lazy chunk: here before the layer, it has them at once.
  await loadDrawingLayerParts();
  const core = existing ?? new ChartCore({ chartId: 'stage' });
  if (!existing) await core.loadTarget({ symbol: 'DEMO', period: '1d', sourceId: 'sample' }, null);
  core.setView({
    start: core.store.peek('series')!.bars.length - 60.5,
    end: core.store.peek('series')!.bars.length - 0.5,
  });
  const container = document.createElement('div');
  container.style.cssText = 'position:relative;width:800px;height:420px;';
  container.tabIndex = 0;
  document.body.appendChild(container);
  const theme = readChartTheme(getComputedStyle(document.body), 'green-up');
  const errors: string[] = [];
  // The renderer takes the layer's paint hook; the layer attaches to the renderer once it exists.
  const controller = new DrawingLayerController({
    core,
    theme: () => theme,
    onError: (m) => errors.push(typeof m === 'string' ? m : m()),
  });
  const renderer = new ChartRenderer({
    source: chartRenderSource(core, () => 'America/New_York'),
    container,
    theme: () => theme,
    panes: () => {
      core.store.state.series.get();
      return [{ id: 'price', kind: 'price', series: [], weight: 1 }];
    },
    paintOverlay: controller.paintOverlay,
  });
  renderer.resize(800, 420);
  controller.attach(renderer, container, container);
  await renderer.whenPainted();
  await renderer.whenPainted();
  const plot = () => renderer.pane('price')!.plot;
  const client = (x: number, y: number) => {
    const r = plot().over.getBoundingClientRect();
    return { clientX: r.left + x, clientY: r.top + y };
  };
  const pointer: DrawingStage['pointer'] = (type, x, y, init = {}) => {
    const e = new PointerEvent(type, {
      bubbles: true,
      composed: true,
      cancelable: true,
      button: 0,
      buttons: type === 'pointerup' ? 0 : 1,
      pointerId: 7,
      isPrimary: true,
      ...client(x, y),
      ...init,
    });
    plot().over.dispatchEvent(e);
    return e;
  };
  return {
    core,
    renderer,
    controller,
    container,
    errors,
    plot,
    canvas: () => plot().ctx.canvas,
    canvasX: (i) => plot().valToPos(i, 'x', true),
    canvasY: (p) => plot().valToPos(p, 'price', true),
    pointer,
    drag(x0, y0, x1, y1, init) {
      pointer('pointerdown', x0, y0, init);
      for (let k = 1; k <= 5; k++) pointer('pointermove', x0 + ((x1 - x0) * k) / 5, y0 + ((y1 - y0) * k) / 5, init);
      pointer('pointerup', x1, y1, init);
    },
    click(x, y, init) {
      const down = pointer('pointerdown', x, y, init);
      pointer('pointerup', x, y, init);
      return down;
    },
    key(key, init = {}) {
      const e = new KeyboardEvent('keydown', { key, bubbles: true, composed: true, cancelable: true, ...init });
      container.dispatchEvent(e);
      return e;
    },
    painted: async () => {
      await renderer.whenPainted();
    },
    destroy() {
      controller.detach();
      renderer.destroy();
      container.remove();
    },
  };
}

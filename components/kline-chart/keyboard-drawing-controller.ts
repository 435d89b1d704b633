import type { ReactiveController, ReactiveControllerHost } from 'lit';
import { isDrawingKind, type DrawingKind } from '../../src/core/drawings/index.js';
import { drawingLayerParts, loadDrawingLayerParts } from './drawing-layer-controller.js';
import type { KeyboardDrawingKeys, KeyboardDrawingOptions } from './keyboard-drawing-keys.js';

export type { KeyboardDrawingOptions } from './keyboard-drawing-keys.js';

type Host = ReactiveControllerHost & HTMLElement;

/** The keys `KeyboardDrawingKeys` uses while placing (Shift+Left/Right still pan). */
const PLACING_KEY = /^(Arrow(Left|Right|Up|Down)|Enter|Escape)$/;

/**
 * Drawings without a mouse (the keys are `KeyboardDrawingKeys`, in the drawing layer's lazy chunk):
 * listens for keydown in the capture phase on the element and hands each key to them once the chunk
 * is here. Before that there is nothing to move or place, unless a key asks for a drawing (`[`/`]`,
 * or a tool chosen from the keyboard): it then loads the chunk and answers when it arrives.
 */
export class KeyboardDrawingController implements ReactiveController {
  readonly #host: Host;
  readonly #o: KeyboardDrawingOptions;
  #keys: KeyboardDrawingKeys | null = null;

  constructor(host: Host, options: KeyboardDrawingOptions) {
    this.#host = host;
    this.#o = options;
    host.addController(this);
  }

  hostConnected(): void {
    this.#host.addEventListener('keydown', this.#onKey, { capture: true });
  }

  hostDisconnected(): void {
    this.#host.removeEventListener('keydown', this.#onKey, { capture: true });
  }

  /** A drawing tool was chosen from the keyboard: the plot takes focus and the crosshair shows the last visible bar. */
  begin(kind: DrawingKind): void {
    this.#with((keys) => keys.begin(kind));
  }

  /** Runs `act` with the keys: at once when the drawing layer's chunk is here, else when it arrives. */
  #with(act: (keys: KeyboardDrawingKeys) => void): void {
    const parts = drawingLayerParts();
    if (parts) act((this.#keys ??= new parts.KeyboardDrawingKeys(this.#host, this.#o)));
    else
      loadDrawingLayerParts().then(
        () => this.#with(act),
        (error: unknown) => console.warn('kline-chart: the drawing keys could not be loaded', error),
      );
  }

  readonly #onKey = (e: KeyboardEvent): void => {
    if (drawingLayerParts()) return this.#with((keys) => keys.onKey(e));
    if (e.composedPath()[0] !== this.#host || e.ctrlKey || e.metaKey || e.altKey || e.defaultPrevented) return;
    const { key, shiftKey } = e;
    const tool = this.#o.drawings.tool;
    // Without the chunk only these keys have work to do: the drawing selection keys, and the placing
    // keys of a tool chosen before the chunk arrived. They wait for it and are answered then.
    if (
      tool === 'select'
        ? key !== '[' && key !== ']'
        : !isDrawingKind(tool) || !PLACING_KEY.test(key) || (shiftKey && /^Arrow[LR]/.test(key))
    )
      return;
    e.preventDefault();
    e.stopImmediatePropagation();
    this.#with((keys) => keys.handleKey({ key, shiftKey }));
  };
}

import type { ReactiveController, ReactiveControllerHost } from 'lit';
import { isDrawingKind, type DrawingKind } from '../../src/core/drawings/index.js';
import { drawingLayerParts, loadDrawingLayerParts } from './drawing-layer-controller.js';
import type { KeyboardDrawingKeys, KeyboardDrawingOptions } from './keyboard-drawing-keys.js';

export type { KeyboardDrawingOptions } from './keyboard-drawing-keys.js';

type Host = ReactiveControllerHost & HTMLElement;

/** The keys `KeyboardDrawingKeys` uses while placing (Shift+Left/Right still pan). */
const PLACING_KEYS: ReadonlySet<string> = new Set([
  'ArrowLeft',
  'ArrowRight',
  'ArrowUp',
  'ArrowDown',
  'Enter',
  'Escape',
]);

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
    const keys = this.#ready();
    if (keys) keys.begin(kind);
    else void this.#load().then((k) => k.begin(kind), warnNotLoaded);
  }

  #ready(): KeyboardDrawingKeys | null {
    const parts = drawingLayerParts();
    if (!this.#keys && parts) this.#keys = new parts.KeyboardDrawingKeys(this.#host, this.#o);
    return this.#keys;
  }

  async #load(): Promise<KeyboardDrawingKeys> {
    const parts = await loadDrawingLayerParts();
    return (this.#keys ??= new parts.KeyboardDrawingKeys(this.#host, this.#o));
  }

  readonly #onKey = (e: KeyboardEvent): void => {
    const keys = this.#ready();
    if (keys) {
      keys.onKey(e);
      return;
    }
    if (e.composedPath()[0] !== this.#host || e.ctrlKey || e.metaKey || e.altKey || e.defaultPrevented) return;
    const tool = this.#o.drawings.tool;
    // Without the chunk only these keys have work to do: the drawing selection keys, and the placing
    // keys of a tool chosen before the chunk arrived. They wait for it and are answered then.
    const placing =
      isDrawingKind(tool) &&
      PLACING_KEYS.has(e.key) &&
      !(e.shiftKey && (e.key === 'ArrowLeft' || e.key === 'ArrowRight'));
    const selecting = tool === 'select' && (e.key === '[' || e.key === ']');
    if (!placing && !selecting) return;
    e.preventDefault();
    e.stopImmediatePropagation();
    const pressed = { key: e.key, shiftKey: e.shiftKey };
    void this.#load().then((k) => k.handleKey(pressed), warnNotLoaded);
  };
}

function warnNotLoaded(error: unknown): void {
  console.warn('kline-chart: the drawing keys could not be loaded', error);
}

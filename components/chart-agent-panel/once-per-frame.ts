/** A frame that never comes (a page in a background tab) still runs the callback after this many ms. */
const FALLBACK_MS = 100;

/**
 * Runs `callback` at the next animation frame however often {@link OncePerFrame.request} is called
 * before it: many requests in one task (a burst of streamed tokens) cost one call. A page that gets
 * no frames (hidden) runs it after {@link FALLBACK_MS} instead.
 *
 * @example const render = new OncePerFrame(() => this.requestUpdate()); render.request();
 */
export class OncePerFrame {
  readonly #callback: () => void;
  #frame = 0;
  #timer: ReturnType<typeof setTimeout> | null = null;

  constructor(callback: () => void) {
    this.#callback = callback;
  }

  /** Calls the callback once at the next frame (nothing more while one is pending). */
  request(): void {
    if (this.#timer !== null) return;
    this.#frame = requestAnimationFrame(this.#run);
    this.#timer = setTimeout(this.#run, FALLBACK_MS);
  }

  /** Forgets a pending call. */
  cancel(): void {
    if (this.#timer === null) return;
    cancelAnimationFrame(this.#frame);
    clearTimeout(this.#timer);
    this.#timer = null;
  }

  readonly #run = (): void => {
    this.cancel();
    this.#callback();
  };
}

/**
 * Holds a finger's touch moves on an element back from scrolling the page, while something the finger
 * took (a drawing, a price line, the long-press crosshair) follows it up and down: the panes leave
 * vertical swipes to the browser (`touch-action: pan-y`). It listens only while held, so every other
 * swipe over the chart meets no blocking touch listener. Each user has its own: one releasing never
 * ends another's hold.
 */
export class TouchHold {
  #element: HTMLElement | null = null;

  readonly #onMove = (e: TouchEvent): void => {
    if (e.cancelable) e.preventDefault();
  };

  hold(element: HTMLElement | null | undefined): void {
    if (!element || element === this.#element) return;
    this.release();
    this.#element = element;
    element.addEventListener('touchmove', this.#onMove, { passive: false });
  }

  release(): void {
    this.#element?.removeEventListener('touchmove', this.#onMove);
    this.#element = null;
  }
}

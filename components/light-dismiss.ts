import type { ReactiveController, ReactiveControllerHost } from 'lit';

/**
 * Light dismiss for a popup element (the indicator picker's list, an indicator's settings popover):
 * while `isOpen()`, a press anywhere outside the host (the page, the chart, another shadow root)
 * calls `dismiss()`. The press is seen in the capture phase, before anything under it handles it.
 */
export class LightDismissController implements ReactiveController {
  readonly #host: ReactiveControllerHost & HTMLElement;
  readonly #isOpen: () => boolean;
  readonly #dismiss: () => void;

  constructor(host: ReactiveControllerHost & HTMLElement, isOpen: () => boolean, dismiss: () => void) {
    this.#host = host;
    this.#isOpen = isOpen;
    this.#dismiss = dismiss;
    host.addController(this);
  }

  hostConnected(): void {
    document.addEventListener('pointerdown', this.#onPress, true);
  }

  hostDisconnected(): void {
    document.removeEventListener('pointerdown', this.#onPress, true);
  }

  readonly #onPress = (e: Event): void => {
    if (this.#isOpen() && !e.composedPath().includes(this.#host)) this.#dismiss();
  };
}

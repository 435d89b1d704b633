import type { ReactiveController, ReactiveControllerHost } from 'lit';
import { Signal } from 'signal-polyfill';
import { isLocaleLoaded, loadLocale, localeFor, onLocalesChange } from './locale-registry.js';
import { loadToolErrorWords } from './tool-error-strings.js';

/**
 * Keeps an element in its locale: loads the built-in translation its locale needs (a lazy chunk) and,
 * outside English, the words for failed tool calls (tool-error-strings.ts), and re-renders the element when it arrives or when `registerLocale` adds strings.
 */
export class LocaleController implements ReactiveController {
  readonly #host: ReactiveControllerHost;
  readonly #requested: () => string | null | undefined;
  #unsubscribe: (() => void) | null = null;
  /** Bumped when a locale arrives: templates computed from signals (the chart's legends) re-run. */
  readonly #revision = new Signal.State(0);

  constructor(host: ReactiveControllerHost, requested: () => string | null | undefined) {
    this.#host = host;
    this.#requested = requested;
    host.addController(this);
  }

  /** The catalogue tag in use (`en`, `zh-CN`, a registered tag…). */
  get tag(): string {
    this.#revision.get();
    return localeFor(this.#requested());
  }

  hostConnected(): void {
    this.#unsubscribe ??= onLocalesChange(() => {
      this.#revision.set(Signal.subtle.untrack(() => this.#revision.get()) + 1);
      this.#host.requestUpdate();
    });
  }

  hostDisconnected(): void {
    this.#unsubscribe?.();
    this.#unsubscribe = null;
  }

  hostUpdate(): void {
    const requested = this.#requested();
    if (!isLocaleLoaded(requested)) void loadLocale(requested);
    // What a failed tool call shows people outside English (tool-error-strings.ts): a chunk, loaded with such a locale.
    if (localeFor(requested) !== 'en') loadToolErrorWords();
  }
}

import { noChange } from 'lit';
import { AsyncDirective, directive } from 'lit/async-directive.js';
import { Signal } from 'signal-polyfill';
import type { ReadOnlySignal } from '../../src/core/store/index.js';

/**
 * `${watchSignal(signal)}`: renders the signal's value and updates just this binding when it changes
 * (one microtask after the write), without re-rendering the element's template. Our own rather than
 * @lit-labs/signals 0.3.0's `watch()`, whose disconnect unwatches the wrong node and so keeps a removed
 * element reachable from a module-wide watcher; this one watches only while its part is connected.
 */
class WatchSignalDirective extends AsyncDirective {
  #signal: ReadOnlySignal<unknown> | null = null;
  #computed: Signal.Computed<unknown> | null = null;
  #scheduled = false;
  readonly #watcher = new Signal.subtle.Watcher(() => {
    if (this.#scheduled) return;
    this.#scheduled = true;
    queueMicrotask(() => {
      this.#scheduled = false;
      if (!this.isConnected || !this.#computed) return;
      this.setValue(this.#computed.get());
      this.#watcher.watch();
    });
  });

  render(signal: ReadOnlySignal<unknown>): unknown {
    return Signal.subtle.untrack(() => signal.get());
  }

  override update(_part: unknown, [signal]: [ReadOnlySignal<unknown>]): unknown {
    if (signal !== this.#signal || !this.#computed) {
      if (this.#computed) this.#watcher.unwatch(this.#computed);
      this.#signal = signal;
      this.#computed = new Signal.Computed(() => signal.get());
      if (this.isConnected) this.#watcher.watch(this.#computed);
    }
    const computed = this.#computed;
    // Untracked: the element's own watcher must not depend on what only this binding shows.
    const value = Signal.subtle.untrack(() => computed.get());
    return value === undefined ? noChange : value;
  }

  protected override disconnected(): void {
    if (this.#computed) this.#watcher.unwatch(this.#computed);
  }

  protected override reconnected(): void {
    const computed = this.#computed;
    if (!computed) return;
    this.#watcher.watch(computed);
    this.setValue(Signal.subtle.untrack(() => computed.get()));
  }
}

export const watchSignal = directive(WatchSignalDirective);

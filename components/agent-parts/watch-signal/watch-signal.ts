import { nothing, type ChildPart, type AttributePart } from 'lit';
import { AsyncDirective } from 'lit/async-directive.js';
import { directive } from 'lit/directive.js';
import { Signal } from 'signal-polyfill';

type ReadableSignal = Signal.State<unknown> | Signal.Computed<unknown>;

/**
 * Renders a signal's value and updates just that binding when the signal changes, without
 * rendering the element again: a `Signal.subtle.Watcher` of its own per binding, watching only
 * while the binding is connected. (`@lit-labs/signals` 0.3's `watch()` leaves its computed watched
 * after a disconnect, and its `SignalWatcher` keeps every element alive through a
 * FinalizationRegistry; see docs/architecture.md, Known pitfalls.)
 */
class WatchSignalDirective extends AsyncDirective {
  #signal: ReadableSignal | null = null;
  #watcher: Signal.subtle.Watcher | null = null;
  #queued = false;
  #shown: unknown = nothing;

  render(signal: ReadableSignal): unknown {
    return Signal.subtle.untrack(() => signal.get());
  }

  override update(_part: ChildPart | AttributePart, [signal]: [ReadableSignal]): unknown {
    if (signal !== this.#signal) {
      this.#stop();
      this.#signal = signal;
    }
    if (this.isConnected) this.#start();
    this.#shown = this.render(signal);
    return this.#shown;
  }

  #start(): void {
    const signal = this.#signal;
    if (this.#watcher || !signal) return;
    const watcher = new Signal.subtle.Watcher(() => {
      // Signals cannot be read while the watcher is notified: read them in a microtask.
      if (this.#queued) return;
      this.#queued = true;
      queueMicrotask(() => {
        this.#queued = false;
        if (this.#watcher !== watcher) return;
        const value = this.render(signal);
        watcher.watch(); // watch for the next change
        if (!Object.is(value, this.#shown)) {
          this.#shown = value;
          this.setValue(value);
        }
      });
    });
    watcher.watch(signal);
    this.#watcher = watcher;
  }

  #stop(): void {
    if (this.#watcher && this.#signal) this.#watcher.unwatch(this.#signal);
    this.#watcher = null;
  }

  protected override disconnected(): void {
    this.#stop();
  }

  protected override reconnected(): void {
    this.#start();
    // The signal may have changed while nobody watched it.
    const value = this.#signal ? this.render(this.#signal) : nothing;
    if (!Object.is(value, this.#shown)) {
      this.#shown = value;
      this.setValue(value);
    }
  }
}

/**
 * `${watchSignal(signal)}`: the signal's value in a template, kept current by itself (a change
 * updates this binding only; the element does not render again).
 *
 * @example html`<span title=${watchSignal(symbol)}></span>${watchSignal(chipsTemplate)}`
 */
export const watchSignal = directive(WatchSignalDirective);

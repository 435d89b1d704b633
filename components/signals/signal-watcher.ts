import type { ReactiveElement } from 'lit';
import { Signal } from 'signal-polyfill';

// Mixins need the constructor's arguments as they are; the element classes take none.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type ElementClass = new (...args: any[]) => ReactiveElement;

/**
 * Makes an element re-render when a signal it read during its last update (render, willUpdate,
 * updated, its controllers' hooks) changes, and only then: the signals an update reads are its
 * dependencies. Our own rather than @lit-labs/signals 0.3.0's `SignalWatcher`, which keeps a removed
 * element alive (its FinalizationRegistry holds a watcher whose computed closes over the element, and
 * an update after removal re-arms it; docs/architecture.md "Known pitfalls"). Here the watcher exists
 * only while the element is connected, so a removed element holds nothing a signal can reach.
 */
export function SignalWatcher<B extends ElementClass>(Base: B): B {
  // Typed as the base: the mixin adds no public member (declaration emit cannot name an anonymous class).
  class SignalWatching extends Base {
    #watcher: Signal.subtle.Watcher | null = null;
    #tracker: Signal.Computed<number> | null = null;
    #updates = 0;

    override connectedCallback(): void {
      super.connectedCallback();
      // Signals may have changed while nothing watched them: render once to read them again.
      this.requestUpdate();
    }

    override disconnectedCallback(): void {
      super.disconnectedCallback();
      if (this.#tracker) this.#watcher?.unwatch(this.#tracker);
      this.#watcher = null;
      this.#tracker = null;
    }

    protected override performUpdate(): void {
      if (!this.isUpdatePending) return;
      if (!this.isConnected) {
        super.performUpdate();
        return;
      }
      // The watcher's callback may not read or write signals: it only schedules an update.
      const watcher = (this.#watcher ??= new Signal.subtle.Watcher(() => this.requestUpdate()));
      // A fresh computed per update: its sources are exactly the signals this update read.
      const tracker = new Signal.Computed(() => {
        super.performUpdate();
        return ++this.#updates;
      });
      if (this.#tracker) watcher.unwatch(this.#tracker);
      this.#tracker = tracker;
      watcher.watch(tracker);
      tracker.get();
    }
  }
  return SignalWatching;
}

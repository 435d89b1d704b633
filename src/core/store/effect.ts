import { Signal } from 'signal-polyfill';

/**
 * Runs `fn` now and again (batched into one microtask) whenever a signal it read changes.
 * Returns a disposer. The polyfill's Watcher only says "something is dirty"; we re-run on a microtask.
 */
// eslint-disable-next-line @typescript-eslint/no-invalid-void-type -- an effect returns nothing or its cleanup
export function effect(fn: () => void | (() => void)): () => void {
  let cleanup: ReturnType<typeof fn>;
  let scheduled = false;
  let disposed = false;
  const computed = new Signal.Computed(() => {
    if (typeof cleanup === 'function') cleanup();
    cleanup = fn();
  });
  const watcher = new Signal.subtle.Watcher(() => {
    if (scheduled || disposed) return;
    scheduled = true;
    queueMicrotask(() => {
      scheduled = false;
      if (disposed) return;
      computed.get();
      watcher.watch();
    });
  });
  watcher.watch(computed);
  computed.get();
  return () => {
    disposed = true;
    watcher.unwatch(computed);
    if (typeof cleanup === 'function') cleanup();
  };
}

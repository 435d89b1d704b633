/**
 * A loader that imports a module on its first call and hands every later call the same promise: in
 * the browser bundle the module is a chunk of its own, fetched when it is first needed (issue #12:
 * the tool-call checks, the bodies of tools a chart-only page never calls, the drawing and overlay
 * layers' parts, the settings popover stay out of the eager part). A failed load is forgotten, so the
 * next call tries again.
 */
export function lazyModule<T>(load: () => Promise<T>): LazyModule<T> {
  let loading: Promise<T> | null = null;
  const loader: LazyModule<T> = () =>
    (loading ??= load().then(
      (module) => (loader.loaded = module),
      (error: unknown) => {
        loading = null;
        throw error;
      },
    ));
  return loader;
}

/** A {@link lazyModule} loader; `loaded` is its module once it has arrived (for acting at once, in the same task). */
export interface LazyModule<T> {
  (): Promise<T>;
  loaded?: T;
}

/** `act(module)` now, as a promise: its result, or its throw as a rejection (as `then` would give). */
export function atOnce<M, R>(act: (module: M) => R | PromiseLike<R>, module: M): Promise<R> {
  try {
    return Promise.resolve(act(module));
  } catch (error) {
    return Promise.reject(error);
  }
}

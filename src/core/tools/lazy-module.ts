/**
 * A loader that imports a module on its first call and hands every later call the same promise: in
 * the browser bundle the module is a chunk of its own, fetched when it is first needed (issue #12:
 * the tool-call checks, the bodies of tools a chart-only page never calls, the drawing and overlay
 * layers' parts, the settings popover stay out of the eager part). A failed load is forgotten, so the
 * next call tries again.
 */
export function lazyModule<T>(load: () => Promise<T>): () => Promise<T> {
  let loading: Promise<T> | null = null;
  return () =>
    (loading ??= load().catch((error: unknown) => {
      loading = null;
      throw error;
    }));
}

/**
 * Counts the calls of the method `name` of `proto` (a prototype of a framed page: `win.Path2D.prototype`…)
 * for which `counts(self, args)` holds, from now until `stop()`, which puts the method back. The method
 * still runs for every call.
 */
export function countCalls<T extends object>(
  proto: T,
  name: keyof T & string,
  counts: (self: T, args: unknown[]) => boolean,
): { count(): number; stop(): void } {
  const methods = proto as Record<string, unknown>;
  const original = methods[name] as (this: T, ...args: unknown[]) => unknown;
  let count = 0;
  methods[name] = function (this: T, ...args: unknown[]) {
    if (counts(this, args)) count++;
    return original.apply(this, args);
  };
  return { count: () => count, stop: () => void (methods[name] = original) };
}

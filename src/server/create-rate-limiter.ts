/** Verdict for one request. */
export type RateLimitVerdict = { allowed: true } | { allowed: false; retryAfterSeconds: number };

/** Counts events per client key in fixed windows. */
export interface RateLimiter {
  /** Counts one event from `key` and says whether it was within the budget. */
  hit(key: string): RateLimitVerdict;
  /** Says whether `key` still has budget left, without counting anything. */
  check(key: string): RateLimitVerdict;
}

/**
 * A fixed-window limiter of `max` events per `windowMs` per key. Expired windows are swept as time
 * passes, so memory stays bounded by the number of keys seen within one window.
 */
export function createRateLimiter(
  options: { windowMs: number; max: number },
  now: () => number = Date.now,
): RateLimiter {
  const windows = new Map<string, { count: number; resetAt: number }>();
  let nextSweepAt = now() + options.windowMs;

  /** The key's live window, if any; sweeps expired windows as time passes. */
  const current = (key: string, time: number): { count: number; resetAt: number } | undefined => {
    if (time >= nextSweepAt) {
      for (const [k, w] of windows) if (w.resetAt <= time) windows.delete(k);
      nextSweepAt = time + options.windowMs;
    }
    const window = windows.get(key);
    return window && window.resetAt > time ? window : undefined;
  };
  const refused = (window: { resetAt: number }, time: number): RateLimitVerdict => ({
    allowed: false,
    retryAfterSeconds: Math.max(1, Math.ceil((window.resetAt - time) / 1000)),
  });

  return {
    hit(key) {
      const time = now();
      let window = current(key, time);
      if (!window) {
        window = { count: 0, resetAt: time + options.windowMs };
        windows.set(key, window);
      }
      window.count += 1;
      return window.count <= options.max ? { allowed: true } : refused(window, time);
    },
    check(key) {
      const time = now();
      const window = current(key, time);
      return !window || window.count < options.max ? { allowed: true } : refused(window, time);
    },
  };
}

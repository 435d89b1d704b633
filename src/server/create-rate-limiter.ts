import type { RateLimitOptions } from './server-options.js';

/** Verdict for one request. */
export type RateLimitVerdict = { allowed: true } | { allowed: false; retryAfterSeconds: number };

/** Counts requests per client key in fixed windows. */
export interface RateLimiter {
  /** Counts one request from `key` and says whether it may proceed. */
  hit(key: string): RateLimitVerdict;
}

/**
 * A fixed-window rate limiter keyed by client (the relay uses the socket's remote address, never a
 * header a client could forge). Expired windows are swept as time passes, so memory stays bounded by
 * the number of clients seen within one window.
 */
export function createRateLimiter(options: RateLimitOptions, now: () => number = Date.now): RateLimiter {
  const windows = new Map<string, { count: number; resetAt: number }>();
  let nextSweepAt = now() + options.windowMs;

  return {
    hit(key) {
      const time = now();
      if (time >= nextSweepAt) {
        for (const [k, w] of windows) if (w.resetAt <= time) windows.delete(k);
        nextSweepAt = time + options.windowMs;
      }
      let window = windows.get(key);
      if (!window || window.resetAt <= time) {
        window = { count: 0, resetAt: time + options.windowMs };
        windows.set(key, window);
      }
      window.count += 1;
      if (window.count <= options.max) return { allowed: true };
      return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil((window.resetAt - time) / 1000)) };
    },
  };
}

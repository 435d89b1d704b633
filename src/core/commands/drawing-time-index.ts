import { medianBarSpacing } from '../drawings/index.js';

/** Converts between UTC ms and fractional bar indexes on a gap-free (index-space) time axis. */
export interface BarTimeScale {
  /** Exact on a bar, interpolated between bars, extrapolated by the typical spacing outside the data. */
  toIndex(time: number): number;
  /** Inverse of `toIndex`. */
  toTime(index: number): number;
}

/**
 * A time scale over the first `length` bar times. A chart with `distr: 2`-like index x maps a
 * drawing's time through this, so anchors between bars (or in the empty future area) land where the
 * user put them, and weekends take no space.
 */
export function createBarTimeScale(times: Float64Array, length: number = times.length): BarTimeScale {
  const n = length;
  if (n === 0) return { toIndex: () => 0, toTime: () => 0 };
  // Edges extrapolate with the spacing typical near them (recent bars for the future area).
  const head = medianBarSpacing(times.subarray(0, Math.min(n, 50))) || 86_400_000;
  const tail = medianBarSpacing(times.subarray(Math.max(0, n - 50), n)) || head;
  const first = times[0];
  const last = times[n - 1];
  return {
    toIndex(time: number): number {
      if (time <= first) return (time - first) / head;
      if (time >= last) return n - 1 + (time - last) / tail;
      let lo = 0;
      let hi = n - 1;
      while (hi - lo > 1) {
        const mid = (lo + hi) >> 1;
        if (times[mid] <= time) lo = mid;
        else hi = mid;
      }
      return lo + (time - times[lo]) / (times[lo + 1] - times[lo]);
    },
    toTime(index: number): number {
      if (index <= 0) return first + index * head;
      if (index >= n - 1) return last + (index - (n - 1)) * tail;
      const i = Math.floor(index);
      return times[i] + (index - i) * (times[i + 1] - times[i]);
    },
  };
}

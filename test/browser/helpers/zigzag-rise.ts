import type { Bar } from '../../../src/core/data/index.js';

/**
 * A steady rise of 1-minute bars whose candles alternate: every second market bar falls (opens above its
 * close), while no Heikin-Ashi bar past the first does, so a falling body on the canvas means plain candles.
 */
export function zigzagRise(count: number): Bar[] {
  return Array.from({ length: count }, (_, i) => {
    const mid = 100 + i * 0.5;
    const [open, close] = i % 2 === 0 ? [mid - 1, mid + 1.2] : [mid + 1, mid - 0.6];
    return {
      time: Date.UTC(2026, 0, 5, 9) + i * 60_000,
      open,
      high: Math.max(open, close) + 0.3,
      low: Math.min(open, close) - 0.3,
      close,
      volume: 100,
    };
  });
}

import type { Bar } from '../../../src/core/data/index.js';
import { START } from '../lifecycle/lifecycle-fixture.js';

/**
 * `count` one-minute bars from START whose prices are whole multiples of `tick` (as an exchange sends them),
 * swinging `swing` (a fraction of `base`) around `base` in a sine of `period` bars over 2π.
 */
export function tickBars(count: number, base: number, tick: number, { swing = 0.05, period = 7 } = {}): Bar[] {
  return Array.from({ length: count }, (_, i) => {
    const at = (k: number) => Math.round((base + Math.sin((i + k) / period) * base * swing) / tick) * tick;
    const open = at(0);
    const close = at(1);
    return {
      time: START + i * 60_000,
      open,
      high: Math.max(open, close) + tick * 3,
      low: Math.min(open, close) - tick * 2,
      close,
      volume: 10 + i,
    };
  });
}

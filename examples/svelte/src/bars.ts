import type { Bar } from 'kline-chart-agent';

/** 120 daily bars of a deterministic random walk: the host's own data, handed over with setBars. */
export function makeBars(count = 120): Bar[] {
  const bars: Bar[] = [];
  let close = 100;
  let seed = 7;
  const random = () => ((seed = (seed * 16807) % 2147483647) / 2147483647);
  const start = Date.UTC(2024, 0, 1);
  for (let i = 0; i < count; i++) {
    const open = close;
    close = Math.max(1, open * (1 + (random() - 0.5) * 0.06));
    const high = Math.max(open, close) * (1 + random() * 0.02);
    const low = Math.min(open, close) * (1 - random() * 0.02);
    bars.push({ time: start + i * 86_400_000, open, high, low, close, volume: Math.round(1e5 + random() * 9e5) });
  }
  return bars;
}

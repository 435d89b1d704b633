/**
 * Seeded random walk of 1-minute bars as columns (Float64Array per field, UTC ms times).
 * Runs in the page (no huge transfer from Node) and in Node; every library gets the same values.
 */

/** First bar time: 2024-01-01T00:00:00Z. */
export const FIRST_BAR_MS = Date.UTC(2024, 0, 1);
export const BAR_SPACING_MS = 60_000;

/** mulberry32: tiny, fast, deterministic for a 32-bit seed. */
function createRandom(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * @param {number} length number of bars
 * @param {number} seed 32-bit seed
 * @returns {{ time: Float64Array, open: Float64Array, high: Float64Array, low: Float64Array,
 *   close: Float64Array, volume: Float64Array, length: number }}
 */
export function generateBars(length, seed) {
  const random = createRandom(seed);
  const time = new Float64Array(length);
  const open = new Float64Array(length);
  const high = new Float64Array(length);
  const low = new Float64Array(length);
  const close = new Float64Array(length);
  const volume = new Float64Array(length);
  let price = 100;
  for (let i = 0; i < length; i++) {
    const o = price;
    // Prices are rounded to cents so every library shows the same values at precision 2.
    const c = Math.max(0.01, Math.round(o * (1 + (random() - 0.5) * 0.004) * 100) / 100);
    time[i] = FIRST_BAR_MS + i * BAR_SPACING_MS;
    open[i] = o;
    close[i] = c;
    high[i] = Math.round(Math.max(o, c) * (1 + random() * 0.001) * 100) / 100;
    low[i] = Math.round(Math.min(o, c) * (1 - random() * 0.001) * 100) / 100;
    volume[i] = 100 + Math.floor(random() * 1000);
    price = c;
  }
  return { time, open, high, low, close, volume, length };
}

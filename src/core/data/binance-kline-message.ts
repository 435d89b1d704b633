import type { Bar } from './bars.js';

function num(value: unknown): number {
  if (typeof value === 'number') return value;
  if (typeof value === 'string' && value.trim() !== '') return Number(value);
  return Number.NaN;
}

function textOf(data: unknown): string | null {
  if (typeof data === 'string') return data;
  // Binance sends text frames; a client configured for binary frames hands over bytes instead.
  if (data instanceof Uint8Array || data instanceof ArrayBuffer) return new TextDecoder().decode(data);
  return null;
}

/**
 * The bar of one kline stream message
 * (`{"e":"kline","E":…,"s":"BTCUSDT","k":{"t":…,"T":…,"s":"BTCUSDT","i":"1m","o":"…","c":"…","h":"…","l":"…","v":"…","x":false,…}}`,
 * also wrapped as a combined stream's `{"stream":…,"data":{…}}`), or `null` for anything else: a
 * subscription reply, another stream's message, or a malformed payload. `symbol` and `interval` must
 * match so that a message meant for another chart can never move this one.
 */
export function parseBinanceKlineMessage(data: unknown, symbol: string, interval: string): Bar | null {
  const text = textOf(data);
  if (text === null) return null;
  let message: unknown;
  try {
    message = JSON.parse(text) as unknown;
  } catch {
    return null;
  }
  if (typeof message !== 'object' || message === null) return null;
  const wrapped = (message as { data?: unknown }).data;
  const event = (typeof wrapped === 'object' && wrapped !== null ? wrapped : message) as Record<string, unknown>;
  if (event.e !== 'kline' || typeof event.k !== 'object' || event.k === null) return null;
  const k = event.k as Record<string, unknown>;
  if (typeof k.s !== 'string' || k.s.toUpperCase() !== symbol.toUpperCase() || k.i !== interval) return null;
  const bar: Bar = { time: num(k.t), open: num(k.o), high: num(k.h), low: num(k.l), close: num(k.c), volume: num(k.v) };
  return Object.values(bar).every(Number.isFinite) ? bar : null;
}

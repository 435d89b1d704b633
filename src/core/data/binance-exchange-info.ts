import { DataSourceError } from './data-source.js';
import type { Instrument } from './instrument.js';

/** What the source keeps of one `symbols[]` entry of `GET /api/v3/exchangeInfo`. */
export interface BinanceSymbolInfo {
  /** e.g. `BTCUSDT`. */
  readonly symbol: string;
  /** `TRADING`, `BREAK` (halted or delisted), `END_OF_DAY`, … */
  readonly status: string;
  readonly baseAsset: string;
  readonly quoteAsset: string;
  /** The instrument the chart shows, built once. */
  readonly instrument: Instrument;
}

function text(value: unknown): string | undefined {
  return typeof value === 'string' && value !== '' ? value : undefined;
}

/** Decimals of a tick size such as `"0.01000000"` (→ 2) or `"1.00000000"` (→ 0). */
export function decimalsOfTickSize(tickSize: string): number | undefined {
  const match = /^(\d+)(?:\.(\d*?)0*)?$/.exec(tickSize.trim());
  if (!match || Number(tickSize) <= 0) return undefined;
  return (match[2] ?? '').length;
}

function tickSizeOf(filters: unknown): string | undefined {
  if (!Array.isArray(filters)) return undefined;
  for (const filter of filters as unknown[]) {
    if (
      typeof filter === 'object' &&
      filter !== null &&
      (filter as { filterType?: unknown }).filterType === 'PRICE_FILTER'
    ) {
      return text((filter as { tickSize?: unknown }).tickSize);
    }
  }
  return undefined;
}

/** The instrument of a Binance pair; `pricePrecision` omitted when no tick size is known. */
export function binanceInstrument(
  symbol: string,
  baseAsset: string,
  quoteAsset: string,
  tickSize?: string,
): Instrument {
  const precision = tickSize === undefined ? undefined : decimalsOfTickSize(tickSize);
  return Object.freeze({
    symbol,
    name: `${baseAsset}/${quoteAsset}`,
    exchange: 'BINANCE',
    market: 'crypto',
    timezone: 'UTC',
    sourceId: 'binance',
    ...(precision === undefined ? {} : { pricePrecision: precision }),
  });
}

/**
 * Reads the `symbols` of an exchangeInfo body, in the exchange's order, skipping entries without a
 * symbol or assets (all statuses are kept; callers filter on `status`). A body without a `symbols`
 * array rejects with `DataSourceError('parse')`.
 */
export function parseBinanceExchangeInfo(body: unknown): BinanceSymbolInfo[] {
  const symbols = typeof body === 'object' && body !== null ? (body as { symbols?: unknown }).symbols : undefined;
  if (!Array.isArray(symbols)) throw new DataSourceError('parse', 'Binance exchangeInfo: no "symbols" array.');
  const out: BinanceSymbolInfo[] = [];
  for (const entry of symbols as unknown[]) {
    if (typeof entry !== 'object' || entry === null) continue;
    const e = entry as Record<string, unknown>;
    const symbol = text(e.symbol);
    const baseAsset = text(e.baseAsset);
    const quoteAsset = text(e.quoteAsset);
    if (symbol === undefined || baseAsset === undefined || quoteAsset === undefined) continue;
    out.push({
      symbol,
      status: text(e.status) ?? 'UNKNOWN',
      baseAsset,
      quoteAsset,
      instrument: binanceInstrument(symbol, baseAsset, quoteAsset, tickSizeOf(e.filters)),
    });
  }
  return out;
}

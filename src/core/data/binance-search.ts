import type { BinanceSymbolInfo } from './binance-exchange-info.js';
import type { Instrument } from './instrument.js';

/**
 * A few asset names, so that "bitcoin" finds BTC pairs. Deliberately tiny: exchangeInfo carries no
 * names, and a stale long list would be worse than none.
 */
const ASSET_NAMES: Readonly<Record<string, string>> = {
  BTC: 'bitcoin',
  ETH: 'ethereum',
  BNB: 'binance coin',
  SOL: 'solana',
  XRP: 'ripple',
  ADA: 'cardano',
  DOGE: 'dogecoin',
  LTC: 'litecoin',
  DOT: 'polkadot',
  AVAX: 'avalanche',
  TRX: 'tron',
  LINK: 'chainlink',
  USDT: 'tether',
  USDC: 'usd coin',
};

// Within one rank of relevance, the most liquid quote assets first: "ETH" lists ETHUSDT before ETHBTC.
const QUOTE_ORDER = ['USDT', 'USDC', 'FDUSD', 'BTC', 'ETH', 'BNB', 'EUR', 'TRY', 'BRL', 'JPY'];

function quoteRank(quote: string): number {
  const i = QUOTE_ORDER.indexOf(quote);
  return i < 0 ? QUOTE_ORDER.length : i;
}

/** `binance:btc/usdt`, `BTC-USDT`, `btc usdt` → `BTCUSDT`. */
export function normalizeBinanceCode(text: string): string {
  return text
    .trim()
    .toUpperCase()
    .replace(/^BINANCE:/, '')
    .replace(/[\s/_-]+/g, '');
}

function nameMatches(asset: string, lower: string): boolean {
  const name = ASSET_NAMES[asset];
  return name !== undefined && lower.length >= 3 && name.startsWith(lower);
}

/**
 * Ranks `symbols` for `query`: the exact code first (`BTCUSDT`, also typed `btc/usdt`), then pairs
 * whose base asset is the query (`ETH` → ETHUSDT, ETHBTC), then codes starting with it, then pairs
 * quoted in it (`BTC` → ETHBTC), then base and quote asset names (`bitcoin`, `tether`). Within a rank,
 * major quote assets (USDT, USDC, FDUSD, BTC, …) come first, then the code alphabetically. An empty
 * query lists everything. Only what `symbols` holds is searched: callers pass TRADING pairs.
 */
export function searchBinanceSymbols(
  symbols: readonly BinanceSymbolInfo[],
  query: string,
  limit: number,
): Instrument[] {
  const code = normalizeBinanceCode(query);
  const lower = query.trim().toLowerCase();
  const ranked: { info: BinanceSymbolInfo; rank: number }[] = [];
  for (const info of symbols) {
    let rank: number;
    if (code === '') rank = 0;
    else if (info.symbol === code) rank = 0;
    else if (info.baseAsset === code) rank = 1;
    else if (info.symbol.startsWith(code)) rank = 2;
    else if (info.quoteAsset === code) rank = 3;
    else if (nameMatches(info.baseAsset, lower)) rank = 4;
    else if (nameMatches(info.quoteAsset, lower)) rank = 5;
    else continue;
    ranked.push({ info, rank });
  }
  ranked.sort(
    (a, b) =>
      a.rank - b.rank ||
      quoteRank(a.info.quoteAsset) - quoteRank(b.info.quoteAsset) ||
      (a.info.symbol < b.info.symbol ? -1 : a.info.symbol > b.info.symbol ? 1 : 0),
  );
  return ranked.slice(0, Math.max(0, Math.floor(limit))).map((r) => r.info.instrument);
}

/** An instrument as a data source describes it. */
export interface Instrument {
  /** Code as the source knows it, e.g. `DEMO`, `600519`, `BTCUSDT`. */
  readonly symbol: string;
  /** Human name, e.g. `Kweichow Moutai`. */
  readonly name: string;
  /** Exchange code, e.g. `NASDAQ`, `SSE`, `BINANCE`. */
  readonly exchange: string;
  /** Market kind, e.g. `stock`, `crypto`, `index`, `fx`. */
  readonly market: string;
  /** IANA timezone of the market, e.g. `America/New_York`. */
  readonly timezone: string;
  /**
   * Trading session in the market timezone, `HHMM-HHMM`: `0930-1600` (NYSE), `1800-1700` (CME
   * Globex: the trading day starts the evening before). Session-anchored studies (VWAP) start a
   * new day at the session start when the session crosses midnight, else at midnight. Absent:
   * calendar days. See `sessionDayStart`.
   */
  readonly session?: string;
  /** Id of the source that serves it. */
  readonly sourceId: string;
  /** Price decimals for display. */
  readonly pricePrecision?: number;
}

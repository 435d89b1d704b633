import {
  aggregateBars,
  canAggregate,
  createBars,
  DataSourceError,
  PERIODS,
  sliceBars,
  type Bar,
  type Bars,
  type BarsRequest,
  type DataSource,
  type Instrument,
  type Period,
  type Series,
} from '../data/index.js';

/** The source id of bars a host gave with `setBars` (and of what it answers to `kline-data-request`). */
export const HOST_SOURCE_ID = 'custom';

/** What the chart asks the host for when it cannot derive a period from the host's bars. */
export interface HostBarsQuery {
  readonly symbol: string;
  readonly period: Period;
  readonly from?: number;
  readonly to?: number;
  readonly signal?: AbortSignal;
}

/**
 * Asks the host for bars. Returns null when nobody answered (the source then fails with a clear
 * `unsupported` error and the chart keeps what it shows).
 */
export type HostBarsRequester = (query: HostBarsQuery, known: readonly Period[]) => Promise<Bars> | null;

/**
 * The host's own bars as a data source: what `setBars` gave, per symbol and period. A period the
 * host did not give is folded from a finer one it did give when the lengths divide (1m → 5m … 1d,
 * 1d → 1w, 1M), else requested from the host through `requester` and kept for next time.
 */
export class HostDataSource implements DataSource {
  readonly id = HOST_SOURCE_ID;
  readonly label = 'Host data';
  readonly periods: readonly Period[] = PERIODS;
  readonly #bars = new Map<string, Map<Period, Bars>>();
  readonly #instruments = new Map<string, Instrument>();
  /** The period each symbol's bars were given in (`setBars`): live bars arrive in it. */
  readonly #primary = new Map<string, Period>();
  /** Capacity-backed columns for live appends at the primary period. */
  readonly #buffers = new Map<string, Bars>();
  #requester: HostBarsRequester = () => null;

  /** `report` hears why a period could not be served (the chart turns it into `kline-error`). */
  readonly #report: (code: string, message: string) => void;

  constructor(report: (code: string, message: string) => void = () => undefined) {
    this.#report = report;
  }

  /** Sets who is asked for periods that cannot be derived (the element: `kline-data-request`). */
  setRequester(requester: HostBarsRequester): void {
    this.#requester = requester;
  }

  /** Stores the host's bars of `instrument` at `period`. Other periods derived earlier are dropped. */
  put(instrument: Instrument, period: Period, bars: Bars): void {
    const key = instrument.symbol.toUpperCase();
    this.#instruments.set(key, instrument);
    this.#bars.set(key, new Map([[period, bars]]));
    this.#primary.set(key, period);
    this.#buffers.delete(key);
  }

  /**
   * The period the host's live bars for `symbol` come in, when the chart shows `shown` folded from
   * it (else null: the bars shown are the host's own period or an answer to a request).
   */
  liveBase(symbol: string, shown: Period): Period | null {
    const key = symbol.toUpperCase();
    const primary = this.#primary.get(key);
    if (!primary || primary === shown || this.#bars.get(key)?.has(shown)) return null;
    return canAggregate(primary, shown) ? primary : null;
  }

  /**
   * Applies a live bar to the stored bars of `period` (replace the last, or append a newer one).
   * Returns the new columns, or null when there are none or the bar is older than the last.
   */
  applyLive(symbol: string, period: Period, bar: Bar): Bars | null {
    const key = symbol.toUpperCase();
    const periods = this.#bars.get(key);
    const bars = periods?.get(period);
    if (!periods || !bars) return null;
    const n = bars.length;
    const last = n > 0 ? bars.time[n - 1] : -Infinity;
    if (bar.time < last) return null;
    const append = bar.time > last;
    let buffer = this.#buffers.get(key);
    if (!buffer || buffer.time.buffer !== bars.time.buffer || (append && n + 1 > buffer.length)) {
      buffer = createBars(Math.max(16, Math.ceil((n + 1) * 1.5)));
      for (const f of ['time', 'open', 'high', 'low', 'close', 'volume'] as const)
        buffer[f].set(bars[f].subarray(0, n));
      this.#buffers.set(key, buffer);
    }
    const i = append ? n : n - 1;
    for (const f of ['time', 'open', 'high', 'low', 'close', 'volume'] as const) buffer[f][i] = bar[f];
    const length = append ? n + 1 : n;
    const next = sliceBars(buffer, 0, length);
    periods.set(period, next);
    return next;
  }

  /** Replaces the bars of one stored period (live updates at the host's own period) without dropping the others. */
  update(symbol: string, period: Period, bars: Bars): void {
    this.#bars.get(symbol.toUpperCase())?.set(period, bars);
  }

  /** Periods stored for `symbol` (given or answered by the host). */
  known(symbol: string): Period[] {
    return [...(this.#bars.get(symbol.toUpperCase())?.keys() ?? [])];
  }

  has(symbol: string): boolean {
    return this.#bars.has(symbol.toUpperCase());
  }

  async searchInstruments(query: string, options?: { limit?: number }): Promise<Instrument[]> {
    const q = query.trim().toUpperCase();
    const known = [...this.#instruments.values()].filter(
      (i) => !q || i.symbol.toUpperCase().includes(q) || i.name.toUpperCase().includes(q),
    );
    // An exact code the host has not given yet can still be asked for (kline-data-request).
    if (q && /^[A-Z0-9._:-]{1,64}$/.test(q) && !known.some((i) => i.symbol.toUpperCase() === q))
      known.push(this.#instrument(q));
    return known.slice(0, options?.limit ?? 50);
  }

  async getBars(request: BarsRequest): Promise<Series> {
    const key = request.symbol.toUpperCase();
    const instrument = this.#instrument(request.symbol);
    const stored = this.#bars.get(key);
    const exact = stored?.get(request.period);
    if (exact) return { instrument, period: request.period, bars: exact, complete: true };
    // The coarsest stored period that folds evenly into the requested one.
    const base = [...(stored?.keys() ?? [])]
      .filter((p) => canAggregate(p, request.period) && PERIODS.indexOf(p) < PERIODS.indexOf(request.period))
      .sort((a, b) => PERIODS.indexOf(b) - PERIODS.indexOf(a))[0];
    const baseBars = base ? stored?.get(base) : undefined;
    if (base && baseBars) {
      const bars = aggregateBars(baseBars, base, request.period, instrument.timezone);
      return { instrument, period: request.period, bars, complete: true };
    }
    const known = this.known(request.symbol);
    const answer = this.#requester(
      { symbol: instrument.symbol, period: request.period, from: request.from, to: request.to, signal: request.signal },
      known,
    );
    if (!answer) {
      const have = known.length
        ? `the host gave ${known.join(', ')} bars, which cannot be folded into ${request.period}`
        : `the host gave no bars for ${instrument.symbol}`;
      const message = `No ${request.period} bars for ${instrument.symbol}: ${have}, and no listener answered the kline-data-request event (call event.detail.respondWith(promise of bars)). The chart keeps what it shows.`;
      this.#report('data_unavailable', message);
      throw Object.assign(new DataSourceError('unsupported', message), { reported: true });
    }
    const bars = await answer;
    if (request.signal?.aborted) throw new DataSourceError('aborted', 'The load was cancelled.');
    const periods = this.#bars.get(key) ?? new Map<Period, Bars>();
    this.#bars.set(key, periods);
    this.#instruments.set(key, instrument);
    periods.set(request.period, bars);
    return { instrument, period: request.period, bars, complete: true };
  }

  #instrument(symbol: string): Instrument {
    const known = this.#instruments.get(symbol.toUpperCase());
    if (known) return known;
    return { symbol, name: symbol, exchange: '', market: 'custom', timezone: 'UTC', sourceId: HOST_SOURCE_ID };
  }
}

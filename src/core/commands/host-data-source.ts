import {
  PERIODS,
  type Bar,
  type Bars,
  type BarsRequest,
  type DataSource,
  type Instrument,
  type Period,
  type Series,
} from '../data/index.js';
import { chunkLoadError } from '../data/chunk-load-error.js';
import { lazyModule } from '../tools/lazy-module.js';
import { HOST_SOURCE_ID, type HostBarsRequester, type HostBarsState } from './host-bars-state.js';

export { HOST_SOURCE_ID, type HostBarsQuery, type HostBarsRequester } from './host-bars-state.js';

type HostDataOps = typeof import('./host-data-ops.js');
/** Folding, searching and asking the host (host-data-ops.ts), loaded by the first `getBars` or search (issue #12). */
let ops: HostDataOps | null = null;
const loadedOps = lazyModule(() =>
  import('./host-data-ops.js').then(
    (module) => (ops = module),
    (error: unknown) => {
      throw chunkLoadError("the host's bars", error);
    },
  ),
);

/**
 * The host's own bars as a data source: what `setBars` gave, per symbol and period. A period the
 * host did not give is folded from a finer one it did give when the lengths divide (1m → 5m … 1d,
 * 1d → 1w, 1M), else requested from the host through `requester` and kept for next time. The
 * folding, searching and asking are a chunk (host-data-ops.ts) the first `getBars` or search loads:
 * a page that only gives bars never fetches it.
 */
export class HostDataSource implements DataSource {
  readonly id = HOST_SOURCE_ID;
  readonly label = 'Host data';
  readonly periods: readonly Period[] = PERIODS;
  readonly #state: HostBarsState;

  /** `report` hears why a period could not be served (the chart turns it into `kline-error`). */
  constructor(report: (code: string, message: string) => void = () => undefined) {
    this.#state = {
      bars: new Map(),
      instruments: new Map(),
      primary: new Map(),
      buffers: new Map(),
      requester: async () => null,
      report,
    };
  }

  /** Sets who is asked for periods that cannot be derived (the element: `kline-data-request`). */
  setRequester(requester: HostBarsRequester): void {
    this.#state.requester = requester;
  }

  /** Stores the host's bars of `instrument` at `period`. Other periods derived earlier are dropped. */
  put(instrument: Instrument, period: Period, bars: Bars): void {
    const key = instrument.symbol.toUpperCase();
    const s = this.#state;
    s.instruments.set(key, instrument);
    s.bars.set(key, new Map([[period, bars]]));
    s.primary.set(key, period);
    s.buffers.delete(key);
  }

  /**
   * A live bar of the host's own period for `symbol` while the chart shows `shown` folded from it:
   * the shown bars from the bucket of the last one on (to apply in order), null when the bar is
   * refused (older than the last), or undefined when `shown` is not folded (apply the bar itself).
   * Only `getBars` folds, and it loads the chunk that does this first.
   */
  liveFold(
    symbol: string,
    shown: { readonly period: Period; readonly bars: Bars; readonly timezone: string },
    bar: Bar,
  ): Bars | null | undefined {
    return ops?.liveFold(this.#state, symbol, shown, bar);
  }

  /** Replaces the bars of `period` for `symbol` when it holds them (live updates at the host's own period), keeping the others. */
  update(symbol: string, period: Period, bars: Bars): void {
    const periods = this.#state.bars.get(symbol.toUpperCase());
    if (periods?.has(period)) periods.set(period, bars);
  }

  async searchInstruments(query: string, options?: { limit?: number }): Promise<Instrument[]> {
    return (await loadedOps()).searchInstruments(this.#state, query, options);
  }

  async getBars(request: BarsRequest): Promise<Series> {
    return (await loadedOps()).getBars(this.#state, request);
  }
}

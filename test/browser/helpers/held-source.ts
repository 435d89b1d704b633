import {
  createBars,
  type BarsRequest,
  type DataSource,
  type Instrument,
  type Series,
} from '../../../src/core/data/index.js';

/** A call a {@link heldSource} holds until the test answers it. */
export interface HeldCall<Q> {
  readonly request: Q;
  /** Answers the call with what the source would have answered at once. */
  release(): void;
}

/**
 * A data source `id` of daily and weekly bars (120 of them) for the instruments `symbols`, whose searches and
 * bar loads answer at once, or, while `hold.search` / `hold.bars` is on, wait in `searches` / `loads` until
 * the test releases them (in any order: a slow network).
 */
export function heldSource(id: string, symbols: readonly string[]) {
  const instrument = (symbol: string): Instrument => ({
    symbol,
    name: `${symbol} test`,
    exchange: 'TEST',
    market: 'stock',
    timezone: 'UTC',
    sourceId: id,
  });
  const hold = { search: false, bars: false };
  const searches: HeldCall<string>[] = [];
  const loads: HeldCall<BarsRequest>[] = [];
  const wait = <Q, R>(on: boolean, calls: HeldCall<Q>[], request: Q, answer: () => R): Promise<R> =>
    on
      ? new Promise((resolve) => calls.push({ request, release: () => resolve(answer()) }))
      : Promise.resolve(answer());
  const source: DataSource = {
    id,
    label: `Held ${id}`,
    periods: ['1d', '1w'],
    searchInstruments(query) {
      const q = query.trim().toUpperCase();
      return wait(hold.search, searches, query, () => symbols.filter((s) => s.includes(q)).map(instrument));
    },
    getBars(request): Promise<Series> {
      return wait(hold.bars, loads, request, () => {
        const step = request.period === '1w' ? 7 * 86_400_000 : 86_400_000;
        const bars = createBars(120);
        for (let i = 0; i < 120; i++) {
          bars.time[i] = Date.UTC(2024, 0, 1) + i * step;
          bars.open[i] = 100 + Math.sin(i / 9) * 10;
          bars.close[i] = bars.open[i] + Math.cos(i / 4);
          bars.high[i] = Math.max(bars.open[i], bars.close[i]) + 1;
          bars.low[i] = Math.min(bars.open[i], bars.close[i]) - 1;
          bars.volume[i] = 1000 + i;
        }
        return { instrument: instrument(request.symbol), period: request.period, bars, complete: true };
      });
    },
  };
  return { source, hold, searches, loads };
}

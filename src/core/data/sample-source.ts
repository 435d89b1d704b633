import { aggregateBars } from './aggregate-bars.js';
import type { Bar, Bars } from './bars.js';
import { DataSourceError, type BarListener, type BarsRequest, type DataSource, type Series } from './data-source.js';
import { generateSampleBars } from './generate-sample-bars.js';
import type { Instrument } from './instrument.js';
import { PERIODS, intradayPeriodMs, isPeriod, type Period } from './period.js';
import { createPrng, hashSeed } from './prng.js';
import { SAMPLE_SPECS, type SampleSpec } from './sample-instruments.js';
import { selectBars } from './select-bars.js';
import { quoteText } from './quote-text.js';

/** Live sample ticks per bar: an intraday period starts a new bar every this many ticks (one per second). */
export const SAMPLE_TICKS_PER_LIVE_BAR = 10;
const DEFAULT_SEARCH_LIMIT = 50;

// Generated bars are shared by every sample source in the process: they are immutable (getBars
// returns copies) and identical anyway, so two charts on a page pay for generation once.
const seriesCache = new Map<string, Map<Period, Bars>>();

function keyOf(spec: SampleSpec): string {
  return `${spec.instrument.exchange}:${spec.instrument.symbol}`;
}

function seriesOf(spec: SampleSpec, period: Period): Bars {
  const key = keyOf(spec);
  let byPeriod = seriesCache.get(key);
  if (!byPeriod) {
    const { daily, minute } = generateSampleBars(spec);
    byPeriod = new Map<Period, Bars>([
      ['1m', minute],
      ['1d', daily],
    ]);
    seriesCache.set(key, byPeriod);
  }
  let bars = byPeriod.get(period);
  if (!bars) {
    const base: Period = intradayPeriodMs(period) === null ? '1d' : '1m';
    bars = aggregateBars(byPeriod.get(base) as Bars, base, period, spec.instrument.timezone);
    byPeriod.set(period, bars);
  }
  return bars;
}

/**
 * The instruments of the sample source, default (`DEMO`) first. `ACME` is listed twice (NYSE and
 * XETRA) on purpose.
 */
export function getSampleInstruments(): Instrument[] {
  return SAMPLE_SPECS.map((spec) => spec.instrument);
}

/** `ACME` → the first instrument with that code; `XETRA:ACME` → that exchange's. Case-insensitive. */
function resolveSpec(symbol: string): SampleSpec | undefined {
  const text = symbol.trim().toUpperCase();
  const colon = text.indexOf(':');
  if (colon >= 0) {
    const exchange = text.slice(0, colon);
    const code = text.slice(colon + 1);
    return SAMPLE_SPECS.find((s) => s.instrument.exchange === exchange && s.instrument.symbol === code);
  }
  return SAMPLE_SPECS.find((s) => s.instrument.symbol === text);
}

function notFound(symbol: string): DataSourceError {
  const known = SAMPLE_SPECS.map((s) => s.instrument.symbol).filter((s, i, all) => all.indexOf(s) === i);
  return new DataSourceError(
    'not_found',
    `Unknown symbol ${quoteText(symbol)} in the sample source. Known: ${known.join(', ')}.`,
  );
}

function throwIfAborted(signal: AbortSignal | undefined): void {
  if (signal?.aborted) throw new DataSourceError('aborted', 'The request was aborted.');
}

function searchSpecs(query: string): SampleSpec[] {
  const text = query.trim();
  if (text === '') return [...SAMPLE_SPECS];
  const upper = text.toUpperCase();
  if (upper.includes(':')) {
    const spec = resolveSpec(upper);
    return spec ? [spec] : [];
  }
  const lower = text.toLowerCase();
  const tiers: SampleSpec[][] = [[], [], [], []];
  for (const spec of SAMPLE_SPECS) {
    const { symbol, name, exchange } = spec.instrument;
    if (symbol === upper) tiers[0].push(spec);
    else if (symbol.startsWith(upper)) tiers[1].push(spec);
    else if (name.toLowerCase().includes(lower)) tiers[2].push(spec);
    else if (exchange === upper) tiers[3].push(spec);
  }
  return tiers.flat();
}

function liveTicker(spec: SampleSpec, period: Period, listener: BarListener): () => void {
  const history = seriesOf(spec, period);
  const last = history.length - 1;
  const scale = 10 ** (spec.instrument.pricePrecision ?? 2);
  const volumeScale = 10 ** spec.volumePrecision;
  const rng = createPrng(hashSeed(`live:${keyOf(spec)}:${period}`));
  const periodMs = intradayPeriodMs(period);
  // Per-second moves scaled so that a minute of ticks resembles a minute bar.
  const tickSd = spec.dailyVolatility / Math.sqrt(390 * 60);
  let bar: Bar = {
    time: history.time[last],
    open: history.open[last],
    high: history.high[last],
    low: history.low[last],
    close: history.close[last],
    volume: history.volume[last],
  };
  let ticks = 0;
  const timer = setInterval(() => {
    ticks++;
    if (periodMs !== null && ticks % SAMPLE_TICKS_PER_LIVE_BAR === 0) {
      bar = {
        time: bar.time + periodMs,
        open: bar.close,
        high: bar.close,
        low: bar.close,
        close: bar.close,
        volume: 0,
      };
    }
    const close = Math.max(1 / scale, Math.round(bar.close * (1 + tickSd * rng.normal()) * scale) / scale);
    const volume = Math.round((bar.volume + (spec.dailyVolume / 23_400) * 2 * rng.next()) * volumeScale) / volumeScale;
    bar = { ...bar, close, high: Math.max(bar.high, close), low: Math.min(bar.low, close), volume };
    listener({ ...bar });
  }, 1000);
  return () => clearInterval(timer);
}

/**
 * The embedded offline source (`id: 'sample'`): nine instruments, seven fictional stocks on seven
 * exchanges plus two crypto pairs, generated deterministically (same bars on every load and machine), ending on
 * 2026-11-27. Daily bars span from 2016-01-04; 1-minute bars cover the last 30 trading days (calendar
 * days for crypto) inside the exchanges' sessions. Every period is served: 5m…4h are folded from
 * 1m, 1w and 1M from 1d, on market-timezone boundaries (see `aggregateBars`).
 *
 * `getBars({ symbol })` accepts a bare code (`ACME`: the first instrument with that code) or a
 * qualified `EXCHANGE:CODE` (`XETRA:ACME`), case-insensitive. `subscribe` emits a tick each second
 * that moves the last bar (and opens a new bar every {@link SAMPLE_TICKS_PER_LIVE_BAR} ticks for
 * intraday periods); it runs a timer only while subscribed.
 *
 * @example const series = await createSampleSource().getBars({ symbol: 'DEMO', period: '1d', limit: 200 });
 */
export function createSampleSource(): DataSource {
  return {
    id: 'sample',
    label: 'Sample data (offline)',
    periods: PERIODS,
    async searchInstruments(query: string, options?: { limit?: number; signal?: AbortSignal }): Promise<Instrument[]> {
      throwIfAborted(options?.signal);
      const limit = options?.limit ?? DEFAULT_SEARCH_LIMIT;
      return searchSpecs(query)
        .slice(0, Math.max(0, limit))
        .map((spec) => spec.instrument);
    },
    async getBars(request: BarsRequest): Promise<Series> {
      throwIfAborted(request.signal);
      const spec = resolveSpec(request.symbol);
      if (!spec) throw notFound(request.symbol);
      if (!isPeriod(request.period)) {
        throw new DataSourceError(
          'unsupported',
          `Unknown period "${String(request.period)}". Use one of ${PERIODS.join(', ')}.`,
        );
      }
      const all = seriesOf(spec, request.period);
      // Generation is synchronous; a caller that gave up meanwhile still gets its rejection.
      throwIfAborted(request.signal);
      const { bars, start } = selectBars(all, request);
      return { instrument: spec.instrument, period: request.period, bars, complete: start === 0 };
    },
    subscribe(symbol: string, period: Period, listener: BarListener): () => void {
      const spec = resolveSpec(symbol);
      if (!spec) throw notFound(symbol);
      return liveTicker(spec, period, listener);
    },
  };
}

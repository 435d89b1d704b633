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
  type Instrument,
  type Period,
  type Series,
} from '../data/index.js';
import { HOST_SOURCE_ID, type HostBarsState } from './host-bars-state.js';

/*
 * What HostDataSource (host-data-source.ts) does beyond keeping the host's bars: fold them into
 * another period, search them, ask the host, and fold live bars into a folded period. A chunk loaded
 * by the first `getBars` or search, so a page that only gives bars does without it (issue #12).
 */

function known(state: HostBarsState, symbol: string): Period[] {
  return [...(state.bars.get(symbol.toUpperCase())?.keys() ?? [])];
}

function instrumentOf(state: HostBarsState, symbol: string): Instrument {
  const known = state.instruments.get(symbol.toUpperCase());
  if (known) return known;
  return { symbol, name: symbol, exchange: '', market: 'custom', timezone: 'UTC', sourceId: HOST_SOURCE_ID };
}

export function searchInstruments(state: HostBarsState, query: string, options?: { limit?: number }): Instrument[] {
  const q = query.trim().toUpperCase();
  const found = [...state.instruments.values()].filter(
    (i) => !q || i.symbol.toUpperCase().includes(q) || i.name.toUpperCase().includes(q),
  );
  // An exact code the host has not given yet can still be asked for (kline-data-request).
  if (q && /^[A-Z0-9._:-]{1,64}$/.test(q) && !found.some((i) => i.symbol.toUpperCase() === q))
    found.push(instrumentOf(state, q));
  return found.slice(0, options?.limit ?? 50);
}

export async function getBars(state: HostBarsState, request: BarsRequest): Promise<Series> {
  const key = request.symbol.toUpperCase();
  const instrument = instrumentOf(state, request.symbol);
  const stored = state.bars.get(key);
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
  const have = known(state, request.symbol);
  const answered = await state.requester(
    { symbol: instrument.symbol, period: request.period, from: request.from, to: request.to, signal: request.signal },
    have,
  );
  if (request.signal?.aborted) throw new DataSourceError('aborted', 'The load was cancelled.');
  if (!answered) {
    const gave = have.length
      ? `the host gave ${have.join(', ')} bars, which cannot be folded into ${request.period}`
      : `the host gave no bars for ${instrument.symbol}`;
    const message = `No ${request.period} bars for ${instrument.symbol}: ${gave}, and no listener answered the kline-data-request event (call event.detail.respondWith(promise of bars)). The chart keeps what it shows.`;
    state.report('data_unavailable', message);
    throw Object.assign(new DataSourceError('unsupported', message), { reported: true });
  }
  const periods = state.bars.get(key) ?? new Map<Period, Bars>();
  state.bars.set(key, periods);
  state.instruments.set(key, instrument);
  periods.set(request.period, answered);
  return { instrument, period: request.period, bars: answered, complete: true };
}

/**
 * The period the host's live bars for `symbol` come in, when the chart shows `shown` folded from
 * it (else null: the bars shown are the host's own period or an answer to a request).
 */
function liveBase(state: HostBarsState, symbol: string, shown: Period): Period | null {
  const key = symbol.toUpperCase();
  const primary = state.primary.get(key);
  if (!primary || primary === shown || state.bars.get(key)?.has(shown)) return null;
  return canAggregate(primary, shown) ? primary : null;
}

/**
 * Applies a live bar to the stored bars of `period` (replace the last, or append a newer one).
 * Returns the new columns, or null when there are none or the bar is older than the last.
 */
function applyLive(state: HostBarsState, symbol: string, period: Period, bar: Bar): Bars | null {
  const key = symbol.toUpperCase();
  const periods = state.bars.get(key);
  const bars = periods?.get(period);
  if (!periods || !bars) return null;
  const n = bars.length;
  const last = n > 0 ? bars.time[n - 1] : -Infinity;
  if (bar.time < last) return null;
  const append = bar.time > last;
  let buffer = state.buffers.get(key);
  if (!buffer || buffer.time.buffer !== bars.time.buffer || (append && n + 1 > buffer.length)) {
    buffer = createBars(Math.max(16, Math.ceil((n + 1) * 1.5)));
    for (const f of ['time', 'open', 'high', 'low', 'close', 'volume'] as const) buffer[f].set(bars[f].subarray(0, n));
    state.buffers.set(key, buffer);
  }
  const i = append ? n : n - 1;
  for (const f of ['time', 'open', 'high', 'low', 'close', 'volume'] as const) buffer[f][i] = bar[f];
  const length = append ? n + 1 : n;
  const next = sliceBars(buffer, 0, length);
  periods.set(period, next);
  return next;
}

/**
 * The host's bars shown folded (1m given, 5m shown): `bar` is a bar of the host's period; applied to
 * its bars, then the shown period's bars from the last shown one's bucket on are folded again.
 * Undefined when `shown` is not folded from the host's bars; null when the bar is refused.
 */
export function liveFold(
  state: HostBarsState,
  symbol: string,
  shown: { readonly period: Period; readonly bars: Bars; readonly timezone: string },
  bar: Bar,
): Bars | null | undefined {
  const base = liveBase(state, symbol, shown.period);
  if (!base) return undefined;
  const baseBars = applyLive(state, symbol, base, bar);
  if (!baseBars) return null;
  const n = shown.bars.length;
  const lastShown = n > 0 ? shown.bars.time[n - 1] : -Infinity;
  let from = baseBars.length;
  while (from > 0 && baseBars.time[from - 1] >= lastShown) from--;
  return aggregateBars(sliceBars(baseBars, from, baseBars.length), base, shown.period, shown.timezone);
}

import type { PropertyValues, ReactiveController, ReactiveControllerHost } from 'lit';
import { HOST_SOURCE_ID, type ChartCore } from '../../src/core/commands/index.js';
import type { ChartTarget } from '../../src/core/state/index.js';
import {
  BAR_FIELDS,
  lazyUrlSource,
  findBadLiveBar,
  guessPeriod,
  isPeriod,
  type Bar,
  type Bars,
  type DataSource,
  type Period,
} from '../../src/core/data/index.js';
import { chunkLoadError } from '../../src/core/data/chunk-load-error.js';
import { effect } from '../../src/core/store/index.js';
import { lazyModule } from '../../src/core/tools/lazy-module.js';
import { checkSetBarsOptions, readHostBars, type HostBarsProblem, type SetBarsOptions } from './read-host-bars.js';

export type { SetBarsOptions } from './read-host-bars.js';

/** `kline-data-request` detail: answer with `respondWith(promise of bars)`. */
export interface DataRequestDetail {
  readonly symbol: string;
  readonly period: Period;
  readonly from?: number;
  readonly to?: number;
  /** The bars for symbol and period (columnar or objects, epoch ms, ascending). Call at most once, synchronously. */
  respondWith(bars: Promise<Bars | readonly Bar[]> | Bars | readonly Bar[]): void;
}

type Host = ReactiveControllerHost &
  HTMLElement & {
    symbol: string;
    period: string;
    source: string;
    src: string;
    /** Milliseconds a `kline-data-request` may stay unanswered (`data-request-timeout`). */
    dataRequestTimeout: number;
    readonly hasUpdated: boolean;
  };

const loadHostAnswer = lazyModule(() => import('./host-answer.js'));

/** How long a `kline-data-request` may stay unanswered when `data-request-timeout` names no valid time. */
export const DEFAULT_DATA_REQUEST_TIMEOUT = 30_000;

export interface ChartDataOptions {
  readonly core: ChartCore;
  readonly emit: (type: string, detail: unknown) => void;
  /** Reports a failed load (status line, toast, `kline-error`; `detail` joins the event's detail). */
  readonly fail: (code: string, message: string, line?: number, detail?: Record<string, unknown>) => void;
  /** The first data has painted: `kline-ready`. */
  readonly loaded: () => void;
}

/**
 * Where the bars come from: the `symbol` / `period` / `source` / `src` attributes, the host's own
 * bars (`setBars`, `updateBar`, validated), and `kline-data-request` for periods that cannot be
 * folded from the host's bars. Reflects the shown symbol and period to the attributes (never
 * `source`) and does not load again when an attribute merely echoes the state.
 */
export class ChartDataController implements ReactiveController {
  readonly #host: Host;
  readonly #o: ChartDataOptions;
  #reflectEffect: (() => void) | null = null;
  /** The values last written to the attributes by the chart itself (not the host). */
  #reflected: { symbol?: string; period?: string } = {};
  /** The values the host itself last gave the attributes (what `setBars` labels bars with while they stand). */
  #hostSet: { symbol?: string; period?: string } = {};
  #attributesSeen = false;
  #urlSourceKey = '';
  #unregisterUrlSource: () => void = () => undefined;

  constructor(host: Host, options: ChartDataOptions) {
    this.#host = host;
    this.#o = options;
    host.addController(this);
    // Asking the page (`kline-data-request`) and checking its answer are a chunk (host-answer.ts): only a period
    // the host's bars cannot be folded into needs them. A chunk that cannot be fetched fails that load, saying so.
    options.core.host.setRequester((query) =>
      loadHostAnswer().then(
        (m) =>
          // A load aborted while the chunk came asks the page nothing (host-data-ops.ts then throws `aborted`).
          query.signal?.aborted
            ? null
            : m.requestHostBars(host, query, {
                ...options,
                timeoutMs: host.dataRequestTimeout,
                invalid: (problem) => this.#invalid(problem),
              }),
        (error: unknown) => {
          throw chunkLoadError('asking the page for bars', error);
        },
      ),
    );
  }

  /** True while the shown bars are the host's own (`setBars`, or what it answered). */
  get hostOwnsData(): boolean {
    return this.#o.core.store.peek('target')?.sourceId === HOST_SOURCE_ID;
  }

  hostConnected(): void {
    this.#reflectEffect ??= effect(() => {
      const target = this.#o.core.store.state.target.get();
      if (target) this.#reflect(target);
    });
  }

  hostDisconnected(): void {
    this.#reflectEffect?.();
    this.#reflectEffect = null;
  }

  /** Call from the element's `willUpdate`: notes which attributes the host (not the chart) set. */
  willUpdate(changed: PropertyValues): void {
    const host = this.#host;
    if (changed.has('symbol') && host.symbol && host.symbol !== this.#reflected.symbol)
      this.#hostSet = { ...this.#hostSet, symbol: host.symbol };
    // The host removed its symbol: a new file then shows its own.
    else if (changed.has('symbol') && !host.symbol) this.#hostSet = { ...this.#hostSet, symbol: undefined };
    if (
      changed.has('period') &&
      host.period !== this.#reflected.period &&
      (host.hasUpdated || host.hasAttribute('period'))
    )
      this.#hostSet = { ...this.#hostSet, period: host.period };
  }

  /** Call from the element's `updated`: loads when symbol, period, source or src changed for real. */
  updated(changed: PropertyValues): void {
    if (!(changed.has('symbol') || changed.has('period') || changed.has('source') || changed.has('src'))) return;
    const first = !this.#attributesSeen;
    this.#attributesSeen = true;
    // The host gave bars before the first render: they win over the attributes' default source.
    if (first && this.#o.core.store.peek('target')) return;
    if (!first && !changed.has('src') && this.#matchesState()) return;
    void this.loadFromAttributes();
  }

  /** A source named by the `source` attribute was registered: load from it now. */
  sourceRegistered(source: DataSource): void {
    if ((this.#host.source || 'sample') === source.id && this.#host.hasUpdated && !this.hostOwnsData)
      void this.loadFromAttributes(true);
  }

  /** Validates and shows the host's bars. Returns false (and fires `kline-error`) when refused. */
  setBars(bars: Bars | readonly Bar[], options?: SetBarsOptions | null): boolean {
    const core = this.#o.core;
    const read = readHostBars(bars, 'setBars');
    const problem = 'problem' in read ? read.problem : checkSetBarsOptions(options);
    if (problem) {
      this.#invalid(problem);
      return false;
    }
    const columns = (read as { bars: Bars }).bars;
    options ??= {};
    const host = this.#host;
    const current = core.store.peek('series');
    // Before the first render willUpdate has not seen the attributes yet: whatever is set, the host set.
    const hostPeriod = host.hasUpdated
      ? this.#hostSet.period
      : host.hasAttribute('period') || host.period !== '1d'
        ? host.period
        : undefined;
    const hostSymbol = host.hasUpdated ? this.#hostSet.symbol : host.symbol || undefined;
    const period: Period =
      options.period ??
      (host.period === hostPeriod && isPeriod(host.period)
        ? host.period
        : columns.length >= 2
          ? guessPeriod(columns.time)
          : (current?.period ?? '1d'));
    const symbol = options.symbol ?? (host.symbol && host.symbol === hostSymbol ? host.symbol : undefined);
    // A source the host named (and registered) keeps serving later changes; else the host owns the data.
    const named =
      host.source && host.source !== HOST_SOURCE_ID && core.sources.get(host.source) ? host.source : undefined;
    core.setBars(
      columns,
      {
        ...(symbol ? { symbol } : {}),
        ...(options.name ? { name: options.name } : {}),
        ...(options.timezone ? { timezone: options.timezone } : {}),
        ...(options.pricePrecision !== undefined ? { pricePrecision: options.pricePrecision } : {}),
        sourceId: named ?? HOST_SOURCE_ID,
      },
      period,
    );
    return true;
  }

  /** Validates one live bar and applies it. Returns false (and fires `kline-error`) when refused. */
  updateBar(bar: Bar, refused?: (bad: HostBarsProblem) => void): boolean {
    const series = this.#o.core.store.peek('series');
    if (!series) {
      this.#o.emit('kline-error', {
        code: 'no_data',
        message: 'updateBar: the chart has no bars yet; call setBars first.',
      });
      return false;
    }
    const n = series.bars.length;
    const refuse = (problem: HostBarsProblem): false => {
      if (refused) refused(problem);
      else this.#invalid(problem);
      return false;
    };
    // Read once: a getter that throws is refused, and one that answers differently later cannot slip past the check.
    const plain = readBar(bar);
    if (plain === null)
      return refuse({
        index: -1,
        reason: 'not_bars',
        message: 'updateBar: the bar could not be read (a getter threw).',
      });
    const bad = findBadLiveBar(plain, n > 0 ? series.bars.time[n - 1] : -Infinity, { period: series.period });
    return bad ? refuse(bad) : this.#o.core.updateBar(plain);
  }

  async loadFromAttributes(force = false): Promise<void> {
    const host = this.#host;
    const core = this.#o.core;
    const current = core.store.peek('target');
    const sourceId = host.source || current?.sourceId || 'sample';
    // A new file (`src` changed after a load) is loaded even when symbol and period stay; its symbol is
    // the one the host set, else the file's own (not the previous file's, reflected to the attribute).
    let newFile = false;
    if ((sourceId === 'csv' || sourceId === 'json') && host.src) {
      const key = `${sourceId}|${host.src}`;
      if (key !== this.#urlSourceKey) {
        newFile = this.#urlSourceKey !== '';
        this.#urlSourceKey = key;
        this.#unregisterUrlSource();
        const symbol = newFile ? this.#hostSet.symbol : host.symbol || undefined;
        this.#unregisterUrlSource = core.sources.register(lazyUrlSource(sourceId, host.src, { symbol }));
      }
    }
    const source = core.sources.get(sourceId);
    // `source="custom"` before the host's first `setBars`: the page said the bars are its own, so
    // the chart waits for them (it shows "Loading…") instead of loading the sample data or failing.
    if (!source && sourceId === HOST_SOURCE_ID) return;
    if (!source) {
      this.#o.fail('unknown_source', `Unknown data source '${sourceId}'. Known: ${core.sources.ids().join(', ')}.`);
      return;
    }
    const period: Period = isPeriod(host.period) ? host.period : '1d';
    if (host.period && !isPeriod(host.period))
      this.#o.fail('invalid_period', `Unknown period '${host.period}'; using 1d.`);
    let symbol = newFile
      ? (this.#hostSet.symbol ?? '')
      : host.symbol || (current?.sourceId === sourceId ? current.symbol : '');
    try {
      if (!symbol) symbol = await core.defaultSymbol(sourceId);
      if (
        !force &&
        !newFile &&
        current &&
        current.symbol === symbol &&
        current.period === period &&
        current.sourceId === sourceId &&
        core.store.peek('series')
      )
        return;
      const series = await core.loadTarget({ symbol, period, sourceId }, null, undefined, 'attribute');
      this.#o.emit('kline-data-load', {
        symbol: series.instrument.symbol,
        period: series.period,
        source: sourceId,
        bars: series.bars.length,
      });
      this.#o.loaded();
    } catch (error) {
      const e = error as { name?: string; code?: string; message?: string; line?: number; reported?: boolean };
      if (e?.name === 'AbortError' || e?.code === 'aborted') return;
      // The chart keeps what it showed before; the error is reported once, nothing is dropped silently.
      if (e?.reported) return;
      this.#o.fail(e.code === 'parse' ? 'parse_error' : (e.code ?? 'load_failed'), e.message ?? String(error), e.line);
    }
  }

  #matchesState(): boolean {
    const host = this.#host;
    const t = this.#o.core.store.peek('target');
    if (!t) return false;
    return (
      (!host.symbol || host.symbol === t.symbol) &&
      host.period === t.period &&
      (!host.source || host.source === t.sourceId)
    );
  }

  #reflect(target: ChartTarget): void {
    const host = this.#host;
    this.#reflected = { symbol: target.symbol, period: target.period };
    if (host.symbol !== target.symbol) host.symbol = target.symbol;
    if (host.period !== target.period) host.period = target.period;
  }

  #invalid(bad: { index: number; reason: string; message: string }): void {
    // With nothing shown yet (`source="custom"` waiting for these bars), the chart says why in its status line too.
    if (!this.#o.core.store.peek('series'))
      this.#o.fail('invalid_bars', bad.message, undefined, { index: bad.index, reason: bad.reason });
    else
      this.#o.emit('kline-error', { code: 'invalid_bars', message: bad.message, index: bad.index, reason: bad.reason });
  }
}

/** A bar's six fields, read once into a plain object; null when reading one throws. */
function readBar(bar: unknown): Bar | null {
  try {
    const b = (bar ?? {}) as Bar;
    const plain = {} as Bar;
    for (const f of BAR_FIELDS) plain[f] = b[f];
    return plain;
  } catch {
    return null;
  }
}

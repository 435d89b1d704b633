import { Signal } from 'signal-polyfill';
import type { ChartContext } from '../../protocol/index.js';
import {
  BAR_FIELDS,
  createBars,
  type Bar,
  type Bars,
  type Instrument,
  type Period,
  type Series,
} from '../data/index.js';
import {
  createDefaultSourceRegistry,
  DataSourceRegistry,
  derivePricePrecision,
  widenPricePrecision,
} from '../data/index.js';
import { Store, type ReadOnlySignal } from '../store/index.js';
import { ToolRegistry, type ToolPolicy } from '../tools/index.js';
import { buildChartContext } from './build-chart-context.js';
import {
  initialChartState,
  instrumentKey,
  VOLATILE_KEYS,
  withKey,
  type ChartState,
  type ChartTarget,
  type PriceLine,
  type ViewRange,
} from '../state/index.js';
import { priceAlertHits, type PriceAlertFired } from './price-alerts.js';
import { IndicatorCommands } from './indicator-commands.js';
import { PaneCommands } from './pane-commands.js';
import { DrawingCommands } from './drawing-commands.js';
import { SettingsCommands } from './settings-commands.js';
import { ComparisonCommands } from './comparison-commands.js';
import { RunCommands } from './run-commands.js';
import { CaptureCommands } from './capture-commands.js';
import { MarkerCommands } from './marker-commands.js';
import { PriceLineCommands } from './price-line-commands.js';
import { IndicatorEngine } from './indicator-engine.js';
import { resolveStudy } from './indicator-study.js';
import { createDefaultIndicatorRegistry, type IndicatorRegistry } from '../indicators/index.js';
import { firstSymbolLazily, loadSeriesLazily } from './load-series-lazily.js';
import { defaultView } from '../state/index.js';
import { seriesMatchesTarget } from './series-matches-target.js';
import { HOST_SOURCE_ID, HostDataSource } from './host-data-source.js';
import type { CommitInfo, Draft } from '../store/index.js';
import type { ChangeReason, CommandContext } from './command-context.js';

export type { ChangeReason } from './command-context.js';

export interface ChartCoreOptions {
  readonly chartId: string;
  readonly sources?: DataSourceRegistry;
  readonly indicatorRegistry?: IndicatorRegistry;
}

/**
 * The DOM-free heart of a chart: the signal store, the command hosts (whose `@tool` methods are
 * also the agent's tools), the tool registry and the data loading that follows the target.
 */
export class ChartCore implements CommandContext {
  readonly store: Store<ChartState>;
  readonly sources: DataSourceRegistry;
  readonly tools: ToolRegistry;
  readonly context: ReadOnlySignal<ChartContext | null>;
  readonly indicators: IndicatorCommands;
  /** `pane_resize`, `pane_move` and the separators' drag preview. */
  readonly panes: PaneCommands;
  readonly drawings: DrawingCommands;
  readonly settings: SettingsCommands;
  readonly comparisons: ComparisonCommands;
  readonly markers: MarkerCommands;
  readonly priceLines: PriceLineCommands;
  /** What agent runs changed, and undoing a run as one step. */
  readonly runs: RunCommands;
  /** `chart_capture`; the element supplies the renderer with `capture.setCapturer`. */
  readonly capture: CaptureCommands;
  /** Study definitions this chart knows (built-ins plus host-registered). */
  readonly indicatorRegistry: IndicatorRegistry;
  /** Computes active studies once per load, then incrementally per tick. */
  readonly indicatorEngine: IndicatorEngine;
  readonly #policy = new Signal.State<ToolPolicy>({ agent: 'full', allow: null });
  #chartId: string;
  #load: AbortController | null = null;
  /** Capacity-backed columns so live appends do not copy the whole series every tick. */
  #buffer: Bars | null = null;
  /** The series' price precision was derived from its bars (no source or host named one): live bars may widen it. */
  #precisionFromData = false;
  readonly #errorListeners = new Set<(error: { code: string; message: string }) => void>();
  readonly #alertListeners = new Set<(alert: PriceAlertFired) => void>();
  /** The host's own bars (`setBars`), registered as source `custom` on first use. */
  readonly host = new HostDataSource((code, message) => this.reportError(code, message));
  #hostRegistered = false;
  /** Origins of the tool calls running now (the newest last): what a commit is attributed to. */
  readonly #origins: ('user' | 'agent' | 'host')[] = [];
  /** Why the next non-undoable `load` commits (attribute-driven or a re-sync). */
  #loadReason: ChangeReason = 'load';

  constructor(options: ChartCoreOptions) {
    this.#chartId = options.chartId;
    this.#chartIdSignal.set(options.chartId);
    this.store = new Store<ChartState>(initialChartState(), { volatileKeys: VOLATILE_KEYS });
    this.sources = options.sources ?? createDefaultSourceRegistry();
    this.indicatorRegistry = options.indicatorRegistry ?? createDefaultIndicatorRegistry();
    this.indicatorEngine = new IndicatorEngine((instance) =>
      resolveStudy(this.indicatorRegistry, instance, this.store.peek('settings')),
    );
    const s = this.store.state;
    // Every slice but `loading` is read (and so followed), whether the context shows it or not.
    this.context = new Signal.Computed(() => {
      const state = {} as Record<keyof ChartState, unknown>;
      for (const key of Object.keys(s) as (keyof ChartState)[]) state[key] = key !== 'loading' && s[key].get();
      return buildChartContext(this.#chartIdSignal.get(), state as unknown as ChartState);
    });
    this.indicators = new IndicatorCommands(this);
    this.panes = new PaneCommands(this);
    this.drawings = new DrawingCommands(this);
    this.settings = new SettingsCommands(this);
    this.comparisons = new ComparisonCommands(this);
    this.markers = new MarkerCommands(this);
    this.priceLines = new PriceLineCommands(this);
    this.runs = new RunCommands(this);
    this.capture = new CaptureCommands(this);
    this.tools = new ToolRegistry(this.#hosts(), {
      policy: () => this.#policy.get(),
      target: () => this.targetStamp(),
      context: () => this.context.get(),
      // What a call does around its tool here (a run's tag on its steps, the studies it needs loaded first,
      // a composed host tool as one undo step) comes with the built-in tools (builtin-tool-hosts.ts): no call
      // runs before that chunk is in (issue #12).
      loadHosts: () => import('./builtin-tool-hosts.js').then((m) => m.createBuiltinToolHosts(this)),
    });
    // Every tool call, from the toolbar, palette, agent or host, passes here: remember its origin so
    // the commits it makes are reported with the right reason.
    const execute = this.tools.execute.bind(this.tools);
    this.tools.execute = async (name, input, options) => {
      const origin = options?.origin ?? 'user';
      this.#origins.push(origin);
      try {
        return await execute(name, input, options);
      } finally {
        this.#origins.splice(this.#origins.lastIndexOf(origin), 1);
      }
    };
  }

  /** The reason `kline-change` reports for a commit. */
  reasonFor(info: CommitInfo<ChartState>): ChangeReason {
    if (info.replay) return info.replay;
    if (info.name.startsWith('replay')) return 'replay';
    switch (info.name) {
      case 'setBars':
        return 'host';
      case 'updateBar':
        return 'live';
      case 'loadOlder':
        return 'history';
      case 'load':
        return this.#loadReason;
      default:
        return this.#origins.at(-1) ?? 'user';
    }
  }

  readonly #chartIdSignal = new Signal.State('');

  get chartId(): string {
    return this.#chartId;
  }

  set chartId(id: string) {
    this.#chartId = id;
    this.#chartIdSignal.set(id);
  }

  /** Objects whose `@tool` methods become this chart's tools. */
  #hosts(): object[] {
    return [
      this.indicators,
      this.panes,
      this.drawings,
      this.settings,
      this.comparisons,
      this.markers,
      this.priceLines,
      this.runs,
      this.capture,
    ];
  }

  get policy(): ToolPolicy {
    return this.#policy.get();
  }

  setPolicy(policy: ToolPolicy): void {
    this.#policy.set(policy);
  }

  /** Symbol, period, source and data generation: what a stale-binding fence compares. */
  targetStamp(): string {
    const t = this.store.peek('target');
    return `${t?.sourceId}|${t?.symbol}|${t?.period}|${this.store.peek('dataGeneration')}`;
  }

  /** Reports a failure the host should see (`kline-error`). */
  onError(listener: (error: { code: string; message: string }) => void): () => void {
    this.#errorListeners.add(listener);
    return () => this.#errorListeners.delete(listener);
  }

  reportError(code: string, message: string): void {
    for (const l of this.#errorListeners) l({ code, message });
  }

  /** Tells `listener` of each price alert a live bar (or host bars extending the series) fires. */
  onPriceAlert(listener: (alert: PriceAlertFired) => void): () => void {
    this.#alertListeners.add(listener);
    return () => this.#alertListeners.delete(listener);
  }

  /**
   * The alert lines of `series`' instrument that a close moving from `from` through `path` fires
   * (price-alerts.ts), and the commit step that turns the once-only ones off (part of the bar's own
   * action: not an undo step). Call `tell` after the commit.
   */
  #alerts(series: Series, from: number, path: readonly number[]) {
    const { sourceId, symbol } = series.instrument;
    const key = instrumentKey(sourceId, symbol);
    const hits = priceAlertHits(this.store.peek('priceLines')[key] ?? [], from, path);
    const once = new Set(hits.filter((h) => h.line.alertOnce).map((h) => h.line.id));
    const off = (map: ChartState['priceLines'] | undefined) =>
      map?.[key]?.some((l) => once.has(l.id) && l.alert !== 'off')
        ? withKey(
            map,
            key,
            map[key].map((l): PriceLine => (once.has(l.id) ? { ...l, alert: 'off' } : l)),
          )
        : map;
    return {
      commit: (d: Draft<ChartState>) => d.set('priceLines', off(d.get('priceLines')) ?? {}),
      tell: (time: number, close: number) => {
        // A fired once-only alert stays off: undoing an older step or a run must not arm it again.
        if (once.size) {
          this.store.history.rewrite((v) => {
            const lines = off(v.priceLines);
            return lines === v.priceLines ? v : { ...v, priceLines: lines };
          });
          this.runs.rewrite('priceLines', (v) => off(v as ChartState['priceLines']));
        }
        for (const { line, direction } of hits) {
          const { id, price, label } = line;
          for (const l of this.#alertListeners)
            l({ id, price, label, direction, time, close, symbol, period: series.period });
        }
      },
    };
  }

  /**
   * Loads bars for `target` and commits target + series in one action. Aborts a load in flight.
   * `label` names the action (an undoable tool call), or null for a non-undoable load.
   */
  loadTarget(
    target: ChartTarget,
    label: string | null,
    signal?: AbortSignal,
    reason: ChangeReason = 'load',
    onProgress?: (fraction: number, message: string) => void,
  ): Promise<Series> {
    this.#olderAbort?.abort();
    return this.#loadRun(signal, async (run) => {
      const series = await loadSeriesLazily(this.sources, target, run, onProgress);
      this.#commitLoad(run, series, target, label, reason);
      return series;
    });
  }

  /**
   * The code of the first instrument `sourceId` lists (what a chart without a `symbol` shows), looked
   * up under the `loading` flag and aborted like a load (by the next load, `dispose`, or `signal`).
   * Resolves to '' when the source lists none. An unknown source fails (`not_found`) without
   * aborting the load in flight.
   */
  defaultSymbol(sourceId: string, signal?: AbortSignal): Promise<string> {
    // The look-up is in the chunk that loads the bars next (load-series.ts), which words the failure too.
    if (!this.sources.get(sourceId)) return firstSymbolLazily(this.sources, sourceId);
    return this.#loadRun(signal, (run) => firstSymbolLazily(this.sources, sourceId, run));
  }

  /** Makes the loaded series follow the target again (after undo/redo of a target change). */
  async syncToTarget(): Promise<void> {
    const target = this.store.peek('target');
    const series = this.store.peek('series');
    if (!target || (series && seriesMatchesTarget(series, target))) return;
    try {
      // The bars that follow an undo/redo of a target change: part of that action, not one of its own.
      await this.#loadRun(
        undefined,
        async (run) => this.#commitLoad(run, await loadSeriesLazily(this.sources, target, run), null, null, 'sync'),
        false,
      );
    } catch (error) {
      if ((error as Error)?.name === 'AbortError') return;
      this.reportError('load_failed', (error as Error).message);
    }
  }

  /**
   * Runs `work` as the chart's one load: aborts the load in flight, is aborted by the next one, `dispose`
   * or `signal`, and (with `flag`) holds the `loading` flag up until it ends.
   */
  async #loadRun<T>(signal: AbortSignal | undefined, work: (run: AbortSignal) => Promise<T>, flag = true): Promise<T> {
    this.#load?.abort();
    const controller = new AbortController();
    this.#load = controller;
    const onAbort = () => controller.abort();
    signal?.addEventListener('abort', onAbort, { once: true });
    const loading = (on: boolean) =>
      (flag || !on) && this.store.action('loading', (d) => d.set('loading', on), { undoable: false });
    // A run without the flag (an undo's bars) that aborts a flagged load takes its flag down: no run is left to.
    loading(flag);
    try {
      return await work(controller.signal);
    } finally {
      signal?.removeEventListener('abort', onAbort);
      if (this.#load === controller) {
        this.#load = null;
        loading(false);
      }
    }
  }

  /** Commits loaded bars (with `target`, when it changes too) as `label`'s step, or as a `load` no undo reaches. */
  #commitLoad(
    run: AbortSignal,
    series: Series,
    target: ChartTarget | null,
    label: string | null,
    reason: ChangeReason,
  ) {
    if (run.aborted) throw new DOMException('Load aborted', 'AbortError');
    this.#loadReason = reason;
    this.store.action(
      label ?? 'load',
      (d) => {
        if (target) d.set('target', target);
        this.#commitSeries(d, series);
      },
      { undoable: label !== null },
    );
    this.#loadReason = 'load';
  }

  #commitSeries(d: import('../store/index.js').Draft<ChartState>, series: Series): void {
    this.#buffer = null;
    d.set('replay', null); // new bars (a symbol or period change, the host's) end a bar replay
    // An instrument whose source names no precision shows its prices with the data's own decimals.
    this.#precisionFromData = series.instrument.pricePrecision === undefined;
    if (this.#precisionFromData)
      series = { ...series, instrument: { ...series.instrument, pricePrecision: derivePricePrecision(series.bars) } };
    d.set('series', series);
    d.set('dataRevision', d.get('dataRevision') + 1);
    d.set('dataGeneration', d.get('dataGeneration') + 1);
    d.set('view', defaultView(series.bars.length));
  }

  #older: Promise<number> | null = null;
  /** Cancels the older-page request when the chart loads something else or is disposed. */
  #olderAbort: AbortController | null = null;

  /** True while older history is being fetched. */
  get loadingOlder(): boolean {
    return this.#older !== null;
  }

  /**
   * Fetches the page of bars just before the oldest loaded one and prepends it, shifting the view by
   * the same number of bars so what the user looks at does not move. Resolves to the number of bars
   * added (0 at the beginning of data). Concurrent calls share one request.
   */
  loadOlder(pageSize = 500): Promise<number> {
    if (this.#older) return this.#older;
    const series = this.store.peek('series');
    const target = this.store.peek('target');
    if (!series || !target || series.complete || !series.bars.length || this.store.peek('replay'))
      return Promise.resolve(0);
    const source = this.sources.get(series.instrument.sourceId);
    if (!source?.periods.includes(series.period)) return Promise.resolve(0);
    const generation = this.store.peek('dataGeneration');
    const controller = (this.#olderAbort = new AbortController());
    // The page's fetch and merge are a chunk (load-older.ts): only a scroll to the left edge needs them.
    return (this.#older = import('./load-older.js')
      .then((m) =>
        m.loadOlderPage(this.store, source, target.symbol, series, generation, pageSize, controller.signal, () => {
          this.#buffer = null;
        }),
      )
      .catch((error: Error) => {
        this.reportError('history_load_failed', `Could not load older bars: ${error?.message}`);
        return 0;
      })
      .finally(() => {
        this.#older = null;
        if (this.#olderAbort === controller) this.#olderAbort = null;
      }));
  }

  /**
   * Replaces the bars in one action. With `instrument.sourceId` `custom` (the default when nothing is
   * loaded; the element always passes it) the host owns the data: the bars are kept as source
   * `custom`, so a later period change folds them (1m → 5m …) or asks the host. Another `sourceId`
   * labels the bars as that source's, and later changes load from it. Without `instrument` the bars
   * replace those of the current instrument. `period` defaults to the current period, else `1d`.
   */
  setBars(bars: Bars, instrument?: Partial<Instrument>, period?: Period): void {
    const current = this.store.peek('series');
    const sourceId = instrument?.sourceId ?? current?.instrument.sourceId ?? HOST_SOURCE_ID;
    const same = current?.instrument.sourceId === sourceId ? current.instrument : undefined;
    const inst: Instrument = {
      symbol: instrument?.symbol ?? same?.symbol ?? 'CUSTOM',
      name: instrument?.name ?? same?.name ?? instrument?.symbol ?? 'Custom data',
      exchange: instrument?.exchange ?? same?.exchange ?? '',
      market: instrument?.market ?? same?.market ?? 'custom',
      timezone: instrument?.timezone ?? same?.timezone ?? 'UTC',
      sourceId,
      ...(instrument?.pricePrecision !== undefined ? { pricePrecision: instrument.pricePrecision } : {}),
    };
    const p: Period = period ?? current?.period ?? this.store.peek('target')?.period ?? '1d';
    if (sourceId === HOST_SOURCE_ID) {
      this.host.put(inst, p, bars);
      if (!this.#hostRegistered) {
        this.#hostRegistered = true;
        this.sources.register(this.host);
      }
    }
    const series: Series = { instrument: inst, period: p, bars, complete: true };
    // Host bars that extend the shown ones (same instrument and period) are live: a close across an alert line fires.
    const n = bars.length;
    const m = current?.bars.length ?? 0;
    const extends_ =
      current &&
      n > 0 &&
      m > 0 &&
      current.period === p &&
      current.instrument.sourceId === sourceId &&
      current.instrument.symbol === inst.symbol &&
      bars.time[n - 1] >= current.bars.time[m - 1];
    const alerts = this.#alerts(series, extends_ ? current.bars.close[m - 1] : Number.NaN, [bars.close[n - 1]]);
    this.#load?.abort();
    this.store.action(
      'setBars',
      (d) => {
        d.set('target', { symbol: inst.symbol, period: p, sourceId: inst.sourceId });
        this.#commitSeries(d, series);
        alerts.commit(d);
      },
      { undoable: false },
    );
    alerts.tell(bars.time[n - 1], bars.close[n - 1]);
  }

  /** Set during a bar replay (bar-replay.ts): takes live bars, held until the replay stops. */
  replayHold: ((bar: Bar) => boolean) | null = null;

  /**
   * Live update: replaces the last bar when `bar.time` equals it, appends when newer.
   * Older bars are refused (returns false). Amortised O(1): columns grow by doubling.
   */
  updateBar(bar: Bar): boolean {
    if (this.replayHold?.(bar)) return true;
    const series = this.store.peek('series');
    if (!series) return false;
    const { sourceId, symbol, timezone } = series.instrument;
    // The host's bars shown folded (1m given, 5m shown): the tick is a 1m bar; fold the last bucket again.
    const tail =
      sourceId === HOST_SOURCE_ID
        ? this.host.liveFold(symbol, { period: series.period, bars: series.bars, timezone }, bar)
        : undefined;
    if (tail === null) return false;
    if (!tail) return this.#applyBar(bar);
    let ok = true;
    for (let i = 0; i < tail.length; i++) {
      const shown = {} as Bar;
      for (const f of BAR_FIELDS) shown[f] = tail[f][i];
      ok = this.#applyBar(shown) && ok;
    }
    return ok;
  }

  #applyBar(bar: Bar): boolean {
    const series = this.store.peek('series');
    if (!series) return false;
    const { bars, instrument } = series;
    const n = bars.length;
    const lastTime = n > 0 ? bars.time[n - 1] : -Infinity;
    if (bar.time < lastTime) return false;
    const append = bar.time > lastTime;
    const length = append ? n + 1 : n;
    // Read before the buffer (which may share the series' memory) is written.
    const alerts = this.#alerts(
      series,
      n > 0 ? bars.close[n - 1] : Number.NaN,
      append ? [bar.open, bar.close] : [bar.close],
    );
    let buffer = this.#buffer;
    // New columns (with room to grow) unless the series already lives in this buffer and it has room.
    const fresh = !buffer || buffer.time.buffer !== bars.time.buffer || length > buffer.length;
    if (!buffer || fresh) buffer = this.#buffer = createBars(Math.max(16, Math.ceil(length * 1.5)));
    const next = { length } as { -readonly [K in keyof Bars]: Bars[K] };
    for (const f of BAR_FIELDS) {
      const column = buffer[f];
      if (fresh) column.set(bars[f].subarray(0, n));
      column[length - 1] = bar[f];
      next[f] = column.subarray(0, length);
    }
    const view = this.store.peek('view');
    const precision = instrument.pricePrecision;
    const widened =
      this.#precisionFromData && precision !== undefined ? widenPricePrecision(precision, bar) : precision;
    this.store.action(
      'updateBar',
      (d) => {
        d.set('series', {
          ...series,
          instrument: widened === precision ? instrument : { ...instrument, pricePrecision: widened },
          bars: next,
        });
        d.set('dataRevision', d.get('dataRevision') + 1);
        // Follow the newest bar only when the user is already at the right edge.
        if (append && view && view.end >= n - 0.5) d.set('view', { start: view.start + 1, end: view.end + 1 });
        alerts.commit(d);
      },
      { undoable: false },
    );
    // The host's own period stays current for a later period change.
    if (instrument.sourceId === HOST_SOURCE_ID) this.host.update(instrument.symbol, series.period, next);
    alerts.tell(bar.time, bar.close);
    return true;
  }

  /** Sets the visible window (user pan/zoom: not an undo step). */
  setView(view: ViewRange): void {
    this.store.action('view', (d) => d.set('view', view), { undoable: false });
  }

  undo(): string | undefined {
    const label = this.store.undo();
    void this.syncToTarget();
    return label;
  }

  redo(): string | undefined {
    const label = this.store.redo();
    void this.syncToTarget();
    return label;
  }

  dispose(): void {
    this.#load?.abort();
    this.#olderAbort?.abort();
  }
}

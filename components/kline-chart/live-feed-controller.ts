import type { ReactiveController, ReactiveControllerHost } from 'lit';
import type { ChartCore } from '../../src/core/commands/index.js';
import type { Bar } from '../../src/core/data/index.js';
import type { HostBarsProblem as BadBar } from './read-host-bars.js';
import { effect } from '../../src/core/store/index.js';

export interface LiveFeedOptions {
  readonly core: ChartCore;
  /** Whether the loaded source should stream (the `live` attribute). */
  readonly wantsLive: (sourceId: string) => boolean;
  /** Called when the history-loading indicator changes. */
  readonly requestUpdate: () => void;
  /** Applies one tick with the checks of the element's `updateBar`; a bad tick changes nothing and goes to `refused`. */
  readonly updateBar: (bar: Bar, refused: (bad: BadBar) => void) => boolean;
  /** Fires `kline-error` with this detail. */
  readonly error: (detail: Record<string, unknown>) => void;
}

/**
 * While connected: follows the loaded source's live stream (`updateBar` per tick, checked like a host's) and fetches older
 * history when the view nears the left edge. Unsubscribes on disconnect, subscribes again on connect.
 *
 * Refused ticks do not flood the host: the first fires `kline-error` `invalid_bars` at once; those after it within
 * {@link LiveFeedController.refusalWindowMs} are counted and one summary (`refused`: how many, `reason`/`message`: the
 * last) fires at the end of the window, at most one per window while they keep coming. A new stream starts afresh.
 */
export class LiveFeedController implements ReactiveController {
  /** How long refused ticks of one stream are gathered into one summary `kline-error` (README "Validation"). */
  static refusalWindowMs = 5000;
  readonly #o: LiveFeedOptions;
  #disposers: (() => void)[] = [];
  #liveKey = '';
  #unsubscribe: () => void = () => undefined;
  /** The refusal window's timer (0: none open, the next refusal fires at once), refusals since its start, the last. */
  #window: ReturnType<typeof setTimeout> | 0 = 0;
  #refused = 0;
  #lastRefusal: BadBar | null = null;

  constructor(host: ReactiveControllerHost, options: LiveFeedOptions) {
    this.#o = options;
    host.addController(this);
  }

  hostConnected(): void {
    if (this.#disposers.length) return;
    const core = this.#o.core;
    const s = core.store.state;
    this.#disposers.push(
      effect(() => {
        // History on demand: near the left edge, fetch the previous page (the view stays put).
        const view = s.view.get();
        const series = s.series.get();
        if (!view || !series || series.complete || view.start > 20 || core.loadingOlder) return;
        const pending = core.loadOlder();
        this.#o.requestUpdate();
        void pending.then(() => this.#o.requestUpdate());
      }),
      effect(() => {
        // Live updates: follow the source's stream for the loaded instrument and period.
        const series = s.series.get();
        const key = series ? `${series.instrument.sourceId}|${s.target.get()?.symbol}|${series.period}` : '';
        if (key === this.#liveKey) return;
        this.#liveKey = key;
        this.#unsubscribe();
        this.#unsubscribe = () => undefined;
        this.#resetRefusals();
        if (!series || !this.#o.wantsLive(series.instrument.sourceId)) return;
        const source = core.sources.get(series.instrument.sourceId);
        const symbol = core.store.peek('target')?.symbol ?? series.instrument.symbol;
        if (source?.subscribe)
          this.#unsubscribe = source.subscribe(
            symbol,
            series.period,
            (bar) => void this.#o.updateBar(bar, (bad) => this.#refuse(bad)),
          );
      }),
    );
  }

  hostDisconnected(): void {
    for (const d of this.#disposers) d();
    this.#disposers = [];
    this.#unsubscribe();
    this.#unsubscribe = () => undefined;
    this.#liveKey = '';
    this.#resetRefusals();
  }

  #refuse(bad: BadBar): void {
    if (this.#window) {
      this.#refused++;
      this.#lastRefusal = bad;
      return;
    }
    this.#o.error({ code: 'invalid_bars', message: bad.message, index: bad.index, reason: bad.reason });
    this.#openWindow();
  }

  #openWindow(): void {
    this.#window = setTimeout(() => {
      this.#window = 0;
      const bad = this.#lastRefusal;
      const n = this.#refused;
      this.#refused = 0;
      this.#lastRefusal = null;
      if (!bad) return;
      const seconds = LiveFeedController.refusalWindowMs / 1000;
      this.#o.error({
        code: 'invalid_bars',
        message: `The live feed sent ${n} more invalid tick(s) in ${seconds} s, all refused; the last: ${bad.message}`,
        index: bad.index,
        reason: bad.reason,
        refused: n,
      });
      this.#openWindow();
    }, LiveFeedController.refusalWindowMs);
  }

  #resetRefusals(): void {
    if (this.#window) clearTimeout(this.#window);
    this.#window = 0;
    this.#refused = 0;
    this.#lastRefusal = null;
  }
}

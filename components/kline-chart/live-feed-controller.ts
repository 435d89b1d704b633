import type { ReactiveController, ReactiveControllerHost } from 'lit';
import type { ChartCore } from '../../src/core/commands/index.js';
import type { Bar } from '../../src/core/data/index.js';
import { effect } from '../../src/core/store/index.js';

export interface LiveFeedOptions {
  readonly core: ChartCore;
  /** Whether the loaded source should stream (the `live` attribute). */
  readonly wantsLive: (sourceId: string) => boolean;
  /** Called when the history-loading indicator changes. */
  readonly requestUpdate: () => void;
  /** Applies one tick with the checks of the element's `updateBar` (a bad tick: `kline-error`, nothing changes). */
  readonly updateBar: (bar: Bar) => boolean;
}

/**
 * While connected: follows the loaded source's live stream (`updateBar` per tick, checked like a host's) and fetches older
 * history when the view nears the left edge. Unsubscribes on disconnect, subscribes again on connect.
 */
export class LiveFeedController implements ReactiveController {
  readonly #o: LiveFeedOptions;
  #disposers: (() => void)[] = [];
  #liveKey = '';
  #unsubscribe: () => void = () => undefined;

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
        if (!series || !this.#o.wantsLive(series.instrument.sourceId)) return;
        const source = core.sources.get(series.instrument.sourceId);
        const symbol = core.store.peek('target')?.symbol ?? series.instrument.symbol;
        if (source?.subscribe)
          this.#unsubscribe = source.subscribe(symbol, series.period, (bar) => void this.#o.updateBar(bar));
      }),
    );
  }

  hostDisconnected(): void {
    for (const d of this.#disposers) d();
    this.#disposers = [];
    this.#unsubscribe();
    this.#unsubscribe = () => undefined;
    this.#liveKey = '';
  }
}

import type { ReactiveController, ReactiveControllerHost } from 'lit';
import { effect } from '../../src/core/store/index.js';
import { lazyModule } from '../../src/core/tools/lazy-module.js';
import type { LiveFeed, LiveFeedOptions } from './live-feed.js';

export type { LiveFeedOptions } from './live-feed.js';

/** The element: its `source` attribute names the source it is asked for. */
type Host = ReactiveControllerHost & { readonly source: string };

const loadLiveFeed = lazyModule(() => import('./live-feed.js'));

/**
 * While connected: follows the loaded source's live stream and fetches older history when the view nears the left
 * edge (live-feed.ts `LiveFeed`, a chunk of its own: issue #12). Until that chunk is needed nothing is loaded: it is
 * fetched once the chart is asked for a source that streams (`live` allows it and the source can `subscribe`; the fetch
 * runs beside the bars' own, so the stream starts with them) or once the view nears the left edge of history that goes
 * further back. A chunk that cannot be fetched is warned about (once) and fetched again on the next such change, at
 * most every three seconds.
 *
 * Refused ticks do not flood the host: the first fires `kline-error` `invalid_bars` at once; those after it within
 * {@link LiveFeedController.refusalWindowMs} are counted and one summary (`refused`: how many, `reason`/`message`: the
 * last) fires at the end of the window, at most one per window while they keep coming. A new stream starts afresh.
 */
export class LiveFeedController implements ReactiveController {
  /** How long refused ticks of one stream are gathered into one summary `kline-error` (README "Validation"). */
  static refusalWindowMs = 5000;
  readonly #o: LiveFeedOptions;
  #feed: LiveFeed | null = null;
  #connected = false;
  /** The effect that waits for a reason to load the feed (null once it is loaded, or while disconnected). */
  #waiting: (() => void) | null = null;
  #failedAt = -Infinity;

  readonly #host: Host;

  constructor(host: Host, options: LiveFeedOptions) {
    this.#host = host;
    this.#o = options;
    host.addController(this);
  }

  /** Whether the source `id` would stream (the `live` attribute allows it and the source can `subscribe`). */
  #streams(id = ''): boolean {
    return this.#o.wantsLive(id) && !!this.#o.core.sources.get(id)?.subscribe;
  }

  hostConnected(): void {
    this.#connected = true;
    if (this.#feed) return this.#feed.connect();
    const s = this.#o.core.store.state;
    this.#waiting ??= effect(() => {
      const view = s.view.get();
      const series = s.series.get();
      if (
        this.#streams(s.target.get()?.sourceId) ||
        (series && (this.#streams(series.instrument.sourceId) || (view && !series.complete && view.start <= 20)))
      )
        this.#load();
    });
  }

  /** A `source` attribute that names a source that streams: the feed loads beside its bars (not after them). */
  hostUpdate(): void {
    if (!this.#feed && this.#waiting && this.#streams(this.#host.source)) this.#load();
  }

  hostDisconnected(): void {
    this.#connected = false;
    this.#feed?.disconnect();
    this.#waiting?.();
    this.#waiting = null;
  }

  #load(): void {
    if (performance.now() - this.#failedAt < 3000) return;
    loadLiveFeed().then(
      (m) => {
        this.#waiting?.();
        this.#waiting = null;
        this.#feed ??= new m.LiveFeed(this.#o, () => LiveFeedController.refusalWindowMs);
        if (this.#connected) this.#feed.connect();
      },
      (error: unknown) => {
        if (performance.now() - this.#failedAt < 3000) return;
        this.#failedAt = performance.now();
        console.warn("kline-chart: the live feed (a source's stream, older history) could not be loaded", error);
      },
    );
  }
}

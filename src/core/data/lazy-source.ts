import type { BinanceSource, BinanceSourceOptions } from './binance-source.js';
import { chunkLoadError } from './chunk-load-error.js';
import type { BarListener, BarsRequest, DataSource, Series } from './data-source.js';
import type { Instrument } from './instrument.js';
import type { OlderBarsRequest } from './binance-older-bars.js';
import { PERIODS, type Period } from './period.js';
import type { UrlSourceOptions } from './url-source.js';

/** The sources {@link lazySource} made, with their loaders: what {@link preloadSource} may start. */
const lazySources = new WeakMap<object, () => Promise<unknown>>();

/**
 * Starts fetching the code of `source` when it is a {@link lazySource} whose module is not in yet
 * (a failure is left to its first call, which tries again); does nothing for any other source. For a
 * caller that must load its own code before it asks the source (loadSeries, issue #12): both chunks
 * come at once instead of one after the other.
 */
export function preloadSource(source: DataSource | undefined): void {
  const load = source ? lazySources.get(source) : undefined;
  if (load) load().catch(() => undefined);
}

/**
 * A source whose implementation is a separate module, imported on first use (the bundle keeps it
 * in a chunk beside itself, so a page loads the code of the one source it shows: issue #12).
 * Every method waits for the module, then delegates; `subscribe` and `periods` delegate directly
 * once it is there (before that, `subscribe` starts when it arrives and can be stopped meanwhile).
 */
export function lazySource<S extends DataSource>(
  meta: { readonly id: string; readonly label: string; readonly periods?: readonly Period[] },
  load: () => Promise<S>,
): DataSource & { load(): Promise<S>; subscribe(symbol: string, period: Period, listener: BarListener): () => void } {
  let source: S | null = null;
  let loading: Promise<S> | null = null;
  const get = (): Promise<S> => {
    if (source) return Promise.resolve(source);
    loading ??= load().then(
      (s) => (source = s),
      (error: unknown) => {
        loading = null;
        throw chunkLoadError(`the source "${meta.label}"`, error);
      },
    );
    return loading;
  };
  const lazy = {
    id: meta.id,
    label: meta.label,
    get periods(): readonly Period[] {
      return source?.periods ?? meta.periods ?? PERIODS;
    },
    load: get,
    async searchInstruments(query: string, options?: { limit?: number; signal?: AbortSignal }): Promise<Instrument[]> {
      return (await get()).searchInstruments(query, options);
    },
    async getBars(request: BarsRequest): Promise<Series> {
      return (await get()).getBars(request);
    },
    subscribe(symbol: string, period: Period, listener: BarListener): () => void {
      if (source) {
        if (!source.subscribe) return () => undefined;
        return source.subscribe(symbol, period, listener);
      }
      let stop: (() => void) | null = null;
      let stopped = false;
      void get().then((s) => {
        if (!stopped && s.subscribe) stop = s.subscribe(symbol, period, listener);
      });
      return () => {
        stopped = true;
        stop?.();
      };
    },
  };
  lazySources.set(lazy, get);
  return lazy;
}

/** The offline `sample` source, its generator loaded on first use. */
export function lazySampleSource(): DataSource {
  return lazySource({ id: 'sample', label: 'Sample data (offline)' }, () =>
    import('./sample-source.js').then((m) => m.createSampleSource()),
  );
}

/** {@link createBinanceSource} with its code loaded on first use (same options and methods). */
export function lazyBinanceSource(options: BinanceSourceOptions = {}): BinanceSource {
  const lazy = lazySource({ id: 'binance', label: 'Binance (live)' }, () =>
    import('./binance-source.js').then((m) => m.createBinanceSource(options)),
  );
  return Object.assign(lazy, {
    async getOlderBars(request: OlderBarsRequest): Promise<Series> {
      return (await lazy.load()).getOlderBars(request);
    },
  });
}

/** {@link createUrlSource} with the CSV/JSON parsers loaded on first use (same arguments). */
export function lazyUrlSource(kind: 'csv' | 'json', url: string, options: UrlSourceOptions = {}): DataSource {
  const file = url.split(/[?#]/)[0].split('/').pop() || url;
  return lazySource({ id: kind, label: `${kind.toUpperCase()} file (${file})` }, () =>
    import('./url-source.js').then((m) => m.createUrlSource(kind, url, options)),
  );
}

import { Signal } from 'signal-polyfill';
import type { Series } from '../data/index.js';
import type { ReadOnlySignal } from '../store/index.js';
import { lazyModule } from '../tools/lazy-module.js';
import type { CommandContext } from './command-context.js';
import type { ComparisonEntry } from '../state/index.js';
import { loadSeriesLazily } from './load-series-lazily.js';

type AlignSeries = typeof import('./align-series.js');
/**
 * Aligning a comparison's closes to the main bars (align-series.ts): a chunk loaded with a
 * comparison's data, so a chart without comparisons does without it (issue #12).
 */
let align: AlignSeries | null = null;
const loadAlign = lazyModule(() => import('./align-series.js').then((module) => (align = module)));

/** A comparison ready to draw: closes aligned to the main bars. */
export interface ComparisonLine {
  readonly symbol: string;
  readonly color: string;
  readonly closes: Float64Array;
  /** `left`: drawn in its own prices against the left price scale. */
  readonly scale?: 'left';
}

/**
 * Overlays other instruments as percent change from the first visible bar: keeps their series
 * loaded for the current period and aligned to the main bars ({@link lines}, drawn by the
 * renderer). The `comparison*` tools, which the toolbar's compare button runs, are
 * {@link import('./comparison-tools.js').ComparisonTools}, loaded after the first paint (issue #12).
 */
export class ComparisonCommands {
  readonly #loaded = new Signal.State<ReadonlyMap<string, Series>>(new Map());
  /** Aligned closes for every comparison whose data is loaded for the current period. */
  readonly lines: ReadOnlySignal<readonly ComparisonLine[]>;
  #loading = new Set<string>();

  /** Internal: shared with ComparisonTools (comparison-tools.ts). */
  readonly ctx: Pick<CommandContext, 'store' | 'sources' | 'reportError'>;

  constructor(ctx: Pick<CommandContext, 'store' | 'sources' | 'reportError'>) {
    this.ctx = ctx;
    const s = ctx.store.state;
    this.lines = new Signal.Computed(() => {
      const main = s.series.get();
      const loaded = this.#loaded.get();
      if (!main) return [];
      const out: ComparisonLine[] = [];
      for (const c of s.comparisons.get()) {
        const other = loaded.get(cacheKey(c, main.period));
        if (!other) void this.#ensure(c, main.period);
        else if (align)
          out.push({
            symbol: c.symbol,
            color: c.color,
            closes: align.alignCloses(main, other),
            ...(c.scale ? { scale: c.scale } : {}),
          });
        else void this.#drawWhenAligned();
      }
      return out;
    });
  }

  /** Internal: loads the code that aligns comparisons to the main bars (comparison_create waits for it). */
  ready(): Promise<unknown> {
    return loadAlign();
  }

  /** Data remembered before the aligning code was in: draws once it is. */
  async #drawWhenAligned(): Promise<void> {
    try {
      await loadAlign();
      this.#loaded.set(new Map(this.#loaded.get()));
    } catch (error) {
      this.ctx.reportError('comparison_load_failed', `Could not draw the comparisons: ${(error as Error).message}`);
    }
  }

  /** Internal: keeps `series` as the data of `entry` for its period (comparison_create loaded it). */
  remember(entry: ComparisonEntry, series: Series): void {
    const next = new Map(this.#loaded.get());
    next.set(cacheKey(entry, series.period), series);
    this.#loaded.set(next);
  }

  async #ensure(entry: ComparisonEntry, period: Series['period']): Promise<void> {
    const key = cacheKey(entry, period);
    if (this.#loading.has(key)) return;
    this.#loading.add(key);
    try {
      const [series] = await Promise.all([
        loadSeriesLazily(this.ctx.sources, { symbol: entry.symbol, period, sourceId: entry.sourceId }),
        loadAlign(),
      ]);
      this.remember(entry, series);
    } catch (error) {
      this.ctx.reportError('comparison_load_failed', `Could not load ${entry.symbol}: ${(error as Error).message}`);
    } finally {
      this.#loading.delete(key);
    }
  }
}

function cacheKey(c: { symbol: string; sourceId: string }, period: string): string {
  return `${c.sourceId}|${c.symbol}|${period}`;
}

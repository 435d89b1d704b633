import { Signal } from 'signal-polyfill';
import type { Series } from '../data/index.js';
import type { ReadOnlySignal } from '../store/index.js';
import { lazyModule } from '../tools/lazy-module.js';
import type { CommandContext } from './command-context.js';
import type { ComparisonEntry } from '../state/index.js';

/**
 * Aligning a comparison's closes to the main bars and loading its data (comparison-data.ts): a chunk
 * loaded when a chart first has a comparison, so a chart without comparisons does without it (issue #12).
 */
let parts: typeof import('./comparison-data.js') | null = null;
const loadParts = lazyModule(() => import('./comparison-data.js').then((module) => (parts = module)));

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
        if (!parts) void this.#drawWhenLoaded();
        else if (!other) void parts.ensureComparison(this, c, main.period);
        else
          out.push({
            symbol: c.symbol,
            color: c.color,
            closes: parts.alignCloses(main, other),
            ...(c.scale ? { scale: c.scale } : {}),
          });
      }
      return out;
    });
  }

  /** Internal: loads the code that aligns comparisons to the main bars (comparison_create waits for it). */
  ready(): Promise<unknown> {
    return loadParts();
  }

  /** Comparisons shown before their code was in: loads and draws them once it is. */
  async #drawWhenLoaded(): Promise<void> {
    try {
      await loadParts();
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
}

/** Internal: the key of a comparison's data for `period` (also ensure-comparison.ts). */
export function cacheKey(c: { symbol: string; sourceId: string }, period: string): string {
  return `${c.sourceId}|${c.symbol}|${period}`;
}

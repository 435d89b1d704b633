import { sessionDayStart, type Series } from '../data/index.js';
import type {
  IndicatorColumns,
  IndicatorDefinition,
  IndicatorUpdater,
  IndicatorValues,
} from '../indicators/indicator-definition.js';
import type { IndicatorInstance } from '../state/index.js';
import type { ResolvedStudy } from './indicator-study.js';

interface Entry {
  readonly key: string;
  readonly def: IndicatorDefinition;
  readonly series: Series;
  updater: IndicatorUpdater | null;
  values: IndicatorValues;
  length: number;
  lastTime: number;
}

/**
 * Computes each active study once per load and then incrementally: a changed or appended last bar
 * goes through the definition's updater (O(1) for most kernels) instead of a full recompute.
 */
export class IndicatorEngine {
  readonly #cache = new Map<string, Entry>();

  /** `lookup` gives the definition and params an instance computes with (its convention's). */
  readonly #lookup: (instance: IndicatorInstance) => ResolvedStudy | undefined;

  constructor(lookup: (instance: IndicatorInstance) => ResolvedStudy | undefined) {
    this.#lookup = lookup;
  }

  /** The definition and params `instance` computes with now, or undefined for an unknown id. */
  study(instance: IndicatorInstance): ResolvedStudy | undefined {
    return this.#lookup(instance);
  }

  values(instance: IndicatorInstance, series: Series): IndicatorValues | null {
    const study = this.#lookup(instance);
    if (!study) return null;
    const { def } = study;
    const key = JSON.stringify(study.params);
    const bars = series.bars;
    const n = bars.length;
    const columns: IndicatorColumns = {
      ...bars,
      length: n,
      timezone: series.instrument.timezone,
      sessionStart: sessionDayStart(series.instrument.session),
    };
    const cached = this.#cache.get(instance.instanceId);
    if (cached && cached.key === key && cached.def === def && sameInstrument(cached.series, series)) {
      const lastTime = n > 0 ? bars.time[n - 1] : NaN;
      if (cached.series === series) return cached.values;
      const tail =
        (n === cached.length || n === cached.length + 1) && n > 0 && bars.time[cached.length - 1] === cached.lastTime;
      if (def.createUpdater && tail) {
        // The first live tick builds the running state (one pass); later ticks are O(1).
        if (cached.updater) cached.updater.update(columns, n === cached.length + 1);
        else cached.updater = def.createUpdater(columns, study.params);
        cached.values = cached.updater.values;
        cached.length = n;
        cached.lastTime = lastTime;
        (cached as { series: Series }).series = series;
        return cached.values;
      }
    }
    const params = study.params as never;
    // A load computes with the batch kernel; the running state is built only once ticks arrive.
    const values = def.compute(columns, params);
    this.#cache.set(instance.instanceId, {
      key,
      def,
      series,
      updater: null,
      values,
      length: n,
      lastTime: n > 0 ? bars.time[n - 1] : NaN,
    });
    return values;
  }

  /** The points `instance` draws beyond the last bar (Ichimoku's leading spans), or null. */
  forward(instance: IndicatorInstance, series: Series): IndicatorValues | null {
    const study = this.#lookup(instance);
    if (!study?.def.forward) return null;
    const bars = series.bars;
    const columns: IndicatorColumns = { ...bars, length: bars.length, timezone: series.instrument.timezone };
    return study.def.forward(columns, study.params as never);
  }

  /** Drops cached values of instances no longer active. */
  retain(instanceIds: Iterable<string>): void {
    const keep = new Set(instanceIds);
    for (const id of this.#cache.keys()) if (!keep.has(id)) this.#cache.delete(id);
  }
}

function sameInstrument(a: Series, b: Series): boolean {
  return a.instrument === b.instrument && a.period === b.period && a.bars.time[0] === b.bars.time[0];
}

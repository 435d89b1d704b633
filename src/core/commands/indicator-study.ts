import {
  adaptParams,
  chartConvention,
  type IndicatorConvention,
  type IndicatorDefinition,
  type IndicatorRegistry,
} from '../indicators/index.js';
import type { ChartSettings, IndicatorInstance } from '../state/index.js';

/** What an active study computes with: the definition of its convention and params that fit it. */
export interface ResolvedStudy {
  readonly def: IndicatorDefinition;
  readonly params: Readonly<Record<string, unknown>>;
  /** The convention in effect (the study's own, else the chart's). */
  readonly convention: IndicatorConvention;
}

/** The chart's convention for studies that do not name one. */
export function settingsConvention(
  settings: Pick<ChartSettings, 'indicatorConvention' | 'locale'>,
): IndicatorConvention {
  return chartConvention(settings.indicatorConvention, settings.locale);
}

/**
 * Resolves an instance under its own convention or the chart's. Params stored for another
 * convention (the chart's changed since) are carried over where the definition accepts them, the
 * rest take its defaults ({@link adaptParams}).
 */
export function resolveStudy(
  registry: IndicatorRegistry,
  instance: Pick<IndicatorInstance, 'definitionId' | 'params' | 'convention'>,
  settings: Pick<ChartSettings, 'indicatorConvention' | 'locale'>,
): ResolvedStudy | undefined {
  const convention = instance.convention ?? settingsConvention(settings);
  const def = registry.resolve(instance.definitionId, convention);
  if (!def) return undefined;
  return { def, params: adaptParams(def, instance.params), convention };
}

import type { IndicatorRegistry } from './indicator-registry.js';
import {
  chartConvention,
  isIndicatorConvention,
  type IndicatorConvention,
  type IndicatorConventionSetting,
} from './indicator-convention.js';
import { indicatorListStudies } from './parse-indicator-list.js';

/** What of an active study decides the code it needs (src/core/state `IndicatorInstance`). */
export interface StudyInstanceLike {
  readonly instanceId: string;
  readonly definitionId: string;
  readonly convention?: IndicatorConvention;
}

/** What of the chart's settings decides its convention (src/core/state `ChartSettings`). */
export interface ConventionSettings {
  readonly indicatorConvention?: IndicatorConventionSetting;
  readonly locale?: string;
}

/** The chart a tool call runs on, read when the call starts (`ChartCore` passes its store). */
export interface StudyChart {
  readonly indicators: () => readonly StudyInstanceLike[];
  readonly settings: () => ConventionSettings;
}

/** One study's code to have before a change: its definition, and its form under `convention`. */
export interface StudyNeed {
  readonly id: string;
  readonly convention: IndicatorConvention;
}

/**
 * Loads `needs` (studies and the convention variants they follow) that are not loaded yet. Resolves
 * at once (`undefined`) when everything is here, so callers can stay synchronous then. A chunk that
 * cannot be fetched rejects with an error naming the study and the convention.
 */
export function loadStudies(registry: IndicatorRegistry, needs: readonly StudyNeed[]): Promise<void> | undefined {
  const missing = needs.filter(({ id, convention }) => registry.has(id) && !registry.loaded(id, convention));
  if (missing.length === 0) return undefined;
  return Promise.all(missing.map(({ id, convention }) => registry.load(id, convention))).then(() => undefined);
}

/** The studies and forms an `indicators` notation needs under the chart's `convention`. */
export function studiesOfList(text: string, convention: IndicatorConvention): StudyNeed[] {
  return indicatorListStudies(text).map((s) => ({ id: s.id, convention: s.convention ?? convention }));
}

/**
 * What active studies need when the chart's settings become `next` (the `indicatorConvention`
 * setting, or the locale when it is `auto`): the forms of those that follow the chart's convention.
 */
export function studiesForSettings(
  indicators: readonly StudyInstanceLike[],
  current: ConventionSettings,
  next: { readonly indicatorConvention?: unknown; readonly locale?: unknown },
): StudyNeed[] {
  const setting = next.indicatorConvention;
  const convention = chartConvention(
    setting === 'auto' || isIndicatorConvention(setting) ? setting : current.indicatorConvention,
    typeof next.locale === 'string' ? next.locale : current.locale,
  );
  return indicators.filter((i) => !i.convention).map((i) => ({ id: i.definitionId, convention }));
}

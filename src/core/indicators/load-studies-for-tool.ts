import { ToolCallError } from '../tools/tool-error.js';
import type { IndicatorRegistry } from './indicator-registry.js';
import { chartConvention, isIndicatorConvention } from './indicator-convention.js';
import { loadStudies, studiesForSettings, type StudyChart } from './load-studies.js';

// Imported by the indicators_* tools (src/core/commands/indicator-tools.ts), which set it as ChartCore's
// `beforeInvoke`: it comes with the tools' chunk (issue #12); scripts/bundle-sizes.js keeps it lazy.

/** Tools whose input names a study by `definitionId`. */
const NAMING_A_STUDY = new Set(['indicators_add', 'indicators_query', 'markers_from_condition']);

function field(input: unknown, key: string): unknown {
  return typeof input === 'object' && input !== null ? (input as Record<string, unknown>)[key] : undefined;
}

/** The studies (and their forms) a tool call needs loaded before it runs, or `all`. */
function studiesForTool(registry: IndicatorRegistry, name: string, input: unknown, chart: StudyChart | undefined) {
  const given = field(input, 'convention');
  const named = isIndicatorConvention(given) ? given : undefined;
  const settings = chart?.settings() ?? {};
  const convention = chartConvention(settings.indicatorConvention, settings.locale);
  const instanceId = field(input, 'instanceId');
  const instance =
    typeof instanceId === 'string' ? chart?.indicators().find((i) => i.instanceId === instanceId) : undefined;
  if (name === 'settings_update') {
    const values = field(input, 'values');
    if (field(values, 'indicatorConvention') === undefined && field(values, 'locale') === undefined) return [];
    return studiesForSettings(chart?.indicators() ?? [], settings, values as Record<string, unknown>);
  }
  if (name === 'settings_reset') {
    // The defaults of src/core/state/chart-state.ts DEFAULT_SETTINGS (a node test holds them equal).
    const keys = field(input, 'keys');
    const resets = (key: string) => !Array.isArray(keys) || keys.includes(key);
    const next = {
      ...(resets('indicatorConvention') ? { indicatorConvention: 'auto' } : {}),
      ...(resets('locale') ? { locale: 'en' } : {}),
    };
    return studiesForSettings(chart?.indicators() ?? [], settings, next);
  }
  if (name === 'indicators_update' || (name === 'indicators_query' && instance)) {
    return instance ? [{ id: instance.definitionId, convention: named ?? instance.convention ?? convention }] : [];
  }
  if (!NAMING_A_STUDY.has(name)) return [];
  const id = field(input, 'definitionId');
  if (typeof id !== 'string') return [];
  // markers_from_condition computes the TA-Lib form (src/core/commands/marker-ops.ts).
  if (!registry.has(id)) return 'all';
  return [{ id, convention: name === 'markers_from_condition' ? 'ta-lib' : (named ?? convention) }];
}

/**
 * Loads the studies a tool call needs before it runs (the chart's `ToolRegistry` awaits this), so
 * tools work the same whether a study's code is loaded yet or not: the study a call names or the
 * instance it changes, with its form under the convention it will follow (`convention` of the call,
 * the instance's own, else the chart's); for `settings_update` of the convention or the locale, the
 * forms the active studies take under the new convention; every study for `indicators_list` (in
 * the chart's convention) and for an id no study has (its error suggests close ids of all). Returns
 * nothing when everything is loaded or the tool reads no study. A chunk that cannot be fetched fails
 * the call (`internal`, retryable) before it changes anything.
 */
export function loadStudiesForTool(
  registry: IndicatorRegistry,
  name: string,
  input: unknown,
  chart?: StudyChart,
): Promise<void> | void {
  if (!registry.pending) return;
  const fail = (error: unknown): never => {
    throw new ToolCallError(
      'internal',
      `'${name}' could not run: ${error instanceof Error ? error.message : String(error)}.`,
      {
        retryable: true,
        recommendedAction: 'Try again when the network is back; studies in the ta-lib convention need no extra code.',
      },
    );
  };
  if (name === 'indicators_list') {
    const settings = chart?.settings() ?? {};
    return registry.loadAll(chartConvention(settings.indicatorConvention, settings.locale)).catch(fail);
  }
  const needs = studiesForTool(registry, name, input, chart);
  if (needs === 'all') return registry.loadAll('ta-lib').catch(fail);
  return loadStudies(registry, needs)?.catch(fail);
}

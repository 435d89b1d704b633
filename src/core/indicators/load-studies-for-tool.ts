import type { IndicatorRegistry } from './indicator-registry.js';

/** Tools whose input names a study by `definitionId`. */
const NAMING_A_STUDY = new Set(['indicators_add', 'indicators_query', 'markers_from_condition']);

/**
 * Loads the studies a tool call needs before it runs (the chart's `ToolRegistry` awaits this), so
 * tools work the same whether a study's code is loaded yet or not: the study a call names, or every
 * study for `indicators_list` and for an id no study has (its error suggests close ids of all).
 * Returns nothing when every study is loaded or the tool reads none.
 */
export function loadStudiesForTool(registry: IndicatorRegistry, name: string, input: unknown): Promise<void> | void {
  if (!registry.pending) return;
  if (name === 'indicators_list') return registry.loadAll();
  if (!NAMING_A_STUDY.has(name)) return;
  const id =
    typeof input === 'object' && input !== null ? (input as { definitionId?: unknown }).definitionId : undefined;
  if (typeof id === 'string' && registry.has(id)) return registry.load(id);
  if (typeof id === 'string') return registry.loadAll();
}

const DEFINITION_ID = /"definitionId"\s*:\s*"([A-Za-z][A-Za-z0-9_]{0,31})"/g;

/**
 * Loads the code of every known study a saved layout (JSON text) names, so the layout can be
 * checked against their definitions. Resolves when they are loaded; unknown ids are left to the
 * layout check to report, and a study whose code failed to load is reported there as unknown too.
 */
export async function loadStudiesNamedIn(registry: IndicatorRegistry, json: string | null): Promise<void> {
  if (!json || !registry.pending) return;
  const ids = new Set([...json.matchAll(DEFINITION_ID)].map((m) => m[1]).filter((id) => registry.has(id)));
  await Promise.all([...ids].map((id) => registry.load(id).catch(() => undefined)));
}

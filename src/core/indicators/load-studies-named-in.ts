import type { IndicatorRegistry } from './indicator-registry.js';
import type { IndicatorConvention } from './indicator-convention.js';

/*
 * Only a saved layout's restore reads this (components/kline-chart/layout-storage-controller.ts, a chunk):
 * a module of its own, so it is not kept in the entry with load-studies.ts (issue #12).
 */

const DEFINITION_ID = /"definitionId"\s*:\s*"([A-Za-z][A-Za-z0-9_]{0,31})"/g;
const CONVENTION = /"(?:indicatorConvention|convention)"\s*:\s*"(tdx|tradingview)"/g;

/**
 * Loads the code of every known study a saved layout (JSON text) names, so the layout can be
 * checked against their definitions, with their forms under each convention the layout names (its
 * studies' own, its `indicatorConvention`, tdx for a Chinese locale). Resolves when they are loaded;
 * unknown ids are left to the layout check to report, and a study whose code failed to load is
 * reported there as unknown too. `locale`: one the chart keeps over the layout's (a page's `locale`
 * attribute), counted like the layout's.
 */
export async function loadStudiesNamedIn(registry: IndicatorRegistry, json: string | null, locale = ''): Promise<void> {
  if (!json || !registry.pending) return;
  const ids = new Set([...json.matchAll(DEFINITION_ID)].map((m) => m[1]).filter((id) => registry.has(id)));
  const conventions = new Set<IndicatorConvention>(
    [...json.matchAll(CONVENTION)].map((m) => m[1] as IndicatorConvention),
  );
  if (/"locale"\s*:\s*"zh\b/i.test(json) || /^zh\b/i.test(locale)) conventions.add('tdx');
  await Promise.all(
    [...ids].flatMap((id) => [
      registry.load(id).catch(() => undefined),
      ...[...conventions].map((c) => registry.load(id, c).catch(() => undefined)),
    ]),
  );
}

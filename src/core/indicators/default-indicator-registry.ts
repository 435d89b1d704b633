import { BUILTIN_INDICATORS } from './builtin-indicators.js';
import { CONVENTIONAL_VARIANTS } from './definitions/conventional-variants.js';
import type { IndicatorConvention } from './indicator-convention.js';
import { IndicatorRegistry } from './indicator-registry.js';

/**
 * A registry holding every built-in study ({@link BUILTIN_INDICATORS}) and its convention variants,
 * all loaded. The browser bundle replaces this module with `lazy-indicator-registry.ts`
 * (rollup.config.js), whose studies load on first use.
 */
export function createDefaultIndicatorRegistry(): IndicatorRegistry {
  const registry = new IndicatorRegistry();
  for (const def of BUILTIN_INDICATORS) registry.register(def);
  for (const [convention, defs] of Object.entries(CONVENTIONAL_VARIANTS)) {
    for (const def of defs) registry.registerVariant(convention as IndicatorConvention, def);
  }
  return registry;
}

import type { TObject } from '@sinclair/typebox';
import { BUILTIN_INDICATORS } from './builtin-indicators.js';
import type { IndicatorDefinition } from './indicator-definition.js';
import type { IndicatorConvention } from './indicator-convention.js';
import { CONVENTIONAL_VARIANTS } from './definitions/conventional-variants.js';

const ID_PATTERN = /^[A-Za-z][A-Za-z0-9_]{0,31}$/;

/**
 * The studies a chart knows, looked up case-insensitively by id. Hosts add their own with
 * `register`, which returns the function that removes it again.
 */
export class IndicatorRegistry {
  private readonly byId = new Map<string, IndicatorDefinition>();
  /** Convention variants (`tdx`, `tradingview`) by convention, then upper-case id. */
  private readonly variants = new Map<IndicatorConvention, Map<string, IndicatorDefinition>>();

  /**
   * Adds a definition. Throws when the id is malformed or already taken, or when the params schema
   * lacks a default for a field or `paramOrder` names an undeclared field.
   *
   * @returns a function that unregisters this definition (no-op once replaced or removed).
   */
  register<P extends TObject>(def: IndicatorDefinition<P>): () => void {
    const erased = def as unknown as IndicatorDefinition; // params typing is erased in the registry
    if (!ID_PATTERN.test(def.id)) throw new Error(`Indicator id "${def.id}" must match ${ID_PATTERN}`);
    const key = def.id.toUpperCase();
    if (this.byId.has(key)) throw new Error(`Indicator "${def.id}" is already registered`);
    const properties = def.params.properties;
    for (const [name, schema] of Object.entries(properties)) {
      if (schema.default === undefined) throw new Error(`Indicator "${def.id}": param "${name}" has no default`);
    }
    for (const name of def.paramOrder) {
      if (!(name in properties)) throw new Error(`Indicator "${def.id}": paramOrder names unknown param "${name}"`);
    }
    this.byId.set(key, erased);
    return () => {
      if (this.byId.get(key) === erased) this.byId.delete(key);
    };
  }

  /**
   * Adds the form a registered study takes under another convention (same id, its own params,
   * outputs and maths). Throws when no study has that id or a variant for it is already there.
   *
   * @returns a function that removes this variant again.
   */
  registerVariant<P extends TObject>(convention: IndicatorConvention, def: IndicatorDefinition<P>): () => void {
    const erased = def as unknown as IndicatorDefinition; // params typing is erased in the registry
    const key = def.id.toUpperCase();
    if (!this.byId.has(key))
      throw new Error(`Indicator "${def.id}" is not registered; register it before its ${convention} variant`);
    let map = this.variants.get(convention);
    if (!map) this.variants.set(convention, (map = new Map()));
    if (map.has(key)) throw new Error(`Indicator "${def.id}" already has a ${convention} variant`);
    for (const [name, schema] of Object.entries(def.params.properties)) {
      if (schema.default === undefined)
        throw new Error(`Indicator "${def.id}" (${convention}): param "${name}" has no default`);
    }
    map.set(key, erased);
    return () => {
      if (map.get(key) === erased) map.delete(key);
    };
  }

  /**
   * The definition to use for `id` under `convention`: its variant for that convention, else the
   * study itself (`ta-lib`, and studies a convention does not change).
   */
  resolve(id: string, convention: IndicatorConvention | undefined): IndicatorDefinition | undefined {
    const key = id.toUpperCase();
    const base = this.byId.get(key);
    if (!base || convention === undefined || convention === 'ta-lib') return base;
    return this.variants.get(convention)?.get(key) ?? base;
  }

  /** Whether `id` has its own form under `convention`. */
  hasVariant(id: string, convention: IndicatorConvention): boolean {
    return this.variants.get(convention)?.has(id.toUpperCase()) ?? false;
  }

  /** The definition with this id, any case (`macd` finds `MACD`). */
  get(id: string): IndicatorDefinition | undefined {
    return this.byId.get(id.toUpperCase());
  }

  /** Whether a definition with this id exists. */
  has(id: string): boolean {
    return this.byId.has(id.toUpperCase());
  }

  /** All definitions in registration order. */
  list(): readonly IndicatorDefinition[] {
    return [...this.byId.values()];
  }
}

/** A registry holding every built-in study ({@link BUILTIN_INDICATORS}). */
export function createDefaultIndicatorRegistry(): IndicatorRegistry {
  const registry = new IndicatorRegistry();
  for (const def of BUILTIN_INDICATORS) registry.register(def);
  for (const [convention, defs] of Object.entries(CONVENTIONAL_VARIANTS)) {
    for (const def of defs) registry.registerVariant(convention as IndicatorConvention, def);
  }
  return registry;
}

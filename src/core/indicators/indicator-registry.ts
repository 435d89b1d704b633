import type { TObject } from '@sinclair/typebox';
import { BUILTIN_INDICATORS } from './builtin-indicators.js';
import type { IndicatorDefinition } from './indicator-definition.js';

const ID_PATTERN = /^[A-Za-z][A-Za-z0-9_]{0,31}$/;

/**
 * The studies a chart knows, looked up case-insensitively by id. Hosts add their own with
 * `register`, which returns the function that removes it again.
 */
export class IndicatorRegistry {
  private readonly byId = new Map<string, IndicatorDefinition>();

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
  return registry;
}

import type { DataSource } from './data-source.js';
import { lazySampleSource } from './lazy-source.js';

/**
 * The data sources a chart can load from, by id. Registering an id that exists shadows the earlier
 * source until the newer one is unregistered (a host can replace `sample` and later restore it).
 *
 * @example const off = registry.register(myBrokerSource); … off();
 */
export class DataSourceRegistry {
  readonly #stacks = new Map<string, DataSource[]>();

  /** Adds `source` (shadowing any with the same id); the returned function removes exactly this one. */
  register(source: DataSource): () => void {
    const stack = this.#stacks.get(source.id) ?? [];
    stack.push(source);
    this.#stacks.set(source.id, stack);
    let registered = true;
    return () => {
      if (!registered) return;
      registered = false;
      const current = this.#stacks.get(source.id);
      if (!current) return;
      const index = current.lastIndexOf(source);
      if (index >= 0) current.splice(index, 1);
      if (current.length === 0) this.#stacks.delete(source.id);
    };
  }

  /** The source registered under `id` most recently, if any. */
  get(id: string): DataSource | undefined {
    return this.#stacks.get(id)?.at(-1);
  }

  /** The active source of every id, in first-registration order. */
  list(): DataSource[] {
    return [...this.#stacks.values()].map((stack) => stack[stack.length - 1]);
  }

  /** Ids of the registered sources, in first-registration order. */
  ids(): string[] {
    return [...this.#stacks.keys()];
  }
}

/** A registry holding the offline `sample` source (its generator loads on first use). */
export function createDefaultSourceRegistry(): DataSourceRegistry {
  const registry = new DataSourceRegistry();
  registry.register(lazySampleSource());
  return registry;
}

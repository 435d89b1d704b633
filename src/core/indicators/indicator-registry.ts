import type { TObject } from '@sinclair/typebox';
import { Signal } from 'signal-polyfill';
import type { IndicatorCategory, IndicatorDefinition } from './indicator-definition.js';
import type { IndicatorConvention } from './indicator-convention.js';

const ID_PATTERN = /^[A-Za-z][A-Za-z0-9_]{0,31}$/;

/** What is known of a study before its code is loaded (the indicator picker shows these). */
export interface IndicatorIndexEntry {
  readonly id: string;
  readonly name: string;
  readonly category: IndicatorCategory;
  readonly placement: 'overlay' | 'pane';
}

/** A study's code: its definition and its forms under other conventions. */
export interface LoadedStudy {
  readonly definition: IndicatorDefinition;
  readonly variants?: Partial<Record<Exclude<IndicatorConvention, 'ta-lib'>, IndicatorDefinition>>;
}

interface LazyStudy {
  /** Its index entry; known by id only until `registerIndex`'s entries arrive. */
  entry?: IndicatorIndexEntry;
  readonly load: () => Promise<LoadedStudy>;
  loading?: Promise<void>;
}

/** A convention variant known by its study id and convention only; its code loads on demand. */
interface LazyVariant {
  readonly load: () => Promise<IndicatorDefinition>;
  loading?: Promise<void>;
}

/** The conventions that have variants (ta-lib is every study's own form). */
type VariantConvention = Exclude<IndicatorConvention, 'ta-lib'>;

/**
 * Starts `item.load` unless it is under way, and hands what it brings to `arrive`. A failure is
 * `<what> could not be loaded (<why>)` with the error as its cause, and forgotten, so a later call
 * tries again (shared by studies, variants and the index).
 */
function loadOnce<T>(
  item: { readonly load: () => Promise<T>; loading?: Promise<void> },
  what: string,
  arrive: (loaded: T) => void,
): Promise<void> {
  return (item.loading ??= item.load().then(arrive, (error: unknown) => {
    item.loading = undefined;
    throw new Error(`${what} could not be loaded (${String(error)})`, { cause: error });
  }));
}

/** Throws when a param of `def` has no default; `who` starts the message. */
function checkDefaults(def: IndicatorDefinition, who: string): void {
  for (const [name, schema] of Object.entries(def.params.properties)) {
    if (schema.default === undefined) throw new Error(`${who}: param "${name}" has no default`);
  }
}

/**
 * The studies a chart knows, looked up case-insensitively by id. Hosts add their own with
 * `register`, which returns the function that removes it again.
 *
 * A study may also be known by its index entry only (`registerLazy`): its code loads on `load(id)`,
 * `loadAll()`, or the first `get`/`resolve` of its id (which answer `undefined` until it is there
 * and, read inside a signal computation, re-run it when it arrives). The built-ins are registered
 * so in the browser bundle (issue #12: a study's code loads when it is first added).
 *
 * A convention variant may be known the same way (`registerLazyVariant`): `hasVariant` says it is
 * there, `loaded(id, convention)` whether its code is, `load(id, convention)` brings it, and until it
 * is in, `resolve(id, convention)` answers `undefined` (starting the load) rather than the TA-Lib form,
 * so nothing computes or labels a study in another convention than the one asked for. Paths that
 * change what a chart shows load it first (the `indicators` attribute, `loadStudiesForTool`,
 * `loadStudiesNamedIn`); the eager studies' variants are registered so (lazy-indicator-registry.ts).
 */
export class IndicatorRegistry {
  readonly #byId = new Map<string, IndicatorDefinition>();
  /** Convention variants (`tdx`, `tradingview`) by convention, then upper-case id. */
  readonly #variants = new Map<IndicatorConvention, Map<string, IndicatorDefinition>>();
  /** Studies known by their index entry whose code is not loaded yet, by upper-case id. */
  readonly #lazy = new Map<string, LazyStudy>();
  /** Variants known by id whose code is not loaded yet, by convention, then upper-case id. */
  readonly #lazyVariants = new Map<IndicatorConvention, Map<string, LazyVariant>>();
  /** Bumped when a lazy study arrives, so computations that asked for it run again. */
  readonly #version = new Signal.State(0);
  /** Registration order of every id (a lazy study keeps its place when its code arrives). */
  readonly #order = new Map<string, number>();

  #place(key: string): void {
    if (!this.#order.has(key)) this.#order.set(key, this.#order.size);
  }

  /** Re-runs the signal readers that asked for something not loaded then. */
  #bump(): void {
    this.#version.set(this.#version.get() + 1);
  }

  /** The upper-case key of a new study's id; throws when the id is malformed or taken. */
  #newKey(id: string): string {
    if (!ID_PATTERN.test(id)) throw new Error(`Indicator id "${id}" must match ${ID_PATTERN}`);
    const key = id.toUpperCase();
    if (this.#byId.has(key) || this.#lazy.has(key)) throw new Error(`Indicator "${id}" is already registered`);
    return key;
  }

  /**
   * The map of `convention` in `own` (made when missing) that takes the variant of `id`; throws when
   * the study is not `known` or a variant for it is in `own` or `other` already.
   */
  #variantSlot<T>(
    own: Map<IndicatorConvention, Map<string, T>>,
    other: Map<IndicatorConvention, Map<string, unknown>>,
    convention: IndicatorConvention,
    id: string,
    known: boolean,
  ): Map<string, T> {
    const key = id.toUpperCase();
    if (!known) throw new Error(`Indicator "${id}" is not registered; register it before its ${convention} variant`);
    let map = own.get(convention);
    if (!map) own.set(convention, (map = new Map()));
    if (map.has(key) || other.get(convention)?.has(key))
      throw new Error(`Indicator "${id}" already has a ${convention} variant`);
    return map;
  }

  #sorted<T extends { readonly id: string }>(items: T[]): T[] {
    const at = (item: T) => this.#order.get(item.id.toUpperCase()) ?? Infinity;
    return items.sort((a, b) => at(a) - at(b));
  }

  /**
   * Adds a study by its index entry, or by its id alone (its entry then comes from
   * `registerIndex`); `load` imports its code when it is first needed. Throws when the id is
   * malformed or taken.
   */
  registerLazy(entry: IndicatorIndexEntry | string, load: () => Promise<LoadedStudy>): void {
    const key = this.#newKey(typeof entry === 'string' ? entry : entry.id);
    this.#lazy.set(key, typeof entry === 'string' ? { load } : { entry, load });
    this.#place(key);
  }

  /** Loads the index entries of studies registered by id alone (`registerIndex`); null when none. */
  #index: { readonly load: () => Promise<readonly IndicatorIndexEntry[]>; loading?: Promise<void> } | null = null;

  /**
   * Where the index entries (name, category, placement) of studies registered by id alone come
   * from: loaded when `entries()` is first read (or with `loadIndex()`), so a page that never lists
   * the studies never loads their names (issue #12).
   */
  registerIndex(load: () => Promise<readonly IndicatorIndexEntry[]>): void {
    this.#index = { load };
  }

  /** Loads the index entries `registerIndex` names; resolves at once when there is nothing to load. */
  loadIndex(): Promise<void> {
    const index = this.#index;
    if (!index || ![...this.#lazy.values()].some((s) => !s.entry)) return Promise.resolve();
    return loadOnce(index, 'the index of indicators', (entries) => {
      for (const entry of entries) {
        const study = this.#lazy.get(entry.id.toUpperCase());
        if (study && !study.entry) study.entry = entry;
      }
      this.#bump();
    });
  }

  /**
   * Loads the code of `id` (any case) if it is a lazy study, and with a `convention` its variant for
   * that convention if that is known but not loaded; resolves at once when there is nothing to load.
   * Rejects when a chunk cannot be fetched (a later call tries again).
   */
  load(id: string, convention?: IndicatorConvention): Promise<void> {
    const key = id.toUpperCase();
    const study = this.#lazy.get(key);
    if (!study) return this.#loadVariant(key, convention);
    const loading = loadOnce(study, `the code of indicator ${key}`, (loaded) => {
      if (this.#lazy.get(key) !== study) return;
      this.#lazy.delete(key);
      this.register(loaded.definition);
      for (const [convention, def] of Object.entries(loaded.variants ?? {})) {
        if (def) this.registerVariant(convention as IndicatorConvention, def);
      }
      this.#bump();
    });
    return convention === undefined ? loading : loading.then(() => this.#loadVariant(key, convention));
  }

  #loadVariant(key: string, convention: IndicatorConvention | undefined): Promise<void> {
    if (convention === undefined) return Promise.resolve();
    const variant = this.#lazyVariants.get(convention)?.get(key);
    if (!variant) return Promise.resolve();
    return loadOnce(variant, `the ${convention} form of indicator ${key}`, (def) => {
      const pending = this.#lazyVariants.get(convention);
      if (pending?.get(key) !== variant) return;
      pending.delete(key);
      if (def.id.toUpperCase() !== key) throw new Error(`The ${convention} variant of ${key} loaded as "${def.id}"`);
      this.registerVariant(convention, def);
      this.#bump();
    });
  }

  /**
   * Loads every lazy study (e.g. before listing them all with their params) and the lazy variants
   * under `convention`, or under every convention when it is not given.
   */
  async loadAll(convention?: IndicatorConvention): Promise<void> {
    await Promise.all([...this.#lazy.keys()].map((key) => this.load(key)));
    await Promise.all(
      [...this.#lazyVariants]
        .filter(([c]) => convention === undefined || c === convention)
        .flatMap(([c, map]) => [...map.keys()].map((key) => this.load(key, c))),
    );
  }

  /** Whether some studies or convention variants are known by their id only (their code not loaded). */
  get pending(): boolean {
    this.#version.get();
    return this.#lazy.size > 0 || [...this.#lazyVariants.values()].some((map) => map.size > 0);
  }

  /** Loads started by a synchronous read (`get`, `resolve`) that readers wait to re-run on. */
  readonly #demanded = new Set<Promise<void>>();

  #track(loading: Promise<void>): void {
    const settled = loading.catch((error: unknown) => {
      console.error(`kline-chart-agent: ${String(error)}`);
    });
    this.#demanded.add(settled);
    void settled.then(() => this.#demanded.delete(settled));
  }

  /**
   * Resolves when no load started by a synchronous read is under way any more (failed ones
   * included), so what a reader computes now uses every study and form it asked for
   * (`<kline-chart>`'s `whenPainted`).
   */
  async settled(): Promise<void> {
    while (this.#demanded.size > 0) await Promise.all([...this.#demanded]);
  }

  /** Starts loading a lazy variant asked for synchronously; its arrival re-runs signal readers. */
  #demandVariant(key: string, convention: IndicatorConvention): undefined {
    this.#version.get();
    this.#track(this.#loadVariant(key, convention));
    return undefined;
  }

  /** Starts loading a lazy study asked for synchronously; its arrival re-runs signal readers. */
  #demand(key: string): undefined {
    this.#version.get();
    if (this.#lazy.has(key)) this.#track(this.load(key));
    return undefined;
  }

  /**
   * Adds a definition. Throws when the id is malformed or already taken, or when the params schema
   * lacks a default for a field or `paramOrder` names an undeclared field.
   *
   * @returns a function that unregisters this definition (no-op once replaced or removed).
   */
  register<P extends TObject>(def: IndicatorDefinition<P>): () => void {
    const erased = def as unknown as IndicatorDefinition; // params typing is erased in the registry
    const key = this.#newKey(def.id);
    checkDefaults(erased, `Indicator "${def.id}"`);
    for (const name of def.paramOrder) {
      if (!(name in def.params.properties))
        throw new Error(`Indicator "${def.id}": paramOrder names unknown param "${name}"`);
    }
    this.#byId.set(key, erased);
    this.#place(key);
    return () => {
      if (this.#byId.get(key) === erased) this.#byId.delete(key);
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
    const map = this.#variantSlot(this.#variants, this.#lazyVariants, convention, def.id, this.#byId.has(key));
    checkDefaults(erased, `Indicator "${def.id}" (${convention})`);
    map.set(key, erased);
    return () => {
      if (map.get(key) === erased) map.delete(key);
    };
  }

  /**
   * Adds a variant by its study's id and convention only; `load` imports its definition when it is
   * first needed (`load(id, convention)`, `loadAll()`, a `resolve` under that convention). Throws when
   * no study has that id or it already has a variant for the convention.
   */
  registerLazyVariant(convention: VariantConvention, id: string, load: () => Promise<IndicatorDefinition>): void {
    this.#variantSlot(this.#lazyVariants, this.#variants, convention, id, this.has(id)).set(id.toUpperCase(), { load });
  }

  /**
   * The definition to use for `id` under `convention`: its variant for that convention, else the
   * study itself (`ta-lib`, and studies a convention does not change). `undefined` while the study's
   * code, or that variant's, is loading (asking starts the load): never the TA-Lib form in its place.
   */
  resolve(id: string, convention: IndicatorConvention | undefined): IndicatorDefinition | undefined {
    const key = id.toUpperCase();
    const base = this.#byId.get(key) ?? this.#demand(key);
    if (!base || convention === undefined || convention === 'ta-lib') return base;
    const variant = this.#variants.get(convention)?.get(key);
    if (variant) return variant;
    return this.#lazyVariants.get(convention)?.has(key) ? this.#demandVariant(key, convention) : base;
  }

  /** Whether `id` has its own form under `convention` (loaded or not). */
  hasVariant(id: string, convention: IndicatorConvention): boolean {
    const key = id.toUpperCase();
    return (this.#variants.get(convention)?.has(key) || this.#lazyVariants.get(convention)?.has(key)) ?? false;
  }

  /**
   * The definition with this id, any case (`macd` finds `MACD`); `undefined` while a lazy study's
   * code is loading (asking starts the load).
   */
  get(id: string): IndicatorDefinition | undefined {
    const key = id.toUpperCase();
    return this.#byId.get(key) ?? this.#demand(key);
  }

  /**
   * Whether the code of `id` is here (a registered study that is not waiting for its chunk), and with
   * a `convention`, its variant for it too when it has one.
   */
  loaded(id: string, convention?: IndicatorConvention): boolean {
    const key = id.toUpperCase();
    if (!this.#byId.has(key)) return false;
    return convention === undefined || !this.#lazyVariants.get(convention)?.has(key);
  }

  /** Whether a study with this id exists (loaded or not). */
  has(id: string): boolean {
    const key = id.toUpperCase();
    return this.#byId.has(key) || this.#lazy.has(key);
  }

  /** All loaded definitions in registration order (after `loadAll()`: every study). */
  list(): readonly IndicatorDefinition[] {
    this.#version.get();
    return this.#sorted([...this.#byId.values()]);
  }

  /**
   * Every study, loaded or not, as its index entry (id, name, category, placement). Studies known by
   * id alone are left out until their entries arrive: asking starts loading them (`registerIndex`)
   * and, read inside a signal computation, re-runs it when they are in.
   */
  entries(): readonly IndicatorIndexEntry[] {
    this.#version.get();
    const loaded: IndicatorIndexEntry[] = [...this.#byId.values()];
    const lazy: IndicatorIndexEntry[] = [];
    let unnamed = false;
    for (const study of this.#lazy.values()) {
      if (study.entry) lazy.push(study.entry);
      else unnamed = true;
    }
    // Names are for lists (the picker), never for painting: `settled()` (so a chart's first paint)
    // does not wait for them; their arrival re-runs signal readers.
    if (unnamed && this.#index && !this.#index.loading)
      this.loadIndex().catch((error: unknown) => console.error(`kline-chart-agent: ${String(error)}`));
    return this.#sorted([...loaded, ...lazy]);
  }
}

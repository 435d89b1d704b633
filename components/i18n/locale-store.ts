import { DEVELOPMENT } from './dev-mode.js';
import { resolveLocale } from './resolve-locale.js';

/**
 * The state of the one localization mechanism of both elements and their internals (docs/contracts.md,
 * "Locales"). English is the source of every key and the fallback: each component passes its
 * section's English strings and gets them merged with the best catalogue for the requested tag.
 * Built-in translations (`zh-CN`, `zh-TW`, `ja`) are lazy chunks loaded by {@link loadLocale};
 * `registerLocale(tag, strings)` adds or overrides any tag at run time.
 *
 * This module knows the catalogue only by its section names, so the `*-strings.ts` files can use
 * it while components/i18n/catalogue.ts imports their types (no import cycle); the typed public
 * API is components/i18n/locale-registry.ts.
 */

type AnyRecord = Record<string, unknown>;

/** The sections of the catalogue (`keyof Catalogue`; components/i18n/catalogue.ts checks they match). */
export type SectionName =
  | 'chart'
  | 'drawing'
  | 'picker'
  | 'palette'
  | 'settings'
  | 'indicatorSettings'
  | 'form'
  | 'panel'
  | 'toolErrors'
  | 'tools'
  | 'toolParams'
  | 'indicators'
  | 'indicatorParams';

/** Sections whose keys are not fixed (a host may add its own tools, indicators…). */
export type OpenSection = 'tools' | 'toolParams' | 'indicators' | 'indicatorParams';

const BUILT_IN: Record<string, () => Promise<{ default: object }>> = {
  'zh-CN': () => import('./locales/zh-CN.js'),
  'zh-TW': () => import('./locales/zh-TW.js'),
  ja: () => import('./locales/ja.js'),
};

/** Sections whose keys are open (tools, indicators… a host may add its own): no warning when missing. */
const OPEN_SECTIONS: ReadonlySet<string> = new Set<OpenSection>([
  'tools',
  'toolParams',
  'indicators',
  'indicatorParams',
]);

const builtIn = new Map<string, AnyRecord>();
const registered = new Map<string, AnyRecord[]>();
const loading = new Map<string, Promise<void>>();
const listeners = new Set<() => void>();
/** Merged strings by locale and section, then by the English object asked with (a section's words may come in parts). */
const cache = new Map<string, Map<object, unknown>>();
/** `localeFor` per requested tag (elements ask on every render); emptied when the tags with strings change. */
const resolved = new Map<string, string>();
const warned = new Set<string>();

/**
 * Adds strings for a BCP-47 tag (`fr`, `de-CH`, or a built-in one to override some of its words).
 * `strings` is any part of the catalogue (see the key list in docs/contracts.md); what it leaves
 * out comes from the built-in translation of that tag, if any, then from English. Calling it again
 * for the same tag merges (later calls win). Elements showing that locale re-render.
 */
export function registerLocale(tag: string, strings: object): void {
  const key = canonicalTag(tag);
  if (!key) throw new TypeError(`registerLocale: "${tag}" is not a BCP-47 language tag`);
  if (!strings || typeof strings !== 'object') throw new TypeError('registerLocale: strings must be an object');
  registered.set(key, [...(registered.get(key) ?? []), strings as AnyRecord]);
  changed();
}

/** Every tag with strings: `en`, the built-in translations and the registered tags. */
export function availableLocales(): string[] {
  return [...new Set(['en', ...Object.keys(BUILT_IN), ...registered.keys()])];
}

/** The catalogue tag used for `requested` (BCP-47 fallback: `zh-HK` → `zh-TW`, `ja-JP` → `ja`, else `en`). */
export function localeFor(requested: string | null | undefined): string {
  const wanted = requested || defaultLanguage();
  let tag = resolved.get(wanted);
  if (tag === undefined) {
    tag = resolveLocale(wanted, availableLocales());
    resolved.set(wanted, tag);
  }
  return tag;
}

/**
 * Loads the built-in translation `requested` resolves to (a lazy chunk), if it is not loaded yet.
 * Resolves with the tag used. Elements call it themselves; a page may call it early to avoid a
 * first paint in English.
 */
export function loadLocale(requested: string | null | undefined): Promise<string> {
  const tag = localeFor(requested);
  const load = BUILT_IN[tag];
  if (!load || builtIn.has(tag)) return Promise.resolve(tag);
  let pending = loading.get(tag);
  if (!pending) {
    pending = load().then(
      (module) => {
        builtIn.set(tag, module.default as AnyRecord);
        changed();
      },
      (error: unknown) => {
        loading.delete(tag);
        console.warn(`kline-chart: could not load the "${tag}" strings; showing English.`, error);
      },
    );
    loading.set(tag, pending);
  }
  return pending.then(() => tag);
}

/** Whether the strings of `requested` are ready (built-in chunk loaded, or nothing to load). */
export function isLocaleLoaded(requested: string | null | undefined): boolean {
  const tag = localeFor(requested);
  return !BUILT_IN[tag] || builtIn.has(tag);
}

/** Calls `listener` whenever strings are registered or a built-in translation arrives; returns the unsubscribe. */
export function onLocalesChange(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/**
 * One section of the catalogue in `requested`'s locale: `english` (the section's source of keys)
 * with the translated keys over it. A key the translation lacks falls back to English and, in
 * development builds, warns once.
 */
export function sectionStrings<T extends object>(
  requested: string | null | undefined,
  section: SectionName,
  english: T,
): T {
  const tag = localeFor(requested);
  if (tag === 'en' && !registered.has('en')) return english;
  const key = `${tag}\u0000${section}`;
  let byEnglish = cache.get(key);
  if (!byEnglish) cache.set(key, (byEnglish = new Map()));
  const hit = byEnglish.get(english) as T | undefined;
  if (hit) return hit;
  const layers = [builtIn.get(tag), ...(registered.get(tag) ?? [])]
    .map((l) => l?.[section])
    .filter((l): l is AnyRecord => !!l && typeof l === 'object');
  const translated = layers.reduce<AnyRecord>((acc, layer) => deepMerge(acc, layer), {});
  // Development builds warn of a fixed key the translation lacks once its strings are in; the bundle, which has
  // no warnings, decides nothing here (so neither the test nor OPEN_SECTIONS is in it).
  const warn = DEVELOPMENT && (!BUILT_IN[tag] || builtIn.has(tag)) && !OPEN_SECTIONS.has(section);
  const value = merge(english as AnyRecord, translated, `${section}`, tag, warn);
  byEnglish.set(english, value);
  return value as T;
}

function merge(english: AnyRecord, translated: AnyRecord, path: string, tag: string, warn: boolean): AnyRecord {
  const out: AnyRecord = { ...translated };
  for (const [k, en] of Object.entries(english)) {
    const t = translated[k];
    if (isPlain(en)) out[k] = merge(en, isPlain(t) ? t : {}, `${path}.${k}`, tag, warn);
    else if (t !== undefined && typeof t === typeof en && Array.isArray(t) === Array.isArray(en)) out[k] = t;
    else {
      out[k] = en;
      if (warn && DEVELOPMENT) warnMissing(tag, `${path}.${k}`);
    }
  }
  return out;
}

function deepMerge(a: AnyRecord, b: AnyRecord): AnyRecord {
  const out: AnyRecord = { ...a };
  for (const [k, v] of Object.entries(b)) out[k] = isPlain(v) && isPlain(out[k]) ? deepMerge(out[k], v) : v;
  return out;
}

function isPlain(v: unknown): v is AnyRecord {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

function warnMissing(tag: string, key: string): void {
  const id = `${tag} ${key}`;
  if (warned.has(id)) return;
  warned.add(id);
  console.warn(`kline-chart: no "${tag}" string for ${key}; showing English.`);
}

let revision = 0;

/** Increases whenever strings are registered or a built-in translation arrives (for memoized views). */
export function localeRevision(): number {
  return revision;
}

function changed(): void {
  revision++;
  cache.clear();
  resolved.clear();
  for (const listener of [...listeners]) listener();
}

function canonicalTag(tag: string): string | null {
  try {
    return Intl.getCanonicalLocales(String(tag).replace(/_/g, '-'))[0] ?? null;
  } catch {
    return null;
  }
}

function defaultLanguage(): string {
  return (typeof navigator !== 'undefined' && navigator.language) || 'en';
}

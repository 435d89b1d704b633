import { IndicatorRegistry } from './indicator-registry.js';
import { maIndicator } from './definitions/ma.js';
import { macdIndicator } from './definitions/macd.js';
import { volIndicator } from './definitions/vol.js';
import type { IndicatorDefinition } from './indicator-definition.js';
import { lazyModule } from '../tools/lazy-module.js';

/**
 * How each other built-in's code loads (builtin-study-loaders.ts: one dynamic import per study and
 * form), a chunk fetched with the first such study (issue #12).
 */
const loadLoaders = lazyModule(() => import('./builtin-study-loaders.js'));

/**
 * The built-in studies' ids in `BUILTIN_INDICATORS` order (overlays first, then panes): all the
 * eager part needs to know of them. Their names, categories and placements (the picker's index) are
 * builtin-indicator-index.ts, a chunk loaded when the picker first lists them (issue #12). Kept equal
 * to the definitions by test/node/indicators/lazy-indicator-registry.test.ts.
 */
export const BUILTIN_INDICATOR_IDS: readonly string[] =
  'MA EMA WMA DEMA TEMA TRIMA KAMA T3 HMA VWMA BBI BOLL SAR KC DC ICHIMOKU SUPERTREND VWAP VOL MACD RSI STOCH STOCHRSI KDJ CCI WR ATR NATR DMI AROON MFI OBV ROC MTM TRIX ULTOSC CMO PPO AD ADOSC BOP CMF AO PVT EMV BIAS PSY VR BRAR CR DMA HV'.split(
    ' ',
  );

/**
 * The studies of the default and the documented example (`VOL`, `MA(5,20),VOL,MACD(12,26,9)`) are
 * in the bundle itself, so such a page applies its `indicators` at once (issue #12 counts candles,
 * volume, MA and MACD in the eager budget).
 */
const EAGER_STUDIES: Readonly<Record<string, IndicatorDefinition>> = {
  MA: maIndicator as unknown as IndicatorDefinition, // params typing erased, as in builtin-study-loaders.ts
  VOL: volIndicator as unknown as IndicatorDefinition,
  MACD: macdIndicator as unknown as IndicatorDefinition,
};

/**
 * The eager studies' convention variants, known by id only: each is a chunk of its own (with the tdx
 * or Pine kernels it needs), loaded before a study is added or recomputed under that convention
 * (`IndicatorRegistry.registerLazyVariant`; a zh page's first paint waits for MACD's tdx form). A
 * chart under TA-Lib's convention never fetches them (issue #12).
 */
const EAGER_VARIANTS: Readonly<
  Record<string, Readonly<Partial<Record<'tdx' | 'tradingview', () => Promise<IndicatorDefinition>>>>>
> = {
  MACD: {
    tdx: () => import('./definitions/tdx/macd.js').then((m) => m.tdxMacdIndicator as unknown as IndicatorDefinition),
    tradingview: () =>
      import('./definitions/tradingview/macd.js').then(
        (m) => m.tradingviewMacdIndicator as unknown as IndicatorDefinition,
      ),
  },
};

/**
 * A registry knowing every built-in study by its id; a study's code loads when it is first asked for
 * (`IndicatorRegistry.load`, `get`, `resolve`), the names and categories of those not loaded when
 * `entries()` is first read. The browser bundle's default registry.
 */
export function createLazyIndicatorRegistry(): IndicatorRegistry {
  const registry = new IndicatorRegistry();
  for (const id of BUILTIN_INDICATOR_IDS) {
    const eager = EAGER_STUDIES[id];
    if (eager) {
      registry.register(eager);
      for (const [convention, load] of Object.entries(EAGER_VARIANTS[id] ?? {})) {
        registry.registerLazyVariant(convention as 'tdx' | 'tradingview', id, load);
      }
      continue;
    }
    registry.registerLazy(id, () => loadLoaders().then((m) => m.BUILTIN_LOADERS[id]()));
  }
  registry.registerIndex(() => import('./builtin-indicator-index.js').then((m) => m.BUILTIN_INDICATOR_INDEX));
  return registry;
}

/** Alias the bundle resolves `default-indicator-registry.js` to (rollup.config.js). */
export { createLazyIndicatorRegistry as createDefaultIndicatorRegistry };

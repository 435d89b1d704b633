/**
 * Whose formulas a study follows. `ta-lib` is TA-Lib's (the default outside Chinese locales),
 * `tdx` 通达信's (the default for zh locales: EMA/SMA seeded from the first bar, three RSI lines,
 * MACD bar = (DIF − DEA) × 2, …), `tradingview` Pine's built-ins.
 */
export type IndicatorConvention = 'ta-lib' | 'tdx' | 'tradingview';

/** Every convention, in the order tools and docs list them. */
export const INDICATOR_CONVENTIONS: readonly IndicatorConvention[] = ['ta-lib', 'tdx', 'tradingview'];

/** The chart-level setting: a convention, or `auto` (tdx for zh locales, ta-lib otherwise). */
export type IndicatorConventionSetting = IndicatorConvention | 'auto';

/** Whether `value` names a convention (exact spelling, lower case). */
export function isIndicatorConvention(value: unknown): value is IndicatorConvention {
  return typeof value === 'string' && (INDICATOR_CONVENTIONS as readonly string[]).includes(value);
}

/**
 * The convention a chart uses for studies that do not name their own: the setting, or for `auto`
 * `tdx` when the locale is Chinese (`zh`, `zh-CN`, `zh-TW`…) and `ta-lib` otherwise.
 */
export function chartConvention(
  setting: IndicatorConventionSetting | undefined,
  locale: string | undefined,
): IndicatorConvention {
  if (isIndicatorConvention(setting)) return setting;
  return /^zh\b/i.test(locale ?? '') ? 'tdx' : 'ta-lib';
}

import { sectionStrings } from '../i18n/locale-store.js';
import type { SettingsPatch } from '../../src/core/commands/index.js';

/** UI text of the settings dialog. */
export interface SettingsDialogStrings {
  readonly title: string;
  readonly apply: string;
  readonly reset: string;
  readonly close: string;
  readonly applied: string;
  readonly resetDone: string;
  readonly noChanges: string;
  readonly fixFields: string;
  /** Field labels by setting key. */
  readonly labels: Readonly<Record<keyof SettingsPatch, string>>;
  /** Help text under each field (English: the setting's description). */
  readonly help: Readonly<Record<keyof SettingsPatch, string>>;
  /** Shown names of the choices, by setting and value (a value without one shows as it is). */
  readonly options: Readonly<Partial<Record<keyof SettingsPatch, Readonly<Record<string, string>>>>>;
}

export const EN_SETTINGS: SettingsDialogStrings = {
  title: 'Chart settings',
  apply: 'Apply',
  reset: 'Reset all',
  close: 'Close',
  applied: 'Settings applied.',
  resetDone: 'Settings reset to their defaults.',
  noChanges: 'Nothing to apply: the values are unchanged.',
  fixFields: 'Fix the marked fields first.',
  labels: {
    theme: 'Theme',
    colorConvention: 'Colour convention',
    candleStyle: 'Candle style',
    priceScale: 'Price scale',
    grid: 'Grid lines',
    volume: 'Volume pane',
    crosshair: 'Crosshair',
    timezone: 'Display timezone',
    locale: 'Language',
    priceAxisSide: 'Price axis side',
    legend: 'Legend',
    indicatorConvention: 'Indicator formulas',
    lastPrice: 'Last price line',
    watermark: 'Watermark',
    watermarkText: 'Watermark text',
    legendMode: 'Bar values',
  },
  help: {
    theme: 'Colour theme; auto follows the system.',
    colorConvention: 'green-up: rising bars green (US/EU); red-up: rising bars red (China, Japan, Korea).',
    candleStyle:
      'How bars are drawn: solid candles, hollow rising candles, OHLC bars, a close line, an area, or Heikin-Ashi candles (averaged; the legend and the price tag keep market prices).',
    priceScale: 'Price axis: linear, logarithmic, or percent change from the first visible bar.',
    grid: 'Show grid lines.',
    volume: 'Show the volume pane.',
    crosshair: 'Crosshair: free, snapped to closes, or hidden.',
    timezone: 'IANA timezone to display times in, e.g. Asia/Shanghai; empty = the market timezone.',
    locale: 'Language of the chart.',
    priceAxisSide: 'Side of the price axis.',
    legend: 'Show the OHLCV legend.',
    indicatorConvention:
      'Whose formulas indicators follow: TA-Lib, TDX (通达信) or TradingView; auto = TDX for Chinese, TA-Lib otherwise.',
    lastPrice: 'Show a dotted line and an axis tag at the last close.',
    watermark: 'Faint text behind the bars: symbol and period, none, or your own text.',
    watermarkText: 'Watermark text shown when the watermark is custom.',
    legendMode: 'Bar values: in the legend row, in a tooltip by the pointer, or both.',
  },
  options: {
    theme: { light: 'Light', dark: 'Dark', auto: 'Auto' },
    colorConvention: { 'green-up': 'Green up, red down', 'red-up': 'Red up, green down' },
    candleStyle: {
      solid: 'Candles',
      hollow: 'Hollow candles',
      ohlc: 'OHLC bars',
      line: 'Line',
      area: 'Area',
      heikin_ashi: 'Heikin Ashi',
    },
    priceScale: { linear: 'Linear', log: 'Logarithmic', percent: 'Percent' },
    crosshair: { normal: 'Free', magnet: 'Magnet (snap to close)', hidden: 'Hidden' },
    priceAxisSide: { right: 'Right', left: 'Left' },
    indicatorConvention: { auto: 'Auto', 'ta-lib': 'TA-Lib', tdx: 'TDX (通达信)', tradingview: 'TradingView' },
    watermark: { symbol: 'Symbol and period', off: 'None', custom: 'Custom text' },
    legendMode: { legend: 'Legend row', tooltip: 'Tooltip', both: 'Both' },
  },
};

/** The settings dialog's words in `locale` (section `settings` of the catalogue). */
export function settingsDialogStrings(locale: string): SettingsDialogStrings {
  return sectionStrings(locale, 'settings', EN_SETTINGS);
}

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
}

const en: SettingsDialogStrings = {
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
};

const zh: SettingsDialogStrings = {
  title: '图表设置',
  apply: '应用',
  reset: '全部重置',
  close: '关闭',
  applied: '设置已应用。',
  resetDone: '设置已恢复默认。',
  noChanges: '没有需要应用的更改。',
  fixFields: '请先修正标出的字段。',
  labels: {
    theme: '主题',
    colorConvention: '涨跌颜色',
    candleStyle: 'K线样式',
    priceScale: '价格坐标',
    grid: '网格线',
    volume: '成交量窗格',
    crosshair: '十字光标',
    timezone: '显示时区',
    locale: '语言',
    priceAxisSide: '价格轴位置',
    legend: '图例',
    indicatorConvention: '指标公式',
    lastPrice: '最新价线',
    watermark: '水印',
    watermarkText: '水印文字',
    legendMode: 'K线数值',
  },
};

/** Strings for `en` or `zh-CN` (any `zh*` locale). */
export function settingsDialogStrings(locale: string): SettingsDialogStrings {
  return locale.toLowerCase().startsWith('zh') ? zh : en;
}

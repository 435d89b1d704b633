import type { IndicatorCategory } from '../../src/core/indicators/index.js';

/** UI strings of the indicator picker in the chart's two locales. */
export function pickerStrings(locale: string) {
  const zh = locale.toLowerCase().startsWith('zh');
  const categories: Record<IndicatorCategory, string> = zh
    ? {
        'moving-average': '均线',
        trend: '趋势',
        momentum: '动量',
        volatility: '波动率',
        volume: '成交量',
        other: '其他',
      }
    : {
        'moving-average': 'Moving averages',
        trend: 'Trend',
        momentum: 'Momentum',
        volatility: 'Volatility',
        volume: 'Volume',
        other: 'Other',
      };
  return zh
    ? { button: '指标', search: '搜索指标', empty: '没有匹配的指标', overlay: '主图', pane: '副图', categories }
    : {
        button: 'Indicators',
        search: 'Search indicators',
        empty: 'No matching indicator',
        overlay: 'overlay',
        pane: 'pane',
        categories,
      };
}

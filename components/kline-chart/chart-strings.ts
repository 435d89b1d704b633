/** UI strings of the chart in its two locales. */
export function chartStrings(locale: 'en' | 'zh-CN') {
  return locale === 'zh-CN'
    ? { open: '开', high: '高', low: '低', close: '收', volume: '量', change: '涨跌', loading: '加载中…', loadingHistory: '正在加载更早的数据…', undo: '撤销', redo: '重做', search: '搜索代码或名称', compare: '添加对比品种', compareButton: '对比', removeComparison: '移除对比', commands: '命令', settings: '设置', dataTable: '数据表', time: '时间', openFull: '开盘', highFull: '最高', lowFull: '最低', closeFull: '收盘', volumeFull: '成交量', chart: '图表', last: '最新', newBar: '新K线', toolbar: '图表工具栏' }
    : { open: 'O', high: 'H', low: 'L', close: 'C', volume: 'V', change: 'Chg', loading: 'Loading…', loadingHistory: 'Loading older bars…', undo: 'Undo', redo: 'Redo', search: 'Search symbol or name', compare: 'Compare with another symbol', compareButton: 'Compare', removeComparison: 'Remove comparison', commands: 'Commands', settings: 'Settings', dataTable: 'Data table', time: 'Time', openFull: 'Open', highFull: 'High', lowFull: 'Low', closeFull: 'Close', volumeFull: 'Volume', chart: 'chart', last: 'last', newBar: 'New bar', toolbar: 'Chart toolbar' };
}

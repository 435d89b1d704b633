/** UI text of the command palette. */
export interface PaletteStrings {
  readonly title: string;
  readonly search: string;
  readonly noMatch: string;
  readonly run: string;
  readonly running: string;
  readonly back: string;
  readonly close: string;
  readonly result: string;
  readonly error: string;
  readonly fixFields: string;
  readonly noParams: string;
  readonly recommended: string;
  readonly changed: string;
  readonly unchanged: string;
  readonly safety: Readonly<Record<'read-only' | 'mutating' | 'external', string>>;
}

const en: PaletteStrings = {
  title: 'Commands',
  search: 'Search tools',
  noMatch: 'No tool matches.',
  run: 'Run',
  running: 'Running…',
  back: 'Back',
  close: 'Close',
  result: 'Result',
  error: 'Error',
  fixFields: 'Fix the marked fields first.',
  noParams: 'This tool takes no input.',
  recommended: 'What to do',
  changed: 'The chart changed.',
  unchanged: 'Nothing changed.',
  safety: { 'read-only': 'read-only', mutating: 'changes chart', external: 'external' },
};

const zh: PaletteStrings = {
  title: '命令',
  search: '搜索工具',
  noMatch: '没有匹配的工具。',
  run: '运行',
  running: '运行中…',
  back: '返回',
  close: '关闭',
  result: '结果',
  error: '错误',
  fixFields: '请先修正标出的字段。',
  noParams: '此工具无需输入。',
  recommended: '建议',
  changed: '图表已更改。',
  unchanged: '没有变化。',
  safety: { 'read-only': '只读', mutating: '修改图表', external: '外部' },
};

/** Strings for `en` or `zh-CN` (any `zh*` locale). */
export function paletteStrings(locale: string): PaletteStrings {
  return locale.toLowerCase().startsWith('zh') ? zh : en;
}

import { DRAWING_KIND_INFO, getDrawingKind, type DrawingKind } from '../../src/core/drawings/index.js';

/** Labels of the drawing toolbar and editor. */
export interface DrawingStrings {
  readonly toolbar: string;
  readonly select: string;
  readonly rangeSelect: string;
  readonly magnet: string;
  readonly copy: string;
  readonly delete: string;
  /** Translated labels of built-in kinds; registered kinds use their own `label` (see `kindLabel`). */
  readonly kinds: Readonly<Record<DrawingKind, string>>;
  readonly editor: string;
  readonly color: string;
  readonly width: string;
  readonly dash: string;
  readonly dashes: Readonly<Record<'solid' | 'dashed' | 'dotted', string>>;
  readonly label: string;
  readonly lock: string;
  readonly unlock: string;
}

const EN: DrawingStrings = {
  toolbar: 'Drawing tools',
  select: 'Select and move drawings',
  rangeSelect: 'Select a time range',
  magnet: 'Magnet: snap to open, high, low, close',
  copy: 'Copy selected drawings',
  delete: 'Delete selected drawings',
  kinds: Object.fromEntries(Object.entries(DRAWING_KIND_INFO).map(([k, v]) => [k, v.label])) as Record<
    DrawingKind,
    string
  >,
  editor: 'Drawing style',
  color: 'Colour',
  width: 'Line width',
  dash: 'Line style',
  dashes: { solid: 'Solid', dashed: 'Dashed', dotted: 'Dotted' },
  label: 'Label',
  lock: 'Lock',
  unlock: 'Unlock',
};

const ZH: DrawingStrings = {
  toolbar: '画线工具',
  select: '选择和移动画线',
  rangeSelect: '选择时间区间',
  magnet: '磁铁：吸附到开高低收',
  copy: '复制所选画线',
  delete: '删除所选画线',
  kinds: {
    horizontal_line: '水平线',
    horizontal_ray: '水平射线',
    vertical_line: '垂直线',
    trend_line: '趋势线',
    ray: '射线',
    extended_line: '延长线',
    arrow: '箭头',
    rectangle: '矩形',
    parallel_channel: '平行通道',
    fib_retracement: '斐波那契回撤',
    price_range: '价格区间',
    text: '文字',
  },
  editor: '画线样式',
  color: '颜色',
  width: '线宽',
  dash: '线型',
  dashes: { solid: '实线', dashed: '虚线', dotted: '点线' },
  label: '标签',
  lock: '锁定',
  unlock: '解锁',
};

/** The label of a kind in these strings, else the kind's registered label, else its id. */
export function kindLabel(s: DrawingStrings, kind: DrawingKind): string {
  return Object.hasOwn(s.kinds, kind) ? s.kinds[kind] : (getDrawingKind(kind)?.label ?? kind);
}

/** Strings for `en` or `zh-CN`. */
export function drawingStrings(lang: 'en' | 'zh-CN'): DrawingStrings {
  return lang === 'zh-CN' ? ZH : EN;
}

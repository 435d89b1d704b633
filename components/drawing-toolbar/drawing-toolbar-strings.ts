import { sectionStrings } from '../i18n/locale-store.js';
import {
  EN_DRAWING_WORDS,
  drawingKindSummary,
  type DrawingKind,
  type DrawingWords,
} from '../../src/core/drawings/index.js';
import { BUILTIN_KIND_INFO } from '../../src/core/drawings/kinds/builtin-kind-info.js';

/** Labels of the drawing toolbar and editor. */
export interface DrawingStrings {
  readonly toolbar: string;
  readonly select: string;
  readonly rangeSelect: string;
  readonly magnet: string;
  readonly copy: string;
  readonly delete: string;
  /** Names of the groups a short chart's bar folds its kinds into (drawing-groups.ts). */
  readonly groups: Readonly<Record<'lines' | 'shapes' | 'measure' | 'text' | 'other', string>>;
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
  /** Words drawings paint on the canvas: a count of bars and time-span units (date range, date and price range). */
  readonly units: DrawingWords;
}

export const EN_DRAWING: DrawingStrings = {
  toolbar: 'Drawing tools',
  select: 'Select and move drawings',
  rangeSelect: 'Select a time range',
  magnet: 'Magnet: snap to open, high, low, close',
  copy: 'Copy selected drawings',
  delete: 'Delete selected drawings',
  groups: { lines: 'Lines', shapes: 'Channels and shapes', measure: 'Measure', text: 'Text', other: 'Other' },
  kinds: Object.fromEntries(Object.values(BUILTIN_KIND_INFO).map((k) => [k.id, k.label])),
  editor: 'Drawing style',
  color: 'Colour',
  width: 'Line width',
  dash: 'Line style',
  dashes: { solid: 'Solid', dashed: 'Dashed', dotted: 'Dotted' },
  label: 'Label',
  lock: 'Lock',
  unlock: 'Unlock',
  units: EN_DRAWING_WORDS,
};

/** The label of a kind in these strings, else the kind's registered label, else its id. */
export function kindLabel(s: DrawingStrings, kind: DrawingKind): string {
  return Object.hasOwn(s.kinds, kind) ? s.kinds[kind] : (drawingKindSummary(kind)?.label ?? kind);
}

/** The drawing tools' words in `locale` (section `drawing` of the catalogue). */
export function drawingStrings(locale: string): DrawingStrings {
  return sectionStrings(locale, 'drawing', EN_DRAWING);
}

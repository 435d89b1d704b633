import { sectionStrings } from '../i18n/locale-store.js';

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
  /** Summary of the disclosure holding the tool's English description written for the model. */
  readonly modelDescription: string;
}

export const EN_PALETTE: PaletteStrings = {
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
  modelDescription: 'Description for the model',
};

/** The palette's words in `locale` (section `palette` of the catalogue). */
export function paletteStrings(locale: string): PaletteStrings {
  return sectionStrings(locale, 'palette', EN_PALETTE);
}

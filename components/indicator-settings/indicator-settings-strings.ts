import { sectionStrings } from '../i18n/locale-store.js';

/** Words of an indicator's settings popover (section `indicatorSettings` of the catalogue). */
export interface IndicatorSettingsStrings {
  readonly apply: string;
  readonly remove: string;
  readonly cancel: string;
  readonly close: string;
  /** Heading of the line styles. */
  readonly style: string;
  /** The whole study's visibility toggle. */
  readonly visible: string;
  /** Accessible names of one line's controls (`line`: its legend label, e.g. DEA). */
  readonly lineColor: (line: string) => string;
  readonly lineWidth: (line: string) => string;
  readonly lineVisible: (line: string) => string;
}

export const EN_INDICATOR_SETTINGS: IndicatorSettingsStrings = {
  apply: 'Apply',
  remove: 'Remove',
  cancel: 'Cancel',
  close: 'Close',
  style: 'Style',
  visible: 'Visible',
  lineColor: (line) => `${line} colour`,
  lineWidth: (line) => `${line} width`,
  lineVisible: (line) => `Show ${line}`,
};

/** The popover's words in `locale`. */
export function indicatorSettingsStrings(locale: string): IndicatorSettingsStrings {
  return sectionStrings(locale, 'indicatorSettings', EN_INDICATOR_SETTINGS);
}

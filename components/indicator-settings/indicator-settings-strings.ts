import { sectionStrings } from '../i18n/locale-store.js';

/** Words of an indicator's settings popover (section `indicatorSettings` of the catalogue). */
export interface IndicatorSettingsStrings {
  readonly apply: string;
  readonly remove: string;
  readonly cancel: string;
  readonly close: string;
}

export const EN_INDICATOR_SETTINGS: IndicatorSettingsStrings = {
  apply: 'Apply',
  remove: 'Remove',
  cancel: 'Cancel',
  close: 'Close',
};

/** The popover's words in `locale`. */
export function indicatorSettingsStrings(locale: string): IndicatorSettingsStrings {
  return sectionStrings(locale, 'indicatorSettings', EN_INDICATOR_SETTINGS);
}

import type { IndicatorCategory } from '../../src/core/indicators/index.js';
import { sectionStrings } from '../i18n/locale-store.js';

/** Words of the indicator picker (section `picker` of the catalogue). */
export interface PickerStrings {
  readonly button: string;
  readonly search: string;
  readonly empty: string;
  readonly overlay: string;
  readonly pane: string;
  readonly categories: Readonly<Record<IndicatorCategory, string>>;
}

export const EN_PICKER: PickerStrings = {
  button: 'Indicators',
  search: 'Search indicators',
  empty: 'No matching indicator',
  overlay: 'overlay',
  pane: 'pane',
  categories: {
    'moving-average': 'Moving averages',
    trend: 'Trend',
    momentum: 'Momentum',
    volatility: 'Volatility',
    volume: 'Volume',
    other: 'Other',
  },
};

/** The picker's words in `locale`. */
export function pickerStrings(locale: string): PickerStrings {
  return sectionStrings(locale, 'picker', EN_PICKER);
}

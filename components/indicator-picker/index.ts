/** The toolbar's searchable, grouped indicator picker. */
export { IndicatorPicker } from './indicator-picker.js';
export { IndicatorPickEvent } from './indicator-pick-event.js';
export { pickerGroups, PICKER_CATEGORY_ORDER, type PickerItem } from './picker-groups.js';
export { pickerStrings } from './picker-strings.js';

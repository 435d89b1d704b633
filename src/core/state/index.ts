export * from './chart-state.js';
export { clampView, defaultView, DEFAULT_VISIBLE_BARS } from './view-range.js';
export { DEFAULT_PANE_WEIGHT, DEFAULT_PRICE_WEIGHT } from './pane-weights.js';
export { withKey } from './with-key.js';
export { SETTINGS_KEYS, SettingsValues, type SettingsPatch } from './settings-schema.js';

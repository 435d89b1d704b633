/** The indicator settings popover, its model helper and the clickable legend entry. */
export { IndicatorSettings } from './indicator-settings.js';
export {
  IndicatorSettingsApplyEvent,
  IndicatorSettingsRemoveEvent,
  IndicatorSettingsCloseEvent,
  type IndicatorSettingsApplyDetail,
  type IndicatorLineStyle,
} from './indicator-settings-events.js';
export {
  indicatorSettingsModel,
  type IndicatorSettingsModel,
  type SettingsOutput,
} from './indicator-settings-model.js';
export {
  renderIndicatorLegendEntry,
  indicatorLegendStyles,
  type IndicatorLegendEntry,
  type IndicatorLegendActions,
} from './indicator-legend-entry.js';

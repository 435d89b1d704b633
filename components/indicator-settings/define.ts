import { IndicatorSettings } from './indicator-settings.js';

if (!customElements.get('kline-indicator-settings')) customElements.define('kline-indicator-settings', IndicatorSettings);

import { IndicatorPicker } from './indicator-picker.js';

if (!customElements.get('kline-indicator-picker')) customElements.define('kline-indicator-picker', IndicatorPicker);

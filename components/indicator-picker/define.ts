import { IndicatorPicker } from './indicator-picker.js';

if (!customElements.get('indicator-picker')) customElements.define('indicator-picker', IndicatorPicker);

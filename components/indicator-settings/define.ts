import { IndicatorSettings } from './indicator-settings.js';

if (!customElements.get('indicator-settings')) customElements.define('indicator-settings', IndicatorSettings);

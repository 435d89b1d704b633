import { SettingsDialog } from './settings-dialog.js';

// Defined only where there is a registry (a browser), so importing this module in Node (SSR) is safe.
if (typeof customElements !== 'undefined' && !customElements.get('kline-settings-dialog'))
  customElements.define('kline-settings-dialog', SettingsDialog);

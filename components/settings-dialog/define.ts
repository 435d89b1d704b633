import { SettingsDialog } from './settings-dialog.js';

if (!customElements.get('kline-settings-dialog')) customElements.define('kline-settings-dialog', SettingsDialog);

import { SettingsDialog } from './settings-dialog.js';

if (!customElements.get('settings-dialog')) customElements.define('settings-dialog', SettingsDialog);

/** The chart settings dialog: a generated form that writes through settings_update / settings_reset. */
export { SettingsDialog } from './settings-dialog.js';
export { settingsDialogStrings, type SettingsDialogStrings } from './settings-dialog-strings.js';
export { settingsFormSchema } from './settings-form-schema.js';

import type { LitElement } from 'lit';
import '../settings-dialog/define.js';
import type { SettingsDialog } from '../settings-dialog/index.js';

/**
 * Opens the settings dialog a chart renders (kline-chart.ts `openSettings`). This module is the dialog's
 * chunk with its element (issue #12): the chart holds only the `import()` until the first open.
 */
export async function openSettingsDialog(chart: LitElement): Promise<void> {
  await chart.updateComplete;
  const dialog = chart.renderRoot.querySelector<SettingsDialog>('kline-settings-dialog');
  if (!dialog) throw new Error('kline-chart: the settings dialog is not rendered');
  return dialog.open();
}

import type { LitElement } from 'lit';
import '../command-palette/define.js';
import type { CommandPalette } from '../command-palette/index.js';

/**
 * Opens the palette a chart renders (kline-chart.ts `openCommandPalette`). This module is the palette's
 * chunk with its element (issue #12): the chart holds only the `import()` until the first open.
 */
export async function openCommandPalette(chart: LitElement): Promise<void> {
  await chart.updateComplete;
  const palette = chart.renderRoot.querySelector<CommandPalette>('kline-command-palette');
  if (!palette) throw new Error('kline-chart: the command palette is not rendered');
  return palette.open();
}

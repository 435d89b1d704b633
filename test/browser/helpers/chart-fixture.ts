import { fixture } from '@open-wc/testing';
import { html, type TemplateResult } from 'lit';
import '../../../components/kline-chart/define.js';
import type { KlineChart } from '../../../components/kline-chart/kline-chart.js';
import type { PrimitiveScales } from '../../../components/kline-chart/chart-primitive.js';
import { loadInputParts } from '../../../components/kline-chart/load-input-parts.js';
import { loadChartActions } from '../../../components/kline-chart/load-chart-actions.js';
import { waitFor } from './wait-for.js';

/**
 * Waits for the touch gestures, the separators' drag and the plot's keys (input-parts.ts), and for the
 * arrow keys of the toolbar and the legends (chart-actions.ts): chunks fetched after the first paint that
 * `whenPainted()` does not wait for. A key or drag before they arrive is answered when they come, not at
 * once (a test pressing an arrow then reading the focus at once failed under load: keyboard-only at
 * 23747f8). The chart's own handler of the input chunk runs before this resolves.
 */
export async function inputReady(): Promise<void> {
  await Promise.all([loadInputParts(), loadChartActions()]);
}

/** Mounts a chart and waits for its first data and paint (`kline-ready`) and its input chunk. */
export async function readyChart(
  template: TemplateResult = html`<kline-chart style="width:800px;height:500px" indicators="VOL"></kline-chart>`,
): Promise<KlineChart> {
  const wrapper = await fixture<HTMLElement>(html`<div>${template}</div>`);
  const chart = wrapper.querySelector('kline-chart')!;
  await waitFor(() => chart.context.get() !== null, 'chart data');
  await chart.whenPainted();
  await chart.whenPainted();
  await inputReady();
  return chart;
}

export { waitFor } from './wait-for.js';

/** The canvases of a chart's panes, by pane id. */
export function paneCanvas(chart: KlineChart, paneId: string): HTMLCanvasElement {
  const pane = chart.shadowRoot!.querySelector<HTMLElement>(`.pane[data-pane-id="${paneId}"]`);
  if (!pane) throw new Error(`no pane ${paneId}`);
  return pane.querySelector('canvas')!;
}

/** The price pane's scales at its next paint (a primitive added for that paint, then removed). */
export async function priceScales(chart: KlineChart): Promise<PrimitiveScales> {
  let scales: PrimitiveScales | null = null;
  const remove = chart.addPrimitive({ paint: (_ctx, s) => void (scales = s) });
  await waitFor(() => scales !== null, 'the price pane painted');
  remove();
  return scales!;
}

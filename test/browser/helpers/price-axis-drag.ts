import { sendMouse } from '@web/test-runner-commands';
import type { KlineChart } from '../../../components/kline-chart/kline-chart.js';
import { priceScales } from './chart-fixture.js';

/** The price pane's plot and the middle of its price axis strip, viewport px. */
export function geometry(chart: KlineChart): { plot: DOMRect; axisX: number } {
  const pane = chart.shadowRoot!.querySelector<HTMLElement>('.pane[data-pane-id="price"]')!;
  const plot = pane.querySelector('.u-over')!.getBoundingClientRect();
  return { plot, axisX: Math.round((plot.right + pane.getBoundingClientRect().right) / 2) };
}

/** Prices at the top and bottom of the price plot. */
export async function priceSpan(chart: KlineChart): Promise<{ top: number; bottom: number }> {
  const s = await priceScales(chart);
  return { top: s.yToPrice(s.plot.top), bottom: s.yToPrice(s.plot.top + s.plot.height) };
}

/** A real mouse drag from `from` to `to` (viewport px) in four moves. */
export async function drag(from: [number, number], to: [number, number]): Promise<void> {
  await sendMouse({ type: 'move', position: from });
  await sendMouse({ type: 'down' });
  for (let i = 1; i <= 4; i++)
    await sendMouse({
      type: 'move',
      position: [Math.round(from[0] + ((to[0] - from[0]) * i) / 4), Math.round(from[1] + ((to[1] - from[1]) * i) / 4)],
    });
  await sendMouse({ type: 'up' });
}

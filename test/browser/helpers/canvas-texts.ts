import type { KlineChart } from '../../../components/kline-chart/kline-chart.js';
import { waitFor } from './wait-for.js';

/**
 * The texts the page paints with `fillText` while `action` runs (it is handed the list as it grows) and
 * the chart paints twice after it, deduplicated (the real canvas calls, passed through).
 */
export async function recordTexts(
  chart: KlineChart,
  action: (texts: readonly string[]) => Promise<unknown>,
): Promise<string[]> {
  const texts: string[] = [];
  const fillText = CanvasRenderingContext2D.prototype.fillText;
  CanvasRenderingContext2D.prototype.fillText = function (text: string, x: number, y: number, w?: number) {
    texts.push(text);
    return w === undefined ? fillText.call(this, text, x, y) : fillText.call(this, text, x, y, w);
  };
  try {
    await action(texts);
    await chart.whenPainted();
    await chart.whenPainted();
    return [...new Set(texts)];
  } finally {
    CanvasRenderingContext2D.prototype.fillText = fillText;
  }
}

/**
 * The texts a mounted chart draws on its canvases in a full repaint with its data (a 1 px wider chart
 * repaints every pane and axis), deduplicated. Not from its mount: what a pane drew before its data
 * arrived depends on timing.
 */
export function repaintTexts(chart: KlineChart): Promise<string[]> {
  return recordTexts(chart, async (texts) => {
    chart.style.width = `${chart.offsetWidth + 1}px`;
    await waitFor(() => texts.length > 0, 'a repaint');
  });
}

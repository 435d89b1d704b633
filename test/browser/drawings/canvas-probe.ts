import type { KlineChart } from '../../../components/kline-chart/kline-chart.js';
import { recordTexts } from '../helpers/canvas-texts.js';

/** The pixels of a canvas rectangle (canvas px) as seen over white (the canvas is transparent where unpainted). */
export function pixels(canvas: HTMLCanvasElement, x: number, y: number, w: number, h: number): Uint8ClampedArray {
  const data = canvas
    .getContext('2d')!
    .getImageData(Math.round(x), Math.round(y), Math.max(1, Math.round(w)), Math.max(1, Math.round(h))).data;
  for (let i = 0; i < data.length; i += 4) {
    const a = data[i + 3] / 255;
    for (let c = 0; c < 3; c++) data[i + c] = data[i + c] * a + 255 * (1 - a);
    data[i + 3] = 255;
  }
  return data;
}

/** Mean [r, g, b] of a canvas rectangle (canvas px) over white. */
export function meanColor(canvas: HTMLCanvasElement, x: number, y: number, w: number, h: number): number[] {
  const data = pixels(canvas, x, y, w, h);
  const sum = [0, 0, 0];
  for (let i = 0; i < data.length; i += 4) for (let c = 0; c < 3; c++) sum[c] += data[i + c];
  return sum.map((v) => v / (data.length / 4));
}

/** How far two colours are apart (sum of channel differences). */
export const colorShift = (a: number[], b: number[]): number => a.reduce((s, v, i) => s + Math.abs(v - b[i]), 0);

/** The texts the page paints with `fillText` while `action` runs and the chart paints twice after it. */
export function paintedTexts(chart: KlineChart, action: () => Promise<unknown>): Promise<string[]> {
  return recordTexts(chart, action);
}

/** How many pixels changed clearly (channels apart by more than 90 in all) between two `pixels` reads. */
export function inkChanged(a: Uint8ClampedArray, b: Uint8ClampedArray): number {
  let n = 0;
  for (let i = 0; i < a.length; i += 4)
    if (Math.abs(a[i] - b[i]) + Math.abs(a[i + 1] - b[i + 1]) + Math.abs(a[i + 2] - b[i + 2]) > 90) n++;
  return n;
}

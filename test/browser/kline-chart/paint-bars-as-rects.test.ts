import { expect } from '@open-wc/testing';
import { paintCandles, paintVolume, type PlotTransform } from '../../../src/render/paint-candles.js';
import type { Bars } from '../../../src/core/data/index.js';

/**
 * Candle bodies and volume columns are filled one rectangle at a time (paint-candles.ts), which Skia
 * rasterises faster than one anti-aliased path of them all. The pixels must be those of that path: drawn
 * here both ways, at slot widths from 2 px up, in opaque and translucent colours, they must not differ by
 * one channel level anywhere.
 */
describe('candle bodies and volume columns painted as rectangles', () => {
  const W = 640;
  const H = 240;

  function bars(n: number, seed: number): Bars {
    let s = seed;
    const rnd = () => (s = (s * 16807) % 2147483647) / 2147483647;
    const open = new Float64Array(n);
    const high = new Float64Array(n);
    const low = new Float64Array(n);
    const close = new Float64Array(n);
    const volume = new Float64Array(n);
    let price = 100;
    for (let i = 0; i < n; i++) {
      open[i] = price;
      price += (rnd() - 0.5) * 4;
      close[i] = i % 17 === 0 ? open[i] : price; // some doji: 1 px bodies
      high[i] = Math.max(open[i], close[i]) + rnd() * 2;
      low[i] = Math.min(open[i], close[i]) - rnd() * 2;
      volume[i] = i % 23 === 0 ? 0 : 1000 + rnd() * 9000;
    }
    return { length: n, time: new Float64Array(n), open, high, low, close, volume };
  }

  function transform(slot: number, left: number, min: number, max: number): PlotTransform {
    return { slot, x: (i) => left + (i + 0.5) * slot, y: (p) => H - ((p - min) / (max - min)) * H };
  }

  /** What paintCandles drew before (solid style, slots of 2 px up): wicks stroked, then each colour's bodies in one path. */
  function referenceCandles(ctx: CanvasRenderingContext2D, b: Bars, t: PlotTransform, colors: [string, string]): void {
    const bodyW = Math.max(1, Math.round(t.slot * 0.7));
    const half = bodyW / 2;
    ctx.lineWidth = 1;
    for (const up of [true, false]) {
      ctx.beginPath();
      for (let i = 0; i < b.length; i++) {
        const o = b.open[i];
        const c = b.close[i];
        if (c >= o !== up) continue;
        const wx = Math.round(t.x(i)) + 0.5;
        const top = Math.min(t.y(o), t.y(c));
        const h = Math.max(1, Math.abs(t.y(c) - t.y(o)));
        ctx.moveTo(wx, t.y(b.high[i]));
        ctx.lineTo(wx, top);
        ctx.moveTo(wx, top + h);
        ctx.lineTo(wx, t.y(b.low[i]));
      }
      ctx.strokeStyle = up ? colors[0] : colors[1];
      ctx.stroke();
    }
    for (const up of [true, false]) {
      ctx.beginPath();
      for (let i = 0; i < b.length; i++) {
        const o = b.open[i];
        const c = b.close[i];
        if (c >= o !== up) continue;
        const xc = Math.round(t.x(i));
        const top = Math.min(t.y(o), t.y(c));
        const h = Math.max(1, Math.abs(t.y(c) - t.y(o)));
        ctx.rect(Math.round(xc - half), Math.round(top), bodyW, Math.round(h) || 1);
      }
      ctx.fillStyle = up ? colors[0] : colors[1];
      ctx.fill();
    }
  }

  function referenceVolume(ctx: CanvasRenderingContext2D, b: Bars, t: PlotTransform, colors: [string, string]): void {
    const w = Math.max(1, Math.round(t.slot * 0.7));
    for (const up of [true, false]) {
      ctx.beginPath();
      for (let i = 0; i < b.length; i++) {
        const v = b.volume[i];
        if (!(v > 0) || b.close[i] >= b.open[i] !== up) continue;
        const y = t.y(v);
        ctx.rect(Math.round(t.x(i) - w / 2), Math.round(y), w, Math.max(1, Math.round(H - y)));
      }
      ctx.fillStyle = up ? colors[0] : colors[1];
      ctx.fill();
    }
  }

  function pixels(draw: (ctx: CanvasRenderingContext2D) => void): Uint8ClampedArray {
    const canvas = document.createElement('canvas');
    canvas.width = W;
    canvas.height = H;
    const ctx = canvas.getContext('2d')!;
    draw(ctx);
    return ctx.getImageData(0, 0, W, H).data;
  }

  /** Channels that differ between two images; fails when the first is blank (nothing compared). */
  function differing(a: Uint8ClampedArray, b: Uint8ClampedArray): number {
    let painted = 0;
    for (let i = 3; i < a.length; i += 4) if (a[i]) painted++;
    expect(painted, 'painted pixels').to.be.greaterThan(2000);
    let n = 0;
    for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) n++;
    return n;
  }

  const palettes: [string, string][] = [
    ['#26a69a', '#ef5350'],
    ['rgba(38, 166, 154, 0.533)', 'rgba(239, 83, 80, 0.533)'],
  ];

  for (const slot of [2, 2.3, 2.99, 3.5, 4, 6.7, 11, 24.5]) {
    it(`paints the pixels of one filled path at a ${slot} px slot`, () => {
      const n = Math.floor((W - 8) / slot);
      const b = bars(n, Math.round(slot * 1000));
      const left = (slot * 37) % 1; // a fractional plot offset moves every rounding
      for (const colors of palettes) {
        const candles = transform(slot, left, 80, 120);
        const palette = { up: colors[0], down: colors[1], line: '', areaFill: '' };
        expect(
          differing(
            pixels((ctx) => paintCandles(ctx, b, 0, n - 1, candles, 'solid', palette, 1)),
            pixels((ctx) => referenceCandles(ctx, b, candles, colors)),
          ),
          `candle pixels, ${colors[0]}`,
        ).to.equal(0);

        const columns = transform(slot, left, 0, 10000);
        expect(
          differing(
            pixels((ctx) => paintVolume(ctx, b, 0, n - 1, columns, palette, H)),
            pixels((ctx) => referenceVolume(ctx, b, columns, colors)),
          ),
          `volume pixels, ${colors[0]}`,
        ).to.equal(0);
      }
    });
  }
});

import { expect } from '@open-wc/testing';
import { countPixels, rowsWithColor } from '../helpers/canvas-pixels.js';
import { createDrawingStage, type DrawingStage } from './drawing-stage.js';

const MAGENTA: [number, number, number] = [255, 0, 255];

function hasColorNear(
  canvas: HTMLCanvasElement,
  x: number,
  y: number,
  rgb: [number, number, number],
  r = 1,
  tolerance = 40,
): boolean {
  const ctx = canvas.getContext('2d')!;
  const data = ctx.getImageData(Math.round(x) - r, Math.round(y) - r, 2 * r + 1, 2 * r + 1).data;
  for (let i = 0; i < data.length; i += 4) {
    if (
      Math.abs(data[i] - rgb[0]) <= tolerance &&
      Math.abs(data[i + 1] - rgb[1]) <= tolerance &&
      Math.abs(data[i + 2] - rgb[2]) <= tolerance
    )
      return true;
  }
  return false;
}

describe('drawing layer painting (standalone renderer)', () => {
  let stage: DrawingStage;
  beforeEach(async () => {
    stage = await createDrawingStage();
  });
  afterEach(() => stage.destroy());

  it('paints a horizontal line at price P on the row uPlot maps P to', async () => {
    const u = stage.plot();
    const min = u.scales.price.min!;
    const max = u.scales.price.max!;
    const price = min + (max - min) * 0.37;
    const n = stage.core.store.peek('series')!.bars.length;
    const result = await stage.core.tools.execute('drawing_create', {
      kind: 'horizontal_line',
      points: [{ time: stage.core.store.peek('series')!.bars.time[n - 5], price }],
      style: { color: '#ff00ff', width: 3 },
    });
    expect(result.success, JSON.stringify(result)).to.equal(true);
    await stage.painted();
    const left = Math.round(u.bbox.left + 5);
    const right = Math.round(u.bbox.left + u.bbox.width - 5);
    const rows = rowsWithColor(stage.canvas(), MAGENTA, left, right, 40);
    expect(rows.length, 'magenta rows').to.be.greaterThan(0);
    const centre = rows.reduce((a, b) => a + b, 0) / rows.length;
    expect(centre).to.be.closeTo(stage.canvasY(price), 1.5);
    expect(rows[rows.length - 1] - rows[0], 'one line, not several').to.be.lessThan(6);
  });

  it('paints a trend line that joins its anchors and stops there', async () => {
    const bars = stage.core.store.peek('series')!.bars;
    const n = bars.length;
    const [i1, i2] = [n - 50, n - 12];
    const [p1, p2] = [bars.low[i1], bars.high[i2]];
    const result = await stage.core.tools.execute('drawing_create', {
      kind: 'trend_line',
      points: [
        { time: bars.time[i1], price: p1 },
        { time: bars.time[i2], price: p2 },
      ],
      style: { color: '#ff00ff', width: 2 },
    });
    expect(result.success).to.equal(true);
    await stage.painted();
    const canvas = stage.canvas();
    const [x1, y1, x2, y2] = [stage.canvasX(i1), stage.canvasY(p1), stage.canvasX(i2), stage.canvasY(p2)];
    for (let t = 0.05; t < 1; t += 0.1) {
      expect(
        hasColorNear(canvas, x1 + (x2 - x1) * t, y1 + (y2 - y1) * t, MAGENTA),
        `on the segment at t=${t.toFixed(2)}`,
      ).to.equal(true);
    }
    const len = Math.hypot(x2 - x1, y2 - y1);
    const [nx, ny] = [-(y2 - y1) / len, (x2 - x1) / len];
    const mx = (x1 + x2) / 2;
    const my = (y1 + y2) / 2;
    expect(hasColorNear(canvas, mx + nx * 14, my + ny * 14, MAGENTA), 'beside the line').to.equal(false);
    expect(
      hasColorNear(canvas, x2 + (x2 - x1) * 0.15, y2 + (y2 - y1) * 0.15, MAGENTA, 2),
      'not past the second anchor',
    ).to.equal(false);
    expect(
      hasColorNear(canvas, x1 - (x2 - x1) * 0.15, y1 - (y2 - y1) * 0.15, MAGENTA, 2),
      'not before the first anchor',
    ).to.equal(false);
  });

  it('draws handles on a selected drawing and removes everything on undo', async () => {
    const bars = stage.core.store.peek('series')!.bars;
    const n = bars.length;
    const result = await stage.core.tools.execute('drawing_create', {
      kind: 'rectangle',
      points: [
        { time: bars.time[n - 30], price: bars.low[n - 30] },
        { time: bars.time[n - 20], price: bars.high[n - 20] },
      ],
      style: { color: '#ff00ff', width: 2 },
    });
    expect(result.success).to.equal(true);
    await stage.painted();
    const drawn = countPixels(stage.canvas(), MAGENTA, 40);
    expect(drawn).to.be.greaterThan(40);
    stage.core.drawings.select([(result as { data: { id: string } }).data.id]);
    await stage.painted();
    // Handles: white squares with a magenta outline at both anchors.
    expect(countPixels(stage.canvas(), MAGENTA, 40)).to.be.greaterThan(drawn);
    stage.core.undo();
    await stage.painted();
    expect(countPixels(stage.canvas(), MAGENTA, 40)).to.equal(0);
  });

  it('shades the range selection as a band over the selected bars', async () => {
    const bars = stage.core.store.peek('series')!.bars;
    const n = bars.length;
    const ok = await stage.core.tools.execute('chart_set_selection', {
      from: bars.time[n - 40],
      to: bars.time[n - 30],
    });
    expect(ok.success).to.equal(true);
    await stage.painted();
    const u = stage.plot();
    const canvas = stage.canvas();
    // The band's edge lines are drawn in the accent colour at both ends of the range.
    const edge = (i: number) => stage.canvasX(i);
    const ctx = canvas.getContext('2d')!;
    const sample = (x: number) => ctx.getImageData(Math.round(x), Math.round(u.bbox.top + 3), 1, 1).data;
    const inside = sample((edge(n - 40) + edge(n - 39)) / 2);
    const outside = sample((edge(n - 50) + edge(n - 49)) / 2);
    // Blue tint inside (more blue than red), background outside.
    expect(inside[2] - inside[0], 'tinted inside').to.be.greaterThan(outside[2] - outside[0] + 10);
  });
});

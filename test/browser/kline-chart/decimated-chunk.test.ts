import { expect } from '@open-wc/testing';
import { executeServerCommand } from '@web/test-runner-commands';
import { pollUntil } from '../helpers/wait-for.js';
import { loadedScripts, openFrame, type FrameWindow as Win } from '../helpers/test-frame.js';

type Chart = HTMLElement & { whenPainted(): Promise<void>; setBars(bars: unknown): void };

const N = 120;

/** `N` one-minute bars as columns (the frame's own typed arrays), rising and falling. */
function bars(win: Win) {
  const col = () => new win.Float64Array(N);
  const b = { time: col(), open: col(), high: col(), low: col(), close: col(), volume: col(), length: N };
  for (let i = 0; i < N; i++) {
    b.time[i] = Date.UTC(2024, 0, 2) + i * 60_000;
    b.open[i] = 100 + (i % 7);
    b.close[i] = 100 + (i % 5);
    b.high[i] = 110;
    b.low[i] = 90;
    b.volume[i] = 10 + i;
  }
  return b;
}

/**
 * A 200 px wide chart of the bundle: its default view (120 bars) gives each bar about 1 px, so its
 * candles are the zoomed-out painters' (src/render/paint-decimated.ts, a chunk loaded when bars get narrow).
 */
async function narrowChart(win: Win): Promise<Chart> {
  await win.customElements.whenDefined('kline-chart');
  const chart = win.document.createElement('kline-chart') as Chart;
  chart.setAttribute('source', 'custom');
  chart.style.cssText = 'display:block;width:200px;height:300px';
  win.document.body.replaceChildren(chart);
  chart.setBars(bars(win));
  await chart.whenPainted();
  return chart;
}

/**
 * Rectangles filled on the chart's canvases by a full repaint (the other theme): a candle body and a volume column
 * each when every bar is drawn, none when zoomed-out lines and columns are (only the price tag's).
 */
async function barsPainted(win: Win, chart: Chart): Promise<number> {
  const ours = (ctx: CanvasRenderingContext2D) =>
    ctx.canvas instanceof win.HTMLCanvasElement && ctx.canvas.getRootNode() === chart.shadowRoot;
  const proto = win.CanvasRenderingContext2D.prototype;
  const { fillRect, stroke } = proto;
  let bodies = 0;
  let strokes = 0;
  proto.fillRect = function (this: CanvasRenderingContext2D, ...args: [number, number, number, number]) {
    if (ours(this)) bodies++;
    return fillRect.apply(this, args);
  };
  proto.stroke = function (this: CanvasRenderingContext2D, ...args: unknown[]) {
    if (ours(this)) strokes++;
    Reflect.apply(stroke, this, args);
  };
  try {
    chart.setAttribute('theme', chart.getAttribute('theme') === 'dark' ? 'light' : 'dark');
    // Repainted: wicks or lines are stroked either way.
    await pollUntil(async () => {
      await chart.whenPainted();
      return strokes > 0;
    }, 'a repaint');
  } finally {
    proto.fillRect = fillRect;
    proto.stroke = stroke;
  }
  return bodies;
}

describe('bars narrower than two device px', function () {
  this.timeout(60000);

  afterEach(() => executeServerCommand('block-requests', { pattern: null }));

  it('are each drawn while their painters load, then one line per pixel column', async () => {
    const { frame, win } = await openFrame('/test/pages/script-tag-empty.html', 'width:300px;height:400px;border:0');
    await executeServerCommand('block-requests', { pattern: '/dist/chunks/paint-decimated-', hold: true });
    const chart = await narrowChart(win);
    expect(await barsPainted(win, chart), 'every body and column, before the chunk').to.be.at.least(2 * (N - 2));

    await executeServerCommand('block-requests', { pattern: null }); // the held request goes through
    await pollUntil(async () => (await barsPainted(win, chart)) < 10, 'lines and columns per pixel column');
    expect(loadedScripts(win).some((f) => f.startsWith('chunks/paint-decimated-'))).to.equal(true);
    frame.remove();
  });

  it('are each drawn when their painters cannot be fetched, with no error', async () => {
    const { frame, win } = await openFrame('/test/pages/script-tag-empty.html', 'width:300px;height:400px;border:0');
    await executeServerCommand('block-requests', { pattern: '/dist/chunks/paint-decimated-' });
    const errors: unknown[] = [];
    win.addEventListener('error', (e) => errors.push(e.message));
    win.addEventListener('unhandledrejection', (e) => errors.push(e.reason));
    const chart = await narrowChart(win);
    chart.addEventListener('kline-error', (e) => errors.push((e as CustomEvent).detail));
    await new Promise((r) => setTimeout(r, 300));
    expect(await barsPainted(win, chart), 'every body and column').to.be.at.least(2 * (N - 2));
    expect(errors).to.deep.equal([]);
    frame.remove();
  });
});

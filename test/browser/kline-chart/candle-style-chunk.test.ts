import { expect } from '@open-wc/testing';
import { executeServerCommand } from '@web/test-runner-commands';
import type { Bar } from '../../../src/core/data/index.js';
import { countPixels, parseColor } from '../helpers/canvas-pixels.js';
import { waitFor } from '../helpers/chart-fixture.js';
import { countCalls } from '../helpers/count-calls.js';
import { bundleChart, loadedScripts, statusToast as toast, type FrameWindow as Win } from '../helpers/test-frame.js';
import { zigzagRise } from '../helpers/zigzag-rise.js';

type Result = { success: boolean; error?: unknown };
type Chart = HTMLElement & {
  setBars(bars: readonly Bar[]): void;
  tools: { execute(name: string, input: unknown): Promise<Result> };
  whenPainted(): Promise<void>;
};

// The Heikin-Ashi bars and the line and area styles' painter are in the chunk of the percent and log
// scales (src/render/pane-extras.ts, chunks/pane-extras-<hash>.js): a chart with plain candles never
// fetches it, the renderer loads it before the first frame in one of those styles (no frame of plain
// candles first), and a chunk that cannot be fetched is said while solid candles are drawn.

const EXTRAS = /^chunks\/pane-extras-/;
const UP = '#00c000';
const DOWN = '#e00000';

/** A painted chart of the bundle (the script-tag test page) showing the zigzag rise, with `attrs`. */
async function mount(attrs: Record<string, string>): Promise<{ frame: HTMLIFrameElement; win: Win; chart: Chart }> {
  const { frame, win, chart } = await bundleChart<Chart>(attrs, {
    style: `display:block;width:700px;height:420px;--kline-up-color:${UP};--kline-down-color:${DOWN}`,
    painted: false,
  });
  chart.setBars(zigzagRise(120));
  await chart.whenPainted();
  const off = await chart.tools.execute('settings_update', { values: { lastPrice: false } });
  expect(off.success, JSON.stringify(off)).to.equal(true);
  await chart.whenPainted();
  return { frame, win, chart };
}

/** The frame's `fillRect` calls in the falling colour (candle bodies) from now until `stop()`. */
const countFallingBodies = (win: Win) =>
  countCalls(win.CanvasRenderingContext2D.prototype, 'fillRect', (ctx) => ctx.fillStyle === DOWN);

const priceCanvas = (chart: Chart) =>
  chart.shadowRoot!.querySelector<HTMLElement>('.pane[data-pane-id="price"]')!.querySelector('canvas')!;
const falling = (chart: Chart) => countPixels(priceCanvas(chart), parseColor(DOWN), 12);

describe('the Heikin-Ashi, line and area styles are in a chunk, loaded before the frame that shows them', function () {
  this.timeout(60000);

  afterEach(async () => {
    await executeServerCommand('block-requests', { pattern: null });
  });

  it('plain candles never fetch it; the first Heikin-Ashi frame already has its bars', async () => {
    const { frame, win, chart } = await mount({ indicators: '' });
    expect(
      loadedScripts(win).filter((p) => EXTRAS.test(p)),
      'the chunk on a chart of plain candles',
    ).to.deep.equal([]);
    const market = falling(chart);
    expect(market, 'half the market candles fall').to.be.greaterThan(200);

    const bodies = countFallingBodies(win);
    try {
      const set = await chart.tools.execute('settings_update', { values: { candleStyle: 'heikin_ashi' } });
      expect(set.success, JSON.stringify(set)).to.equal(true);
      await waitFor(() => loadedScripts(win).some((p) => EXTRAS.test(p)), 'the chunk once Heikin-Ashi is on');
      await chart.whenPainted();
      await chart.whenPainted();
    } finally {
      bodies.stop();
    }
    // Plain candles painted while the chunk loaded would fill about 60 falling bodies per frame.
    expect(bodies.count(), 'falling bodies painted since the switch').to.be.lessThan(5);
    expect(falling(chart), 'Heikin-Ashi candles: almost none fall').to.be.lessThan(market * 0.05);
    frame.remove();
  });

  it('the first line frame is a close line, and a blocked chunk under area draws solid candles', async () => {
    const { frame, win, chart } = await mount({ indicators: '' });
    const bodies = countFallingBodies(win);
    try {
      const set = await chart.tools.execute('settings_update', { values: { candleStyle: 'line' } });
      expect(set.success, JSON.stringify(set)).to.equal(true);
      await waitFor(() => loadedScripts(win).some((p) => EXTRAS.test(p)), 'the chunk once the line style is on');
      await chart.whenPainted();
      await chart.whenPainted();
    } finally {
      bodies.stop();
    }
    expect(bodies.count(), 'candle bodies painted since the switch to a line').to.equal(0);
    expect(falling(chart), 'no falling candle under the line style').to.be.lessThan(20);
    frame.remove();

    const second = await mount({ indicators: '' });
    const market = falling(second.chart);
    await executeServerCommand('block-requests', { pattern: '/dist/chunks/pane-extras-' });
    await second.chart.tools.execute('settings_update', { values: { candleStyle: 'area' } });
    await waitFor(() => toast(second.chart).includes('candle style'), `a notice (shows "${toast(second.chart)}")`);
    await second.chart.whenPainted();
    expect(falling(second.chart), 'solid candles without the chunk').to.be.closeTo(market, market * 0.05);
    second.frame.remove();
  });

  it('a chunk that cannot be fetched is said (ja) and the market candles are drawn; a later change loads it', async () => {
    const { frame, chart } = await mount({ locale: 'ja', indicators: '' });
    const market = falling(chart);
    await executeServerCommand('block-requests', { pattern: '/dist/chunks/pane-extras-' });
    const set = await chart.tools.execute('settings_update', { values: { candleStyle: 'heikin_ashi' } });
    expect(set.success, JSON.stringify(set)).to.equal(true);
    await waitFor(
      () => toast(chart).includes('ローソク足のスタイル'),
      `a notice about the candles (shows "${toast(chart)}")`,
    );
    await chart.whenPainted();
    expect(falling(chart), 'the market candles without the chunk').to.be.closeTo(market, market * 0.05);

    await executeServerCommand('block-requests', { pattern: null });
    // Another style and back tries again (not every new bar does).
    await chart.tools.execute('settings_update', { values: { candleStyle: 'solid' } });
    await chart.whenPainted();
    await chart.tools.execute('settings_update', { values: { candleStyle: 'heikin_ashi' } });
    await waitFor(() => falling(chart) < market * 0.05, 'Heikin-Ashi candles once the chunk loads');
    frame.remove();
  });
});

import { expect } from '@open-wc/testing';
import { waitFor } from '../helpers/chart-fixture.js';
import { openFrame, type FrameWindow } from '../helpers/test-frame.js';

type Chart = HTMLElement & { context: { get(): unknown }; whenPainted(): Promise<void> };
type Panel = HTMLElement & { updateComplete: Promise<unknown> };
type CspWindow = FrameWindow & { cspViolations: string[] };

/**
 * The exact markup the Hugo shortcode and the WordPress plugin write for
 * `symbol="DEMO" indicators="MA(5,20),VOL" theme="light" height="420" panel="yes"` (web-test-runner.config.js,
 * cmsPagesPlugin), on a page under `style-src 'self'` that loads the placeholder stylesheet and the module
 * as each integration does. Their `style="…"` attributes were refused there: the chart and the panel fell
 * back to 480px and stood one under the other at any width.
 */
async function openCms(
  name: 'hugo' | 'wordpress',
  width: number,
): Promise<{ frame: HTMLIFrameElement; win: CspWindow; chart: Chart; panel: Panel } | null> {
  const { frame, win } = await openFrame(`/test/pages/cms/${name}.html`, `width:${width}px;height:1000px;border:0`);
  if (win.document.documentElement.dataset.skip) {
    frame.remove();
    return null;
  }
  const chart = win.document.querySelector('kline-chart') as Chart;
  const panel = win.document.querySelector('chart-agent-panel') as Panel;
  await waitFor(() => !!win.customElements.get('kline-chart') && chart.context.get() !== null, 'chart data', 20000);
  await chart.whenPainted();
  await chart.whenPainted();
  await waitFor(() => !!win.customElements.get('chart-agent-panel'), 'panel definition', 20000);
  await panel.updateComplete;
  return { frame, win: win as CspWindow, chart, panel };
}

/** Pixels of the price pane's canvas that are not its background (the candles, the grid, the MA lines). */
function drawnPixels(chart: Chart): number {
  const canvas = chart.shadowRoot!.querySelector<HTMLCanvasElement>('.pane canvas')!;
  const data = canvas.getContext('2d')!.getImageData(0, 0, canvas.width, canvas.height).data;
  const [r, g, b] = [data[0], data[1], data[2]];
  let n = 0;
  for (let i = 0; i < data.length; i += 4)
    if (Math.abs(data[i] - r) + Math.abs(data[i + 1] - g) + Math.abs(data[i + 2] - b) > 60) n++;
  return n;
}

for (const name of ['hugo', 'wordpress'] as const) {
  describe(`the ${name === 'hugo' ? 'Hugo shortcode' : 'WordPress plugin'}'s markup under style-src ’self’`, function () {
    this.timeout(60000);

    it('sizes the chart and the panel from their height attribute, side by side, drawn, without a CSP violation', async function () {
      const opened = await openCms(name, 1000);
      if (!opened) this.skip(); // no php-cli (CI installs it)
      const { frame, win, chart, panel } = opened;
      try {
        const source = await (await fetch(`/test/pages/cms/${name}.html`)).text();
        expect(source, 'the markup').to.match(/<kline-chart id="[^"]+"[^>]* height="420px"><\/kline-chart>/);
        expect(source, 'no style attribute or element in the markup').to.not.match(/\sstyle=|<style/i);
        expect(win.cspViolations, 'CSP violations').to.deep.equal([]);
        const c = chart.getBoundingClientRect();
        const p = panel.getBoundingClientRect();
        expect(c.height, 'the chart’s height attribute').to.equal(420);
        expect(p.height, 'the panel’s height attribute').to.equal(420);
        expect(p.left, 'the panel right of the chart').to.be.at.least(c.right);
        expect(p.top, 'on the same row').to.equal(c.top);
        expect(drawnPixels(chart), 'the price pane is drawn').to.be.above(2000);
      } finally {
        frame.remove();
      }
    });

    it('puts the panel below the chart at a phone’s width', async function () {
      const opened = await openCms(name, 375);
      if (!opened) this.skip();
      const { frame, win, chart, panel } = opened;
      try {
        expect(win.cspViolations, 'CSP violations').to.deep.equal([]);
        const c = chart.getBoundingClientRect();
        const p = panel.getBoundingClientRect();
        expect(c.height).to.equal(420);
        expect(p.top, 'the panel below the chart').to.be.at.least(c.bottom);
        expect(c.width, 'the chart as wide as the page').to.be.above(300);
        expect(drawnPixels(chart), 'the price pane is drawn').to.be.above(1000);
      } finally {
        frame.remove();
      }
    });
  });
}

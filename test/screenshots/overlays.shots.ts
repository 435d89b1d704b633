/**
 * Screenshots of the overlays for the README (docs/screenshots/), checked as it takes them. Not part
 * of `npm test` (it rewrites the PNGs); run it after a visible change:
 *   npx tsc -p tsconfig.json && npx web-test-runner --config web-test-runner.config.js --files 'build/test/screenshots/overlays.shots.js'
 */
import { expect } from '@open-wc/testing';
import { executeServerCommand, sendMouse, setViewport } from '@web/test-runner-commands';
import { html } from 'lit';
import { countPixels, parseColor } from '../browser/helpers/canvas-pixels.js';
import { paneCanvas, readyChart, waitFor } from '../browser/helpers/chart-fixture.js';

describe('overlay screenshots', function () {
  this.timeout(60000);

  it('last price, watermark, tooltip and a comparison on the left price scale', async () => {
    await setViewport({ width: 1000, height: 640 });
    document.body.style.margin = '0';
    const chart = await readyChart(
      html`<kline-chart style="width:960px;height:560px;margin:20px" theme="light" locale="en" indicators="MA(20),VOL"></kline-chart>`,
    );
    const run = async (name: string, input: unknown) => {
      const r = await chart.tools.execute(name, input);
      expect(r.success, `${name}: ${JSON.stringify(r)}`).to.equal(true);
      return r;
    };
    await run('settings_update', { values: { legendMode: 'both', watermark: 'symbol', lastPrice: true } });
    await run('chart_set_visible_range', { lastBars: 120 });
    await run('comparison_create', { symbol: 'HKDEMO', scale: 'left' });
    await run('markers_from_condition', {
      definitionId: 'MACD',
      left: 'macd',
      op: 'crosses_above',
      right: 'signal',
      text: 'GC',
    });
    const to = chart.context.get()!.dataRange.to;
    const q = await run('market_bars_query', { limit: 1 });
    const close = Number((q as { text: string }).text.trim().split('\n').pop()!.split(',')[4]);
    await run('price_lines_create', {
      price: Math.round(close * 0.95 * 100) / 100,
      label: 'Stop',
      color: '#ef5350',
      style: 'dashed',
    });
    await waitFor(
      () => countPixels(paneCanvas(chart, 'price'), parseColor('#ff9800'), 10) > 100,
      'comparison on the left scale',
    );
    await chart.whenPainted();
    // The left axis has labels (axis colour in the left 60 px of the price pane).
    const canvas = paneCanvas(chart, 'price');
    const pr = window.devicePixelRatio || 1;
    expect(
      countPixels(canvas, parseColor('#787b86'), 40, { x: 0, y: 0, w: Math.round(60 * pr), h: canvas.height }),
    ).to.be.greaterThan(30);
    // Hover a bar for the tooltip.
    const rect = canvas.getBoundingClientRect();
    await sendMouse({
      type: 'move',
      position: [Math.round(rect.left + rect.width * 0.55), Math.round(rect.top + rect.height * 0.45)],
    });
    const tooltip = () => chart.shadowRoot!.querySelector<HTMLElement>('[part~="tooltip"]');
    await waitFor(
      () => !!tooltip() && getComputedStyle(tooltip()!).display !== 'none' && tooltip()!.textContent!.trim() !== '',
      'tooltip',
    );
    await chart.whenPainted();
    expect(to).to.be.greaterThan(0);
    const box = chart.getBoundingClientRect();
    await executeServerCommand('docs-screenshot', {
      name: 'overlays-left-scale-tooltip',
      clip: { x: box.left, y: box.top, width: box.width, height: box.height },
    });
  });
});

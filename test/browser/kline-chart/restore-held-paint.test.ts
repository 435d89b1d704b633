import { expect } from '@open-wc/testing';
import { executeServerCommand } from '@web/test-runner-commands';
import { waitFor } from '../helpers/chart-fixture.js';
import { openBundlePage } from '../helpers/test-frame.js';

type Chart = HTMLElement & {
  context: { get(): { activeIndicators: unknown[] } | null };
  addPrimitive(primitive: { paint(): void }): () => void;
};

// A chart with `persist-key` shows no bars until its saved layout is restored (the layout's chunk,
// components/kline-chart/chart-render-source.ts `held`), so a saved scale, view or set of studies shows from
// the first frame. Its studies' lines wait too: they were drawn meanwhile over no bars, fitted to an empty
// view, so a slow device showed for a moment the first bars' moving averages stretched across the plot
// (the demo, at 6× CPU throttling, for about a second).

/** Pixels of the price pane's canvas with a clear colour (a candle, a study line), not grey (grid, labels, watermark). */
function colouredPixels(chart: Chart): number {
  const canvas = chart.shadowRoot!.querySelector<HTMLCanvasElement>('.pane[data-pane-id="price"] canvas')!;
  const { data } = canvas.getContext('2d')!.getImageData(0, 0, canvas.width, canvas.height);
  let n = 0;
  for (let i = 0; i < data.length; i += 4) {
    const [r, g, b, a] = [data[i], data[i + 1], data[i + 2], data[i + 3]];
    if (a > 128 && Math.max(r, g, b) - Math.min(r, g, b) > 60) n++;
  }
  return n;
}

describe('a chart restoring its saved layout', function () {
  this.timeout(60000);

  afterEach(async () => {
    await executeServerCommand('block-requests', { pattern: null });
  });

  it("draws neither bars nor its studies' lines until the layout is on the chart", async () => {
    // The layout's chunk is slow: the chart has its data and studies long before it.
    await executeServerCommand('block-requests', { pattern: '/dist/chunks/layout-storage-controller-', hold: true });
    const { win } = await openBundlePage();
    const chart = win.document.createElement('kline-chart') as Chart;
    chart.style.cssText = 'display:block;width:800px;height:460px';
    chart.setAttribute('persist-key', `held-paint-${Date.now()}`);
    chart.setAttribute('indicators', 'MA(5,10),VOL,MACD(12,26,9)');
    win.document.body.append(chart);
    await waitFor(() => chart.context.get()?.activeIndicators.length === 3, 'data and three studies', 20000);
    // Panes for the studies are laid out and painted meanwhile.
    await waitFor(() => chart.shadowRoot!.querySelectorAll('.pane').length === 3, 'three panes');
    // Painted since (`whenPainted` waits for bars): a primitive's paint runs after the pane's series, and a
    // chart 1 px wider paints every pane again.
    let paints = 0;
    const remove = chart.addPrimitive({ paint: () => void paints++ });
    chart.style.width = '801px';
    await waitFor(() => paints >= 1, 'a paint of the price pane');
    remove();
    expect(colouredPixels(chart), 'nothing but grid and labels while the layout is on its way').to.equal(0);

    await executeServerCommand('block-requests', { pattern: null }); // the layout's chunk arrives
    await waitFor(() => colouredPixels(chart) > 1000, 'the candles and the moving averages');
  });
});

import { expect } from '@open-wc/testing';
import { executeServerCommand } from '@web/test-runner-commands';
import { waitFor } from '../helpers/chart-fixture.js';
import { canvasHash } from '../helpers/canvas-pixels.js';
import { frameChart, openChartFrame, statusToast as toast } from '../helpers/test-frame.js';
import type { ToolResult } from '../../../src/protocol/index.js';

type Chart = HTMLElement & {
  whenPainted(): Promise<void>;
  tools: { execute(name: string, input: unknown): Promise<ToolResult> };
};

const priceCanvas = (chart: Chart) =>
  chart.shadowRoot!.querySelector<HTMLElement>('.pane[data-pane-id="price"]')!.querySelector('canvas')!;

// The range selection's band is painted by the drawing layer (components/kline-chart/drawing-layer.ts, in the
// chunk chunks/drawing-layer-parts-<hash>.js). A selection made while that chunk cannot be fetched (here by
// chart_set_selection, on a chart with no drawings and no toolbar) is kept, the notice names it, not only
// drawings the chart does not have, and its band is painted once the chunk can be fetched.
describe('a range selection while the drawing layer chunk cannot be fetched', function () {
  this.timeout(60000);

  afterEach(async () => {
    await executeServerCommand('block-requests', { pattern: null });
  });

  it('is kept, said in the chart language naming the range selection, and painted later', async () => {
    await executeServerCommand('block-requests', { pattern: '/dist/chunks/drawing-layer-parts-' });
    const { frame, win } = await openChartFrame(
      '/test/pages/script-tag-empty.html',
      'width:960px;height:600px;border:0',
    );
    const { chart } = await frameChart<Chart>(win, { toolbar: 'none', locale: 'zh-TW' });
    const before = canvasHash(priceCanvas(chart));
    const query = await chart.tools.execute('market_bars_query', { limit: 20 });
    const rows = ((query as { text?: string }).text ?? '').split('\n').slice(1);
    const selected = await chart.tools.execute('chart_set_selection', {
      from: rows[2].split(',')[0],
      to: rows.at(-3)!.split(',')[0],
    });
    expect(selected.success, `${JSON.stringify(selected)} from ${JSON.stringify(query)}`).to.equal(true);
    await waitFor(
      () => toast(chart).includes('時間區間選擇'),
      `a notice naming the selection (shows "${toast(chart)}")`,
    );
    const context = await chart.tools.execute('chart_get_context', {});
    expect(JSON.stringify(context.data), 'the selection is kept').to.contain('"selection":{');
    expect(canvasHash(priceCanvas(chart)), 'no band without the chunk').to.equal(before);

    await executeServerCommand('block-requests', { pattern: null });
    await chart.whenPainted();
    await waitFor(() => canvasHash(priceCanvas(chart)) !== before, 'the band painted once the chunk loads');
    frame.remove();
  });
});

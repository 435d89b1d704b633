import { expect } from '@open-wc/testing';
import { executeServerCommand } from '@web/test-runner-commands';
import { waitFor } from '../helpers/chart-fixture.js';
import { openFrame, type FrameWindow } from '../helpers/test-frame.js';

type Result = { success: boolean };
type Chart = HTMLElement & {
  context: { get(): unknown };
  whenPainted(): Promise<void>;
  capture(): Promise<Blob>;
  tools: { ready(): Promise<void>; execute(name: string, input: unknown): Promise<Result> };
};

// A capture (components/kline-chart/compose-capture.ts) taken while the comparisons legend's chunk
// (comparison-legend.ts) is still on its way, or cannot be fetched, lists the comparison in the image's
// text all the same: drawn from the chart's data.

/** The text the page draws on canvases outside the document (the capture's), from now on. */
function recordCaptureText(win: FrameWindow): string[] {
  const drawn: string[] = [];
  const proto = win.CanvasRenderingContext2D.prototype;
  const fillText = proto.fillText;
  proto.fillText = function (this: CanvasRenderingContext2D, text: string, ...rest: [number, number, number?]) {
    if (!this.canvas.isConnected) drawn.push(text);
    return fillText.call(this, text, ...rest);
  };
  return drawn;
}

async function chartWithComparison(): Promise<{ frame: HTMLIFrameElement; chart: Chart; drawn: string[] }> {
  const { frame, win } = await openFrame('/test/pages/script-tag.html');
  const chart = win.document.querySelector('kline-chart') as Chart;
  await waitFor(() => !!win.customElements.get('kline-chart') && chart.context.get() !== null, 'chart data', 20000);
  await chart.whenPainted();
  await chart.tools.ready();
  expect((await chart.tools.execute('comparison_create', { symbol: 'HKEX:HKDEMO' })).success).to.equal(true);
  return { frame, chart, drawn: recordCaptureText(win) };
}

describe('capture() and the comparisons legend chunk', function () {
  this.timeout(60000);

  afterEach(async () => {
    await executeServerCommand('block-requests', { pattern: null });
  });

  it('lists a comparison added while the legend chunk is still loading', async () => {
    await executeServerCommand('block-requests', { pattern: '/dist/chunks/comparison-legend-', hold: true });
    const { frame, chart, drawn } = await chartWithComparison();
    expect(chart.shadowRoot!.querySelector('[data-testid="comparisons"]'), 'the chunk is held').to.equal(null);
    const png = await chart.capture();
    expect(png.type).to.equal('image/png');
    expect(drawn.join('\n')).to.match(/HKEX:HKDEMO [\d.,]+ [+-]\d+\.\d\d%/);
    // Once the chunk is here, the image's line is the legend's own (one comparisons line, not two).
    await executeServerCommand('block-requests', { pattern: null });
    await waitFor(() => !!chart.shadowRoot!.querySelector('[data-testid="comparisons"]'), 'the legend', 20000);
    drawn.length = 0;
    await chart.capture();
    expect(drawn.filter((t) => t.includes('HKEX:HKDEMO'))).to.have.length(1);
    frame.remove();
  });

  it('still succeeds and lists the comparison when the chunk cannot be fetched', async () => {
    await executeServerCommand('block-requests', { pattern: '/dist/chunks/comparison-legend-' });
    const { frame, chart, drawn } = await chartWithComparison();
    await waitFor(
      () => /comparisons legend/.test(chart.shadowRoot!.querySelector('.toast')?.textContent ?? ''),
      'the notice',
      10000,
    );
    expect((await chart.capture()).size).to.be.greaterThan(0);
    expect(drawn.join('\n')).to.match(/HKEX:HKDEMO [\d.,]+ [+-]\d+\.\d\d%/);
    frame.remove();
  });
});

import { expect } from '@open-wc/testing';
import { executeServerCommand } from '@web/test-runner-commands';
import { waitFor } from '../helpers/chart-fixture.js';
import { frameChart, loadedScripts, openFrame, type FrameWindow as Win } from '../helpers/test-frame.js';

type Result = { success: boolean; data?: { instanceId?: string }; error?: unknown };
type Chart = HTMLElement & {
  tools: { execute(name: string, input: unknown): Promise<Result> };
  whenPainted(): Promise<void>;
};

// SAR's dots are drawn with the path builder of the modes' chunk (src/render/dots-path.ts in
// chunks/pane-extras-<hash>.js; the bundle's uPlot has none, rollup.config.js UPLOT_EDITS): a chart without
// dots never fetches it, the renderer loads it before the first frame with dots, and a chunk that cannot be
// fetched is said (the chart is drawn without the dots).

const EXTRAS = /^chunks\/pane-extras-/;

async function mount(attrs: Record<string, string>): Promise<{ frame: HTMLIFrameElement; win: Win; chart: Chart }> {
  const { frame, win } = await openFrame('/test/pages/script-tag.html', 'width:960px;height:600px;border:0');
  await win.customElements.whenDefined('kline-chart');
  const { chart } = await frameChart<Chart>(win, attrs);
  return { frame, win, chart };
}

/** Counts full circles added to a `Path2D` (the dots; nothing else of these charts makes one) until `stop()`. */
function countDots(win: Win): { count(): number; stop(): void } {
  const proto = win.Path2D.prototype;
  const arc = proto.arc;
  let count = 0;
  proto.arc = function (this: Path2D, ...args: Parameters<Path2D['arc']>) {
    if (args[4] - args[3] >= Math.PI * 2) count++;
    return arc.apply(this, args);
  };
  return { count: () => count, stop: () => void (proto.arc = arc) };
}

const toast = (chart: Chart) => chart.shadowRoot!.querySelector('.toast[role="status"]')?.textContent ?? '';

describe('the dots of SAR are in the modes’ chunk', function () {
  this.timeout(60000);

  afterEach(async () => {
    await executeServerCommand('block-requests', { pattern: null });
  });

  it('is fetched for SAR, and its dots are drawn', async () => {
    const { frame, win, chart } = await mount({ indicators: 'MA(20)' });
    expect(
      loadedScripts(win).filter((p) => EXTRAS.test(p)),
      'the chunk without dots',
    ).to.deep.equal([]);
    const dots = countDots(win);
    try {
      const add = await chart.tools.execute('indicators_add', { definitionId: 'SAR' });
      expect(add.success, JSON.stringify(add)).to.equal(true);
      await waitFor(() => dots.count() > 20, `the dots drawn (${dots.count()})`);
      expect(
        loadedScripts(win).some((p) => EXTRAS.test(p)),
        'the chunk once SAR is on',
      ).to.equal(true);
    } finally {
      dots.stop();
    }
    frame.remove();
  });

  it('a chart opened with SAR draws its dots in its first paint', async () => {
    const { frame, win } = await openFrame('/test/pages/script-tag.html', 'width:960px;height:600px;border:0');
    const dots = countDots(win);
    try {
      await win.customElements.whenDefined('kline-chart');
      win.document.body.replaceChildren();
      const chart = win.document.createElement('kline-chart') as Chart;
      chart.style.cssText = 'display:block;width:800px;height:460px';
      chart.setAttribute('indicators', 'SAR');
      const isReady = new Promise((resolve) => chart.addEventListener('kline-ready', resolve, { once: true }));
      win.document.body.append(chart);
      await isReady;
      await chart.whenPainted();
      expect(dots.count(), 'dots in the first painted frame').to.be.greaterThan(20);
    } finally {
      dots.stop();
    }
    frame.remove();
  });

  it('a chunk that cannot be fetched is said (zh-CN) and no dots are drawn; adding the study again loads it', async () => {
    const { frame, win, chart } = await mount({ locale: 'zh-CN', indicators: '' });
    await executeServerCommand('block-requests', { pattern: '/dist/chunks/pane-extras-' });
    const dots = countDots(win);
    try {
      const add = await chart.tools.execute('indicators_add', { definitionId: 'SAR' });
      expect(add.success, JSON.stringify(add)).to.equal(true);
      await waitFor(() => toast(chart).includes('圆点'), `a notice about the dots (shows "${toast(chart)}")`);
      await chart.whenPainted();
      await chart.whenPainted();
      expect(dots.count(), 'no dots without the chunk').to.equal(0);

      await executeServerCommand('block-requests', { pattern: null });
      const removed = await chart.tools.execute('indicators_remove', { instanceId: add.data!.instanceId });
      expect(removed.success, JSON.stringify(removed)).to.equal(true);
      await chart.whenPainted();
      expect((await chart.tools.execute('indicators_add', { definitionId: 'SAR' })).success).to.equal(true);
      await waitFor(() => dots.count() > 20, 'the dots once the chunk loads');
    } finally {
      dots.stop();
    }
    frame.remove();
  });
});

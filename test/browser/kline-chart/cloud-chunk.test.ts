import { expect } from '@open-wc/testing';
import { executeServerCommand } from '@web/test-runner-commands';
import { waitFor } from '../helpers/chart-fixture.js';
import { loadedScripts, openFrame, type FrameWindow as Win } from '../helpers/test-frame.js';

type Result = { success: boolean; data?: { instanceId?: string }; error?: unknown };
type Chart = HTMLElement & {
  tools: { execute(name: string, input: unknown): Promise<Result> };
  whenPainted(): Promise<void>;
};

// The cloud of a band study (Ichimoku's) is painted by the modes' chunk (src/render/pane-extras.ts,
// chunks/pane-extras-<hash>.js): a chart without one never fetches it, the renderer loads it before the
// first frame with a cloud, and a chunk that cannot be fetched is said (the study's lines are drawn without it).

const EXTRAS = /^chunks\/pane-extras-/;

async function mount(attrs: Record<string, string>): Promise<{ frame: HTMLIFrameElement; win: Win; chart: Chart }> {
  const { frame, win } = await openFrame('/test/pages/script-tag.html', 'width:960px;height:600px;border:0');
  await win.customElements.whenDefined('kline-chart');
  win.document.body.replaceChildren();
  await new Promise((r) => win.requestAnimationFrame(r));
  const chart = win.document.createElement('kline-chart') as Chart;
  chart.style.cssText = 'display:block;width:800px;height:460px';
  for (const [name, value] of Object.entries(attrs)) chart.setAttribute(name, value);
  const isReady = new Promise((resolve) => chart.addEventListener('kline-ready', resolve, { once: true }));
  win.document.body.append(chart);
  await isReady;
  await chart.whenPainted();
  return { frame, win, chart };
}

/** Counts the frame's fills of a `Path2D` (the clouds; nothing else of the price pane fills one) until `stop()`. */
function countPathFills(win: Win): { count(): number; stop(): void } {
  const proto = win.CanvasRenderingContext2D.prototype;
  const fill = proto.fill;
  let count = 0;
  proto.fill = function (this: CanvasRenderingContext2D, ...args: unknown[]) {
    if (args[0] instanceof win.Path2D) count++;
    return (fill as (...a: unknown[]) => void).apply(this, args);
  };
  return { count: () => count, stop: () => void (proto.fill = fill) };
}

const toast = (chart: Chart) => chart.shadowRoot!.querySelector('.toast[role="status"]')?.textContent ?? '';

describe('the clouds of band studies are in the modes’ chunk', function () {
  this.timeout(60000);

  afterEach(async () => {
    await executeServerCommand('block-requests', { pattern: null });
  });

  it('is fetched for Ichimoku, and its cloud is painted', async () => {
    const { frame, win, chart } = await mount({ indicators: 'MA(20)' });
    expect(
      loadedScripts(win).filter((p) => EXTRAS.test(p)),
      'the chunk without a cloud',
    ).to.deep.equal([]);
    const fills = countPathFills(win);
    try {
      const add = await chart.tools.execute('indicators_add', { definitionId: 'ICHIMOKU' });
      expect(add.success, JSON.stringify(add)).to.equal(true);
      await waitFor(() => fills.count() > 0, 'the cloud painted');
      expect(
        loadedScripts(win).some((p) => EXTRAS.test(p)),
        'the chunk once Ichimoku is on',
      ).to.equal(true);
    } finally {
      fills.stop();
    }
    frame.remove();
  });

  it('a chunk that cannot be fetched is said (zh-CN) and no cloud is painted; adding the study again loads it', async () => {
    const { frame, win, chart } = await mount({ locale: 'zh-CN', indicators: '' });
    await executeServerCommand('block-requests', { pattern: '/dist/chunks/pane-extras-' });
    const fills = countPathFills(win);
    try {
      const add = await chart.tools.execute('indicators_add', { definitionId: 'ICHIMOKU' });
      expect(add.success, JSON.stringify(add)).to.equal(true);
      await waitFor(() => toast(chart).includes('云图'), `a notice about the cloud (shows "${toast(chart)}")`);
      await chart.whenPainted();
      await chart.whenPainted();
      expect(fills.count(), 'no cloud without the chunk').to.equal(0);

      await executeServerCommand('block-requests', { pattern: null });
      const removed = await chart.tools.execute('indicators_remove', { instanceId: add.data!.instanceId });
      expect(removed.success, JSON.stringify(removed)).to.equal(true);
      await chart.whenPainted();
      expect((await chart.tools.execute('indicators_add', { definitionId: 'ICHIMOKU' })).success).to.equal(true);
      await waitFor(() => fills.count() > 0, 'the cloud once the chunk loads');
    } finally {
      fills.stop();
    }
    frame.remove();
  });
});

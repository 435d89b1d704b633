import { expect } from '@open-wc/testing';
import { executeServerCommand } from '@web/test-runner-commands';
import { waitFor } from '../helpers/chart-fixture.js';
import { countCalls } from '../helpers/count-calls.js';
import { retryStudyWithoutChunk } from '../helpers/retry-study-without-chunk.js';
import {
  bundleChart,
  frameChart,
  loadedScripts,
  openBundlePage,
  type FrameWindow as Win,
} from '../helpers/test-frame.js';

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

/** Counts full circles added to a `Path2D` (the dots; nothing else of these charts makes one) until `stop()`. */
const countDots = (win: Win) =>
  countCalls(win.Path2D.prototype, 'arc', (_, args) => (args[4] as number) - (args[3] as number) >= Math.PI * 2);

describe('the dots of SAR are in the modes’ chunk', function () {
  this.timeout(60000);

  afterEach(async () => {
    await executeServerCommand('block-requests', { pattern: null });
  });

  it('is fetched for SAR, and its dots are drawn', async () => {
    const { frame, win, chart } = await bundleChart<Chart>({ indicators: 'MA(20)' });
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
    const { frame, win } = await openBundlePage();
    const dots = countDots(win);
    try {
      await frameChart<Chart>(win, { indicators: 'SAR' });
      expect(dots.count(), 'dots in the first painted frame').to.be.greaterThan(20);
    } finally {
      dots.stop();
    }
    frame.remove();
  });

  it('a chunk that cannot be fetched is said (zh-CN) and no dots are drawn; adding the study again loads it', async () => {
    const { frame, win, chart } = await bundleChart<Chart>({ locale: 'zh-CN', indicators: '' });
    const dots = countDots(win);
    try {
      await retryStudyWithoutChunk(chart, 'SAR', '圆点', dots.count, 20);
    } finally {
      dots.stop();
    }
    frame.remove();
  });
});

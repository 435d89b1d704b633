import { expect } from '@open-wc/testing';
import { executeServerCommand } from '@web/test-runner-commands';
import { waitFor } from '../helpers/chart-fixture.js';
import { countCalls } from '../helpers/count-calls.js';
import { retryStudyWithoutChunk } from '../helpers/retry-study-without-chunk.js';
import { bundleChart, loadedScripts, type FrameWindow as Win } from '../helpers/test-frame.js';

type Result = { success: boolean; data?: { instanceId?: string }; error?: unknown };
type Chart = HTMLElement & {
  tools: { execute(name: string, input: unknown): Promise<Result> };
  whenPainted(): Promise<void>;
};

// The cloud of a band study (Ichimoku's) is painted by the modes' chunk (src/render/pane-extras.ts,
// chunks/pane-extras-<hash>.js): a chart without one never fetches it, the renderer loads it before the
// first frame with a cloud, and a chunk that cannot be fetched is said (the study's lines are drawn without it).

const EXTRAS = /^chunks\/pane-extras-/;

/** Counts the frame's fills of a `Path2D` (the clouds; nothing else of the price pane fills one) until `stop()`. */
const countPathFills = (win: Win) =>
  countCalls(win.CanvasRenderingContext2D.prototype, 'fill', (_, args) => args[0] instanceof win.Path2D);

describe('the clouds of band studies are in the modes’ chunk', function () {
  this.timeout(60000);

  afterEach(async () => {
    await executeServerCommand('block-requests', { pattern: null });
  });

  it('is fetched for Ichimoku, and its cloud is painted', async () => {
    const { frame, win, chart } = await bundleChart<Chart>({ indicators: 'MA(20)' });
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
    const { frame, win, chart } = await bundleChart<Chart>({ locale: 'zh-CN', indicators: '' });
    const fills = countPathFills(win);
    try {
      await retryStudyWithoutChunk(chart, 'ICHIMOKU', '云图', fills.count);
    } finally {
      fills.stop();
    }
    frame.remove();
  });
});

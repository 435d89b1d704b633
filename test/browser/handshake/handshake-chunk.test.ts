import { expect } from '@open-wc/testing';
import { executeServerCommand } from '@web/test-runner-commands';
import type { ChartAgentPort } from '../../../src/protocol/index.js';
import { waitFor } from '../helpers/chart-fixture.js';
import { openFrame, type FrameWindow } from '../helpers/test-frame.js';

// The chart's answer to a panel's `kline-agent-connect` (which chart is asked for, its port) is a chunk
// (components/kline-chart/agent-handshake.ts) fetched after the chart's first paint. Until it is here the
// chart has not announced itself and a request is answered when it arrives; when it cannot be fetched the
// request is a kline-error saying so, and the next request fetches it again (docs/contracts.md "Handshake").

type Chart = HTMLElement & { context: { get(): { chartId: string } | null } };

/** Asks the framed page's charts for `chartId`; the replies, as they come (at once or later). */
function ask(win: FrameWindow, chartId: string): ChartAgentPort[] {
  const replies: ChartAgentPort[] = [];
  win.document.dispatchEvent(
    new win.CustomEvent('kline-agent-connect', {
      bubbles: true,
      composed: true,
      detail: { chartId, reply: (p: ChartAgentPort) => replies.push(p) },
    }),
  );
  return replies;
}

/** A chart `id` on the bundle's empty page, its handshake chunk blocked (`hold`: held) before it is made. */
async function mount(id: string, hold: boolean) {
  const { frame, win } = await openFrame('/test/pages/script-tag-empty.html', 'width:700px;height:400px;border:0');
  await win.customElements.whenDefined('kline-chart');
  await executeServerCommand('block-requests', { pattern: '/dist/chunks/agent-handshake-', hold });
  const available: string[] = [];
  win.document.addEventListener('kline-agent-available', (e) =>
    available.push((e as CustomEvent<{ chartId: string }>).detail.chartId),
  );
  const chart = win.document.createElement('kline-chart') as HTMLElement as Chart;
  chart.id = id;
  chart.style.cssText = 'display:block;width:600px;height:360px';
  const errors: { code: string; message: string }[] = [];
  chart.addEventListener('kline-error', (e) =>
    errors.push((e as CustomEvent<{ code: string; message: string }>).detail),
  );
  win.document.body.replaceChildren(chart);
  await waitFor(() => chart.context.get() !== null, 'chart data');
  return { frame, win, chart, available, errors };
}

describe('the agent handshake is a chunk', function () {
  this.timeout(60000);

  afterEach(async () => {
    await executeServerCommand('block-requests', { pattern: null });
  });

  it('asked before its chunk arrives, the chart replies when it does, announces itself, then replies at once', async () => {
    const { frame, win, available } = await mount('hs-held', true);
    const early = ask(win, 'hs-held');
    expect(early.length, 'no reply while the chunk is held').to.equal(0);
    expect(available).to.deep.equal([]);
    await executeServerCommand('block-requests', { pattern: null }); // the held request goes on
    await waitFor(() => early.length === 1, 'the late reply');
    expect(early[0].context()!.chartId).to.equal('hs-held');
    await waitFor(() => available.includes('hs-held'), 'kline-agent-available');
    const now = ask(win, 'hs-held');
    expect(now.length, 'a reply at once').to.equal(1);
    await now[0].toolsReady?.();
    const result = await now[0].execute('chart_set_period', { period: '1w' });
    expect(result.success).to.equal(true);
    expect(early[0].context()!.period).to.equal('1w');
    frame.remove();
  });

  it('cannot be fetched: a request is a kline-error saying so and gets no reply; the next one, once it can, connects', async () => {
    const { frame, win, available, errors } = await mount('hs-blocked', false);
    const first = ask(win, 'hs-blocked');
    await waitFor(() => errors.some((e) => e.code === 'agent_unavailable'), 'kline-error agent_unavailable');
    const error = errors.find((e) => e.code === 'agent_unavailable')!;
    expect(error.message).to.contain('agent connection could not be loaded');
    expect(first.length).to.equal(0);
    expect(available).to.deep.equal([]);
    await executeServerCommand('block-requests', { pattern: null });
    const again = ask(win, 'hs-blocked');
    await waitFor(() => again.length === 1, 'a reply once the chunk loads');
    expect(again[0].context()!.chartId).to.equal('hs-blocked');
    await waitFor(() => available.includes('hs-blocked'), 'kline-agent-available');
    expect(first.length, 'the refused request stays unanswered').to.equal(0);
    frame.remove();
  });
});

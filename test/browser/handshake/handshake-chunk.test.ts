import { expect } from '@open-wc/testing';
import { executeServerCommand } from '@web/test-runner-commands';
import type { ChartAgentPort } from '../../../src/protocol/index.js';
import { waitFor } from '../helpers/chart-fixture.js';
import { connectFramePort } from '../../../src/frames/index.js';
import '../../../components/chart-agent-panel/define.js';
import { recordHandedPorts } from '../helpers/handed-ports.js';
import { handshakeCharts as mountCharts, whenServingFrames } from '../helpers/handshake-charts.js';
import type { FrameWindow } from '../helpers/test-frame.js';

// The chart's answer to a panel's `kline-agent-connect` (which chart is asked for, its port) is a chunk
// (components/kline-chart/agent-handshake.ts) fetched after the chart's first paint. Until it is here the
// chart has not announced itself and a request is answered when it arrives; when it cannot be fetched the
// request is a kline-error saying so, and the next request fetches it again (docs/contracts.md "Handshake").

/** Asks the framed page's charts for `chartId`; the replies, as they come (at once or later). */
function ask(win: FrameWindow, chartId: string): ChartAgentPort[] {
  const replies: ChartAgentPort[] = [];
  win.document.dispatchEvent(
    new win.CustomEvent('kline-agent-connect', {
      bubbles: true,
      composed: true,
      detail: { ...(chartId ? { chartId } : {}), reply: (p: ChartAgentPort) => replies.push(p) },
    }),
  );
  return replies;
}

/** A chart `id` on the bundle's empty page, its handshake chunk blocked (`hold`: held) before it is made. */
async function mount(id: string, hold: boolean) {
  const { frame, win, charts, errors } = await mountCharts([id], hold);
  // The chunk is blocked or held: no chart has announced itself yet.
  const available: string[] = [];
  win.document.addEventListener('kline-agent-available', (e) =>
    available.push((e as CustomEvent<{ chartId: string }>).detail.chartId),
  );
  return { frame, win, chart: charts[0], available, errors: errors.get(id) ?? [] };
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

/** `ms` of the framed page's time passing (its own timers, as the chart's are). */
const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('the agent handshake chunk and who asked', function () {
  this.timeout(60000);

  afterEach(async () => {
    await executeServerCommand('block-requests', { pattern: null });
  });

  it('a frame connection whose chunk failed is told the chart is unavailable (not refused), and a retry once it loads connects', async () => {
    const { frame, win, unavailable } = await mountCharts(['hs-framed'], false, { 'agent-origins': location.origin });
    // The chart serves other windows once its frames chunk is in and the handshake's fetch has settled.
    await whenServingFrames(win);
    const failed = await connectFramePort(win, location.origin, { chartId: 'hs-framed', timeoutMs: 5000 }).then(
      () => null,
      (error: Error & { code?: string }) => error,
    );
    expect(failed, 'no port while the chunk cannot be fetched').to.not.equal(null);
    expect(failed!.code, failed!.message).to.equal('agent_unavailable');
    expect(failed!.message).to.contain('could not be loaded');
    expect(failed!.message).not.to.contain('agent="off"');
    await waitFor(() => unavailable('hs-framed') === 1, 'kline-error agent_unavailable in the framed page');

    await executeServerCommand('block-requests', { pattern: null });
    const port = await connectFramePort(win, location.origin, { chartId: 'hs-framed', timeoutMs: 5000 });
    expect(port.chartId).to.equal('hs-framed');
    const result = await port.execute('chart_set_period', { period: '1w' });
    expect(result.success, JSON.stringify(result)).to.equal(true);
    expect(port.context()?.period).to.equal('1w');
    frame.remove();
  });

  it('a panel for a framed chart whose chunk failed connects once the chunk can be fetched', async () => {
    const { frame, win, unavailable } = await mountCharts(['hs-framed-panel'], false, {
      'agent-origins': location.origin,
    });
    frame.id = 'hs-frame';
    await whenServingFrames(win);
    const panel = document.createElement('chart-agent-panel');
    const connections: string[] = [];
    panel.addEventListener('agent-connection-change', (e) => {
      if (e.detail.connected) connections.push(String(e.detail.chartId));
    });
    panel.setAttribute('for', 'frame:hs-frame');
    panel.setAttribute('session-store', 'memory');
    panel.style.cssText = 'display:block;width:300px;height:300px';
    document.body.append(panel);
    await waitFor(() => unavailable('hs-framed-panel') >= 1, 'the framed chart says it cannot answer');
    await pause(300);
    expect(panel.connected).to.equal(false);
    await executeServerCommand('block-requests', { pattern: null });
    await waitFor(() => panel.connected, 'the panel connected once the chunk can be fetched', 15000);
    expect(connections).to.deep.equal(['hs-framed-panel']);
    panel.remove();
    frame.remove();
  });

  it('a chart asked by a frame while agent="off" is still refused as such', async () => {
    const { frame, win } = await mountCharts(['hs-framed-off'], false, {
      'agent-origins': location.origin,
      agent: 'off',
    });
    await whenServingFrames(win);
    const failed = await connectFramePort(win, location.origin, { chartId: 'hs-framed-off', timeoutMs: 5000 }).then(
      () => null,
      (error: Error & { code?: string }) => error,
    );
    expect(failed?.message).to.contain('agent="off"');
    expect(failed?.code).to.equal('refused');
    frame.remove();
  });

  it('a panel for several charts that asked before the chunk arrived ends with one open port per chart', async () => {
    const { frame, win, charts } = await mountCharts(['hs-m1', 'hs-m2'], true);
    const { handed, asked } = recordHandedPorts(win);
    const panel = win.document.createElement('chart-agent-panel') as HTMLElement & {
      connected: boolean;
      updateComplete: Promise<unknown>;
    };
    panel.setAttribute('for', 'hs-m1 hs-m2');
    panel.setAttribute('session-store', 'memory');
    panel.style.cssText = 'display:block;width:300px;height:300px';
    const connections: string[] = [];
    panel.addEventListener('agent-connection-change', (e) => {
      const d = (e as CustomEvent<{ connected: boolean; chartId: string }>).detail;
      if (d.connected) connections.push(d.chartId);
    });
    win.document.body.append(panel);
    await waitFor(() => asked.includes('hs-m1') && asked.includes('hs-m2'), 'the panel asked both charts');
    expect(handed, 'no reply while the chunk is held').to.have.length(0);
    await executeServerCommand('block-requests', { pattern: null });
    await waitFor(() => panel.connected && connections.at(-1) === 'hs-m1 hs-m2', 'the panel connected to both');
    await pause(500); // late replies, announcements and the panel's answers to them settle
    for (const chart of charts) {
      const open = handed.filter((h) => h.port.chartId === chart.id && !h.closed);
      expect(
        open.length,
        `open ports of ${chart.id} (handed ${handed.filter((h) => h.port.chartId === chart.id).length})`,
      ).to.equal(1);
    }
    expect(connections.at(-1)).to.equal('hs-m1 hs-m2');
    expect(panel.connected).to.equal(true);
    frame.remove();
  });

  it('an untargeted request that cannot be answered is reported by the chart it was for only, once per request', async () => {
    const { frame, win, unavailable } = await mountCharts(['hs-first', 'hs-second'], false);
    const replies = ask(win, '');
    await waitFor(() => unavailable('hs-first') === 1, 'kline-error agent_unavailable on the first chart');
    await pause(300);
    expect(unavailable('hs-second'), 'the second chart was not asked').to.equal(0);
    ask(win, '');
    await waitFor(() => unavailable('hs-first') === 2, 'the next failed request reported again');
    await pause(300);
    expect(unavailable('hs-second')).to.equal(0);
    expect(replies).to.have.length(0);
    // A request naming the second chart is reported by that chart alone.
    ask(win, 'hs-second');
    await waitFor(() => unavailable('hs-second') === 1, 'kline-error on the chart asked for');
    await pause(300);
    expect(unavailable('hs-first')).to.equal(2);
    frame.remove();
  });
});

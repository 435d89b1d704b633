import { expect } from '@open-wc/testing';
import { executeServerCommand } from '@web/test-runner-commands';
import type { ChartAgentPort } from '../../../src/protocol/index.js';
import { waitFor } from '../helpers/chart-fixture.js';
import { connectFramePort } from '../../../src/frames/index.js';
import { loadedScripts, openFrame } from '../helpers/test-frame.js';

// A chart asked from another window while its handshake chunk is on its way again (its first fetch failed)
// answers once it arrives
// (src/frames/serve-frame-connections.ts waits for it). When the asker gave up meanwhile (connectFramePort's
// timeout), nobody will read that port: the chart must not keep it open, serving a channel no one listens to.

type Chart = HTMLElement & { context: { get(): unknown } };

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('a frame connection the asker gave up on', function () {
  this.timeout(60000);

  afterEach(() => executeServerCommand('block-requests', { pattern: null }));

  it('leaves the chart no open port once its late answer comes', async () => {
    const { frame, win } = await openFrame('/test/pages/script-tag-empty.html', 'width:700px;height:400px;border:0');
    await win.customElements.whenDefined('kline-chart');
    // The first fetch fails (the chart then serves other windows), the next one is held back.
    await executeServerCommand('block-requests', { pattern: '/dist/chunks/agent-handshake-' });
    const chart = win.document.createElement('kline-chart') as HTMLElement as Chart;
    chart.id = 'ft-chart';
    chart.setAttribute('agent-origins', location.origin);
    chart.style.cssText = 'display:block;width:600px;height:300px';
    win.document.body.replaceChildren(chart);
    await waitFor(() => chart.context.get() !== null, 'chart data');
    await waitFor(() => loadedScripts(win).some((p) => p.startsWith('chunks/serve-frame-connections-')), 'frames');
    await pause(100);
    await executeServerCommand('block-requests', { pattern: '/dist/chunks/agent-handshake-', hold: true });
    // Every port the chart hands out, with whether it closed since.
    const handed: { port: ChartAgentPort; closed: boolean }[] = [];
    win.addEventListener(
      'kline-agent-connect',
      (event) => {
        const detail = (event as CustomEvent<{ reply(p: ChartAgentPort): void }>).detail;
        const reply = detail.reply.bind(detail);
        detail.reply = (port) => {
          const entry = { port, closed: false };
          handed.push(entry);
          void port.closed.then(() => (entry.closed = true));
          reply(port);
        };
      },
      { capture: true },
    );

    const failed = await connectFramePort(win, location.origin, { chartId: 'ft-chart', timeoutMs: 300 }).then(
      () => null,
      (error: Error & { code?: string }) => error,
    );
    expect(failed?.code).to.equal('timeout');
    await executeServerCommand('block-requests', { pattern: null }); // the held chunk arrives
    await waitFor(() => handed.length === 1, 'the chart answered late');
    await pause(300);
    expect(handed[0].closed, 'the late port is let go').to.equal(true);
    frame.remove();
  });
});

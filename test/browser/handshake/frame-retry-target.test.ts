import { expect } from '@open-wc/testing';
import { executeServerCommand } from '@web/test-runner-commands';
import { waitFor } from '../helpers/chart-fixture.js';
import '../../../components/chart-agent-panel/define.js';
import { loadedScripts, openFrame } from '../helpers/test-frame.js';

// A panel for a framed chart whose handshake chunk cannot be fetched asks it again, less often each time
// (chart-agent-panel.ts #connectFrame). Those retries are for that frame only: once the panel's `for` names
// another chart, a later answer of the first frame must not connect the panel to it.

type Chart = HTMLElement & { context: { get(): unknown } };

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe("a framed chart's retries end when the panel's for changes", function () {
  this.timeout(60000);

  afterEach(() => executeServerCommand('block-requests', { pattern: null }));

  it('a panel switched away from a framed chart that could not answer does not connect to it later', async () => {
    const { frame, win } = await openFrame('/test/pages/script-tag-empty.html', 'width:700px;height:400px;border:0');
    frame.id = 'fr-retry-frame';
    await win.customElements.whenDefined('kline-chart');
    await executeServerCommand('block-requests', { pattern: '/dist/chunks/agent-handshake-' });
    const chart = win.document.createElement('kline-chart') as HTMLElement as Chart;
    chart.id = 'fr-retry-chart';
    chart.setAttribute('agent-origins', location.origin);
    chart.style.cssText = 'display:block;width:600px;height:300px';
    let unavailable = 0;
    chart.addEventListener('kline-error', (e) => {
      if ((e as CustomEvent<{ code: string }>).detail.code === 'agent_unavailable') unavailable++;
    });
    win.document.body.replaceChildren(chart);
    await waitFor(() => chart.context.get() !== null, 'chart data');
    await waitFor(() => loadedScripts(win).some((p) => p.startsWith('chunks/serve-frame-connections-')), 'frames');
    await pause(100);

    const panel = document.createElement('chart-agent-panel');
    const connections: string[] = [];
    panel.addEventListener('agent-connection-change', (e) => {
      if (e.detail.connected) connections.push(String(e.detail.chartId));
    });
    panel.setAttribute('for', 'frame:fr-retry-frame');
    panel.setAttribute('session-store', 'memory');
    // One place for its chats whatever it is for (a `for` change alone then starts nothing anew).
    panel.setAttribute('session-key', 'fr-retry');
    panel.style.cssText = 'display:block;width:300px;height:300px';
    document.body.append(panel);
    await waitFor(() => unavailable >= 1, 'the framed chart says it cannot answer');

    // The page points the panel at a chart that is not here yet; the framed chart's chunk then loads.
    panel.setAttribute('for', 'fr-retry-elsewhere');
    await executeServerCommand('block-requests', { pattern: null });
    // Past the first two retries (2 s, then 4 s).
    await pause(6500);
    expect(connections, 'no connection to the framed chart').to.deep.equal([]);
    expect(panel.connected).to.equal(false);
    panel.remove();
    frame.remove();
  });
});

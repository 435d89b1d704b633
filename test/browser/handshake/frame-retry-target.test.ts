import { expect } from '@open-wc/testing';
import { executeServerCommand } from '@web/test-runner-commands';
import { waitFor } from '../helpers/chart-fixture.js';
import '../../../components/chart-agent-panel/define.js';
import { handshakeCharts, whenServingFrames } from '../helpers/handshake-charts.js';

// A panel for a framed chart whose handshake chunk cannot be fetched asks it again, less often each time
// (chart-agent-panel.ts #connectFrame). Those retries are for that frame only: once the panel's `for` names
// another chart, a later answer of the first frame must not connect the panel to it.

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe("a framed chart's retries end when the panel's for changes", function () {
  this.timeout(60000);

  afterEach(() => executeServerCommand('block-requests', { pattern: null }));

  it('a panel switched away from a framed chart that could not answer does not connect to it later', async () => {
    const { frame, win, unavailable } = await handshakeCharts(['fr-retry-chart'], false, {
      'agent-origins': location.origin,
    });
    frame.id = 'fr-retry-frame';
    await whenServingFrames(win);

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
    await waitFor(() => unavailable('fr-retry-chart') >= 1, 'the framed chart says it cannot answer');

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

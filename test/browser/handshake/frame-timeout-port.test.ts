import { expect } from '@open-wc/testing';
import { executeServerCommand } from '@web/test-runner-commands';
import { waitFor } from '../helpers/chart-fixture.js';
import { connectFramePort } from '../../../src/frames/index.js';
import { recordHandedPorts } from '../helpers/handed-ports.js';
import { handshakeCharts, whenServingFrames } from '../helpers/handshake-charts.js';

// A chart asked from another window while its handshake chunk is on its way again (its first fetch failed)
// answers once it arrives
// (src/frames/serve-frame-connections.ts waits for it). When the asker gave up meanwhile (connectFramePort's
// timeout), nobody will read that port: the chart must not keep it open, serving a channel no one listens to.

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('a frame connection the asker gave up on', function () {
  this.timeout(60000);

  afterEach(() => executeServerCommand('block-requests', { pattern: null }));

  it('leaves the chart no open port once its late answer comes', async () => {
    // The first fetch fails (the chart then serves other windows), the next one is held back.
    const { frame, win } = await handshakeCharts(['ft-chart'], false, { 'agent-origins': location.origin });
    await whenServingFrames(win);
    await executeServerCommand('block-requests', { pattern: '/dist/chunks/agent-handshake-', hold: true });
    const { handed } = recordHandedPorts(win);

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

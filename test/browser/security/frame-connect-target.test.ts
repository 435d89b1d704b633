import { expect } from '@open-wc/testing';
import '../../../components/kline-chart/define.js';
import type { KlineChart } from '../../../components/kline-chart/kline-chart.js';
import { connectFramePort, serveFrameConnections } from '../../../src/frames/index.js';
import { waitFor } from '../helpers/chart-fixture.js';

// Another window may drive only a chart whose agent-origins lists its origin
// (src/frames/serve-frame-connections.ts, docs/contracts.md "Charts in other windows"). The chart whose
// attribute was checked must be the one that answers: not the page's first chart (a connection without
// chartId) nor another chart with the same id (two posts on one page both using id="chart").
// This page connects to itself, so the message's origin is location.origin.

function makeChart(id: string, origins: string | null): KlineChart {
  const chart = document.createElement('kline-chart');
  if (id) chart.id = id;
  if (origins !== null) chart.setAttribute('agent-origins', origins);
  chart.style.cssText = 'display:block;width:400px;height:200px';
  return chart;
}

async function ready(...charts: KlineChart[]): Promise<void> {
  for (const chart of charts) await waitFor(() => chart.context.get() !== null, `${chart.id || 'chart'} data`);
}

const periodOf = (chart: KlineChart) => chart.context.get()?.period;

describe('a connection from another window reaches only the chart that lists its origin', function () {
  this.timeout(30000);

  before(() => serveFrameConnections());
  afterEach(() => document.body.replaceChildren());

  it('without chartId: the chart with agent-origins, not the first chart of the page', async () => {
    const first = makeChart('', null);
    const listed = makeChart('', location.origin);
    document.body.append(first, listed);
    await ready(first, listed);
    const before = periodOf(first);
    const port = await connectFramePort(window, location.origin, { timeoutMs: 5000 });
    const result = await port.execute('chart_set_period', { period: '1w' });
    expect(result.success, JSON.stringify(result)).to.equal(true);
    expect(periodOf(listed), 'the chart that allowed this origin changed').to.equal('1w');
    expect(periodOf(first), 'the chart that allowed no one is untouched').to.equal(before);
    port.close?.();
  });

  it('with a repeated id: the chart whose attribute was checked, not an earlier chart of that id', async () => {
    const unlisted = makeChart('dup', null);
    document.body.append(unlisted);
    await ready(unlisted);
    // Connected second but first in the document, so getElementById finds it.
    const listed = makeChart('dup', location.origin);
    document.body.prepend(listed);
    await ready(listed);
    const before = periodOf(unlisted);
    const port = await connectFramePort(window, location.origin, { chartId: 'dup', timeoutMs: 5000 });
    const result = await port.execute('chart_set_period', { period: '1w' });
    expect(result.success, JSON.stringify(result)).to.equal(true);
    expect(periodOf(listed)).to.equal('1w');
    expect(periodOf(unlisted), 'the chart that allowed no one is untouched').to.equal(before);
    port.close?.();
  });

  it('an opaque origin (a sandboxed frame) gets no port, even with "null" in agent-origins', async () => {
    const chart = makeChart('opaque', `null ${location.origin}`);
    document.body.append(chart);
    await ready(chart);
    const before = periodOf(chart);
    // Any page can make a sandboxed frame: its origin is "null", the same as every other opaque origin's.
    const frame = document.createElement('iframe');
    frame.sandbox.add('allow-scripts');
    const answers: unknown[] = [];
    const onMessage = (event: MessageEvent) => {
      // The frame's own reports (its connection request reaches this window's listeners too).
      const data = event.data as { op?: unknown } | null;
      if (event.source === frame.contentWindow && data && 'op' in data) answers.push(data);
    };
    window.addEventListener('message', onMessage);
    frame.srcdoc = `<script>
      const channel = new MessageChannel();
      channel.port1.onmessage = (e) => {
        parent.postMessage({ op: e.data && e.data.op }, '*');
        if (e.data && e.data.op === 'hello') channel.port1.postMessage({ op: 'execute', id: 1, name: 'chart_set_period', input: { period: '1w' }, options: {} });
      };
      parent.postMessage({ type: 'kline-agent-frame-connect', chartId: 'opaque' }, '*', [channel.port2]);
      parent.postMessage({ op: 'sent' }, '*');
    </script>`;
    document.body.append(frame);
    await waitFor(() => answers.length > 0, 'the sandboxed frame ran');
    await new Promise((r) => setTimeout(r, 1500));
    window.removeEventListener('message', onMessage);
    expect(answers, 'the chart never answered the opaque origin').to.deep.equal([{ op: 'sent' }]);
    expect(periodOf(chart)).to.equal(before);
  });

  it('an origin taken out of agent-origins loses its open connection at its next call', async () => {
    const chart = makeChart('revoked', location.origin);
    document.body.append(chart);
    await ready(chart);
    const port = await connectFramePort(window, location.origin, { chartId: 'revoked', timeoutMs: 5000 });
    expect((await port.execute('chart_set_period', { period: '1w' })).success).to.equal(true);
    chart.setAttribute('agent-origins', 'https://other.example');
    const refused = await port.execute('chart_set_period', { period: '1M' });
    expect(refused.success, JSON.stringify(refused)).to.equal(false);
    expect(periodOf(chart), 'the call after the origin was removed changed nothing').to.equal('1w');
    await port.closed;
  });

  it("an origin taken out of agent-origins is shown none of the chart's later changes: the connection closes instead", async () => {
    const chart = makeChart('watched', location.origin);
    document.body.append(chart);
    await ready(chart);
    const port = await connectFramePort(window, location.origin, { chartId: 'watched', timeoutMs: 5000 });
    const seen: (string | undefined)[] = [];
    port.subscribe((context) => seen.push(context?.period));
    chart.setAttribute('agent-origins', 'https://other.example');
    // The page's own change (the user's, say): the other window may no longer read the chart.
    chart.period = '1M';
    await waitFor(() => periodOf(chart) === '1M', 'the chart on 1M');
    let closed = false;
    void port.closed.then(() => (closed = true));
    await waitFor(() => closed, 'the connection closed');
    expect(seen, 'no state after the origin was removed').to.not.include('1M');
    expect(port.context()?.period).to.not.equal('1M');
  });

  it('an unlisted origin gets no port, whichever chart it names', async () => {
    const chart = makeChart('solo', 'https://other.example');
    document.body.append(chart);
    await ready(chart);
    const before = periodOf(chart);
    for (const chartId of ['solo', undefined]) {
      const failed = await connectFramePort(window, location.origin, {
        ...(chartId ? { chartId } : {}),
        timeoutMs: 800,
      }).then(
        () => null,
        (error: Error & { code?: string }) => error.code,
      );
      expect(failed, String(chartId)).to.equal('timeout');
    }
    expect(periodOf(chart)).to.equal(before);
  });
});

import { expect } from '@open-wc/testing';
import { html } from 'lit';
import type { KlineChart } from '../../../components/kline-chart/kline-chart.js';
import type { ChartAgentPanel } from '../../../components/chart-agent-panel/index.js';
import type { MockStep } from '../../mock-model/mock-step.js';
import { waitFor } from '../helpers/chart-fixture.js';
import { mount, nextRunEnd, startMockModel, typeAndSend, unmountAll } from '../panel/panel-fixture.js';
import { minuteBars, newParent, nextFrame, removeFixtures } from './lifecycle-fixture.js';
import { scriptMock } from '../helpers/mock-model-client.js';
import { coreOf } from '../../../components/kline-chart/core-of.js';

let mockRoot = '';
let mockUrl = '';

function script(steps: MockStep[]): Promise<void> {
  return scriptMock(mockRoot, steps);
}

/** A chart showing the host's 1m bars and a panel connected to it. */
async function hostChartAndPanel(): Promise<{ chart: KlineChart; panel: ChartAgentPanel }> {
  const wrapper = mount(html`<div>
    <kline-chart id="moved" symbol="HOSTCO" period="1m" style="width:600px;height:380px"></kline-chart>
    <chart-agent-panel for="moved" base-url=${mockUrl} session-store="memory" style="width:360px;height:480px"></chart-agent-panel></div>`);
  const chart = wrapper.querySelector('kline-chart')!;
  chart.setBars(minuteBars(300));
  const panel = wrapper.querySelector('chart-agent-panel')!;
  await waitFor(() => chart.context.get()?.symbol === 'HOSTCO', 'host data');
  await waitFor(() => panel.connected && panel.sessionId !== '' && panel.canSend, 'panel ready');
  return { chart, panel };
}

describe('the agent changes the period of host data, and follows a moved chart', function () {
  this.timeout(60000);

  before(async () => {
    ({ url: mockUrl, root: mockRoot } = await startMockModel());
  });
  afterEach(() => {
    unmountAll();
    removeFixtures();
  });

  it("chart_set_period from the model folds the host's bars, reflects period=5m, fires one kline-change (reason agent)", async () => {
    const { chart, panel } = await hostChartAndPanel();
    const rows = minuteBars(300);
    const changes: { action: string; reason: string; period: string; source: string }[] = [];
    chart.addEventListener('kline-change', (e) => changes.push((e as CustomEvent).detail));
    await script([
      { toolCalls: [{ name: 'chart_set_period', arguments: '{"period":"5m"}' }] },
      { text: 'Now on 5 minutes.' },
    ]);
    const ended = nextRunEnd(panel);
    await typeAndSend(panel, 'Five minute bars please');
    expect((await ended).status).to.equal('completed');
    const bars = coreOf(chart).store.peek('series')!.bars;
    expect(chart.context.get()!.period).to.equal('5m');
    expect(chart.context.get()!.source).to.equal('custom');
    expect(bars.open[0]).to.equal(rows[0].open);
    expect(bars.high[0]).to.equal(Math.max(...rows.slice(0, 5).map((b) => b.high)));
    expect(bars.low[0]).to.equal(Math.min(...rows.slice(0, 5).map((b) => b.low)));
    expect(bars.close[0]).to.equal(rows[4].close);
    expect(bars.volume[0]).to.equal(rows.slice(0, 5).reduce((a, b) => a + b.volume, 0));
    await chart.updateComplete;
    expect(chart.getAttribute('period')).to.equal('5m');
    await chart.updateComplete;
    expect(changes).to.have.length(1);
    expect(changes[0]).to.include({ action: 'chart_set_period', reason: 'agent', period: '5m', source: 'custom' });
  });

  it('a panel reconnects to a chart moved into another parent, and its tools act on the moved chart', async () => {
    const { chart, panel } = await hostChartAndPanel();
    newParent().appendChild(chart);
    await nextFrame();
    await waitFor(() => panel.connected, 'panel reconnected');
    await script([{ toolCalls: [{ name: 'chart_set_period', arguments: '{"period":"15m"}' }] }, { text: 'Done.' }]);
    await waitFor(() => panel.canSend, 'panel can send');
    const ended = nextRunEnd(panel);
    await typeAndSend(panel, 'Fifteen minutes');
    expect((await ended).status).to.equal('completed');
    expect(chart.context.get()!.period).to.equal('15m');
    expect(chart.context.get()!.dataRange.bars).to.equal(20);
  });

  it('agent="off" closes the port; turning it back on lets the panel connect again', async () => {
    const { chart, panel } = await hostChartAndPanel();
    chart.setAttribute('agent', 'off');
    await waitFor(() => !panel.connected, 'panel disconnected');
    chart.setAttribute('agent', 'full');
    await waitFor(() => panel.connected, 'panel reconnected');
  });
});

import { expect } from '@open-wc/testing';
import { html } from 'lit';
import type { KlineChart } from '../../../components/kline-chart/kline-chart.js';
import type { ChartAgentPanel } from '../../../components/chart-agent-panel/index.js';
import { waitFor } from '../helpers/chart-fixture.js';
import { mount, nextRunEnd, typeAndSend, useMockModel, type MockModel } from '../panel/panel-fixture.js';
import { hold, stillHeld, type Held } from './leak-check.js';

// A panel drives a chart in another window through a MessageChannel (src/frames/): when either side
// leaves its page, the channel, its listeners and the bridge must not keep it.

const ROUNDS = 3;
const FRAME_URL = `/test/browser/frames/frame-chart.html?id=framed&origins=${encodeURIComponent(location.origin)}`;

/** The frame's window once its chart has data. */
async function frameWithChart(frame: HTMLIFrameElement): Promise<Window> {
  await waitFor(
    () => {
      const chart = frame.contentDocument?.getElementById('framed') as KlineChart | null;
      return !!chart?.context?.get();
    },
    'the framed chart',
    30000,
  );
  return frame.contentWindow!;
}

/** A panel beside the frame, driving its chart (for="frame:f"), after one run with a tool call. */
async function panelAfterRun(wrapper: HTMLElement, mock: MockModel): Promise<ChartAgentPanel> {
  const panel = document.createElement('chart-agent-panel');
  panel.setAttribute('for', 'frame:f');
  panel.setAttribute('base-url', mock.url);
  panel.setAttribute('session-store', 'memory');
  panel.style.cssText = 'width:380px;height:560px';
  wrapper.append(panel);
  await waitFor(() => panel.connected && panel.sessionId !== '' && panel.canSend, 'panel on the framed chart', 30000);
  await mock.script([{ toolCalls: [{ name: 'chart_set_period', arguments: '{"period":"1w"}' }] }, { text: 'Weekly.' }]);
  const ended = nextRunEnd(panel);
  await typeAndSend(panel, 'weekly please');
  expect((await ended).status).to.equal('completed');
  return panel;
}

/** {@link panelAfterRun}, then the panel moved in the page (it connects again), then removed. */
async function removePanel(held: Held, wrapper: HTMLElement, mock: MockModel): Promise<void> {
  const panel = await panelAfterRun(wrapper, mock);
  const elsewhere = document.createElement('div');
  wrapper.append(elsewhere);
  elsewhere.append(panel);
  await waitFor(() => panel.connected && panel.canSend, 'the moved panel on the framed chart again', 30000);
  await mock.script([{ toolCalls: [{ name: 'chart_set_period', arguments: '{"period":"1d"}' }] }, { text: 'Daily.' }]);
  const ended = nextRunEnd(panel);
  await typeAndSend(panel, 'daily please');
  const end = await ended;
  expect(end.status).to.equal('completed');
  const tool = (await mock.requests())[1].body.messages as { role: string; content: string }[];
  expect(JSON.parse(tool.find((m) => m.role === 'tool')!.content).success, 'the tool ran on the framed chart').to.equal(
    true,
  );
  hold(held, 'panel', panel);
  hold(held, 'panel shadow root', panel.shadowRoot);
  elsewhere.remove();
}

/** Puts a chart in the frame, lets the panel run a tool on it, removes it. */
async function removeFramedChart(held: Held, win: Window, panel: ChartAgentPanel, mock: MockModel): Promise<void> {
  const c = win.document.createElement('kline-chart');
  c.id = 'framed';
  c.setAttribute('agent-origins', location.origin);
  c.style.cssText = 'display:block;width:500px;height:300px';
  win.document.body.append(c);
  await waitFor(() => c.context.get() !== null, 'the framed chart');
  await waitFor(() => panel.connected && panel.canSend, 'the panel on the framed chart', 30000);
  await mock.script([{ toolCalls: [{ name: 'chart_set_period', arguments: '{"period":"1w"}' }] }, { text: 'Weekly.' }]);
  const ended = nextRunEnd(panel);
  await typeAndSend(panel, 'weekly please');
  expect((await ended).status).to.equal('completed');
  expect(c.context.get()!.period).to.equal('1w');
  hold(held, 'framed chart', c);
  hold(held, 'framed chart shadow root', c.shadowRoot);
  c.remove();
  await waitFor(() => !panel.connected, 'the panel sees the framed chart gone');
}

describe('a link to a chart in another window lets go of both sides', function () {
  this.timeout(120000);
  const mock = useMockModel();

  it('a panel driving a chart in a frame, removed after a run (the frame stays), is garbage', async () => {
    const wrapper = mount(html`<div style="display:flex;gap:8px">
      <iframe id="f" src=${FRAME_URL} style="width:520px;height:320px"></iframe></div>`)
      .firstElementChild as HTMLElement;
    await frameWithChart(wrapper.querySelector('iframe')!);
    const held: Held = new Map();
    for (let i = 0; i < ROUNDS; i++) await removePanel(held, wrapper, mock);
    expect(await stillHeld(held)).to.deep.equal([]);
  });

  it('a chart in a frame, removed from its page while the panel in the parent stays, is garbage', async () => {
    const wrapper = mount(html`<div style="display:flex;gap:8px">
      <iframe id="f" src=${FRAME_URL} style="width:520px;height:320px"></iframe>
      <chart-agent-panel for="frame:f" base-url=${mock.url} session-store="memory" style="width:380px;height:560px"></chart-agent-panel></div>`);
    const win = await frameWithChart(wrapper.querySelector('iframe')!);
    const panel = wrapper.querySelector('chart-agent-panel')!;
    await waitFor(() => panel.connected, "the panel on the frame page's chart", 30000);
    // The frame page's own chart is held by its script (frame-chart-page.ts): charts of the test's replace it.
    win.document.getElementById('framed')!.remove();
    await waitFor(() => !panel.connected, 'the panel sees the chart gone');
    const held: Held = new Map();
    for (let i = 0; i < ROUNDS; i++) await removeFramedChart(held, win, panel, mock);
    expect(await stillHeld(held)).to.deep.equal([]);
  });
});

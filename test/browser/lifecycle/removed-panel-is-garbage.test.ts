import { expect } from '@open-wc/testing';
import { html } from 'lit';
import type { KlineChart } from '../../../components/kline-chart/kline-chart.js';
import type { ChartAgentPanel } from '../../../components/chart-agent-panel/index.js';
import { coreOf } from '../../../components/kline-chart/core-of.js';
import { waitFor } from '../helpers/chart-fixture.js';
import { pollUntil } from '../helpers/wait-for.js';
import {
  chartAndPanel,
  deleteDatabase,
  dumpDatabase,
  messagesText,
  mount,
  nextRunEnd,
  part,
  parts,
  typeAndSend,
  unmountAll,
  useMockModel,
  type MockModel,
} from '../panel/panel-fixture.js';
import { hold, stillHeld, type Held } from './leak-check.js';
import type { MockStep } from '../../mock-model/mock-step.js';

// A single-page app mounts a chart and its assistant panel on a route and drops them on the next: neither
// may stay in memory through the other, through the runtime's ports and stores, or through the page.

const ROUNDS = 3;
const SESSIONS_DB = 'kline-agent-sessions';

function holdChart(held: Held, chart: KlineChart): void {
  hold(held, 'chart', chart);
  hold(held, 'chart shadow root', chart.shadowRoot);
  for (const canvas of chart.shadowRoot!.querySelectorAll('canvas')) hold(held, 'chart canvas', canvas);
}

function holdPanel(held: Held, panel: ChartAgentPanel): void {
  hold(held, 'panel', panel);
  hold(held, 'panel shadow root', panel.shadowRoot);
  hold(held, 'panel runtime', panel.runtime);
}

/** Adds a panel beside `chart`, starts a long streamed answer, and removes the panel while it streams. */
async function streamAndRemove(held: Held, chart: KlineChart, mock: MockModel): Promise<void> {
  const panel = document.createElement('chart-agent-panel');
  panel.setAttribute('for', 'c1');
  panel.setAttribute('base-url', mock.url);
  panel.setAttribute('session-store', 'indexeddb');
  panel.style.cssText = 'width:380px;height:560px';
  chart.after(panel);
  await waitFor(() => panel.connected && panel.sessionId !== '' && panel.canSend, 'panel ready');
  const words = Array.from({ length: 200 }, (_, k) => `word${k}`).join(' ');
  await mock.script([{ text: words, chunkDelayMs: 30 }]);
  await typeAndSend(panel, 'Tell me a long story');
  await waitFor(() => messagesText(panel).includes('word3'), 'the answer streaming');
  holdPanel(held, panel);
  panel.remove();
}

/**
 * Adds a panel (chats in IndexedDB) beside `chart`, sends a message and removes the panel once `waiting`
 * holds: a run that waits for the user's approval or answer, or for a rate limit's retry.
 */
async function removeWhileWaiting(
  held: Held,
  chart: KlineChart,
  mock: MockModel,
  steps: MockStep[],
  waiting: (panel: ChartAgentPanel) => boolean,
): Promise<void> {
  const panel = document.createElement('chart-agent-panel');
  panel.setAttribute('for', 'c1');
  panel.setAttribute('base-url', mock.url);
  panel.setAttribute('session-store', 'indexeddb');
  panel.setAttribute('confirm-mutations', 'on');
  panel.style.cssText = 'width:380px;height:560px';
  chart.after(panel);
  await waitFor(() => panel.connected && panel.sessionId !== '' && panel.canSend, 'panel ready');
  await mock.script(steps);
  await typeAndSend(panel, 'Weekly please');
  await waitFor(() => waiting(panel), 'the run waiting');
  holdPanel(held, panel);
  panel.remove();
}

describe('a removed <chart-agent-panel>, and the chart it drives, are garbage', function () {
  this.timeout(120000);
  const mock = useMockModel();
  before(() => deleteDatabase(SESSIONS_DB));
  after(() => deleteDatabase(SESSIONS_DB));

  /** A chart and a panel that keeps its chats in IndexedDB, after one completed run with a tool call. */
  async function afterOneRun(): Promise<{ wrapper: HTMLElement; chart: KlineChart; panel: ChartAgentPanel }> {
    const pair = await chartAndPanel(
      html`<chart-agent-panel for="c1" base-url=${mock.url} session-store="indexeddb" style="width:380px;height:560px"></chart-agent-panel>`,
    );
    await mock.script([
      { toolCalls: [{ name: 'indicators_add', arguments: '{"definitionId":"RSI"}' }] },
      { text: 'RSI is on the chart.' },
    ]);
    const ended = nextRunEnd(pair.panel);
    await typeAndSend(pair.panel, 'Add RSI');
    expect((await ended).status).to.equal('completed');
    expect(
      coreOf(pair.chart)
        .store.peek('indicators')
        .some((i) => i.definitionId === 'RSI'),
    ).to.equal(true);
    await pair.panel.updateComplete;
    return pair;
  }

  /** {@link afterOneRun}, then both removed as a route change does (their container goes). */
  async function runAndRemove(held: Held): Promise<void> {
    const { chart, panel } = await afterOneRun();
    // Mounted again on the same page, the panel continues its chat and may write to it (no lock left behind).
    expect(part(panel, 'notice')?.dataset.notice ?? '').to.not.equal('session-read-only');
    holdChart(held, chart);
    holdPanel(held, panel);
    unmountAll();
  }

  it('both, removed after a completed run with a tool call (chats in IndexedDB); the next pair can send', async () => {
    const held: Held = new Map();
    for (let i = 0; i < ROUNDS; i++) await runAndRemove(held);
    expect(await stillHeld(held)).to.deep.equal([]);
  });

  it('the panel, removed while an answer streams, the chart left in the page', async () => {
    const held: Held = new Map();
    const chart = mount(html`<kline-chart id="c1" style="width:600px;height:400px"></kline-chart>`).querySelector(
      'kline-chart',
    )!;
    await waitFor(() => chart.context.get() !== null, 'chart data');
    for (let i = 0; i < ROUNDS; i++) await streamAndRemove(held, chart, mock);
    // The chart still works for the page.
    const r = await chart.tools.execute('chart_set_period', { period: '1w' });
    expect(r.success, JSON.stringify(r)).to.equal(true);
    expect(await stillHeld(held)).to.deep.equal([]);
  });

  it('the panel, removed while a run waits for approval, an answer to its question or a rate limit (30 s), the chart left in the page', async () => {
    const chart = mount(html`<kline-chart id="c1" style="width:600px;height:400px"></kline-chart>`).querySelector(
      'kline-chart',
    )!;
    await waitFor(() => chart.context.get() !== null, 'chart data');
    const held: Held = new Map();
    const approval: MockStep[] = [{ toolCalls: [{ name: 'chart_set_period', arguments: '{"period":"1w"}' }] }];
    const limited: MockStep[] = [
      {
        status: 429,
        headers: { 'retry-after': '30' },
        errorBody: { error: { message: 'slow down', type: 'rate_limit' } },
      },
    ];
    const question: MockStep[] = [
      {
        toolCalls: [
          { name: 'ask_user', arguments: '{"question":"Which one?","options":[{"label":"Weekly"},{"label":"Daily"}]}' },
        ],
      },
    ];
    for (let i = 0; i < ROUNDS; i++) {
      await removeWhileWaiting(held, chart, mock, approval, (p) => part(p, 'approve') !== null);
      await removeWhileWaiting(held, chart, mock, question, (p) => part(p, 'question-option') !== null);
      await removeWhileWaiting(held, chart, mock, limited, (p) => part(p, 'retry-status') !== null);
    }
    expect(chart.context.get()!.period, 'nothing approved').to.equal('1d');
    expect(await stillHeld(held)).to.deep.equal([]);
  });

  it('the chart, removed while the panel stays: the panel lets go of it', async () => {
    const held: Held = new Map();
    const { panel, wrapper } = await afterOneRun();
    for (let i = 0; i < ROUNDS; i++) {
      await (async () => {
        let chart = wrapper.querySelector('kline-chart');
        if (!chart) {
          chart = document.createElement('kline-chart');
          chart.id = 'c1';
          chart.style.cssText = 'width:600px;height:400px';
          wrapper.prepend(chart);
        }
        const c = chart;
        await waitFor(() => c.context.get() !== null, 'chart data');
        await waitFor(() => panel.connected && panel.canSend, 'the panel connected to the chart');
        holdChart(held, c);
        c.remove();
        await waitFor(() => !panel.connected, 'the panel sees the chart gone');
      })();
    }
    expect(panel.isConnected).to.equal(true);
    expect(await stillHeld(held)).to.deep.equal([]);
  });

  it('a panel moved in the page (out and back in one task) keeps its chat, answers, and saves to IndexedDB; removed, it is garbage', async () => {
    const held: Held = new Map();
    await moveUseAndRemove(held, mock);
    expect(await stillHeld(held)).to.deep.equal([]);
  });

  it('one of two charts a panel drives (for="c1 c2"), removed while the panel and the other stay', async () => {
    const held: Held = new Map();
    const wrapper = mount(html`<div style="display:flex;gap:8px">
      <kline-chart id="c1" style="width:400px;height:300px"></kline-chart>
      <chart-agent-panel for="c1 c2" base-url=${mock.url} session-store="memory" style="width:380px;height:560px"></chart-agent-panel></div>`);
    const panel = wrapper.querySelector('chart-agent-panel')!;
    for (let i = 0; i < ROUNDS; i++)
      await addAndRemoveSecond(held, wrapper.firstElementChild as HTMLElement, panel, mock);
    expect(await stillHeld(held)).to.deep.equal([]);
  });
});

/** A panel after one run, moved into another parent, asked again; both runs saved; then removed. */
async function moveUseAndRemove(held: Held, mock: MockModel): Promise<void> {
  const { wrapper, panel } = await chartAndPanel(
    html`<chart-agent-panel for="c1" base-url=${mock.url} session-store="indexeddb" style="width:380px;height:560px"></chart-agent-panel>`,
  );
  await mock.script([{ text: 'First answer.' }]);
  let ended = nextRunEnd(panel);
  await typeAndSend(panel, 'First question');
  expect((await ended).status).to.equal('completed');
  const sessionId = panel.sessionId;
  const elsewhere = document.createElement('div');
  wrapper.append(elsewhere);
  elsewhere.append(panel);
  await waitFor(() => panel.connected && panel.canSend, 'the moved panel ready again');
  expect(panel.sessionId).to.equal(sessionId);
  expect(messagesText(panel)).to.contain('First answer.');
  await mock.script([{ text: 'Second answer.' }]);
  ended = nextRunEnd(panel);
  await typeAndSend(panel, 'Second question');
  expect((await ended).status).to.equal('completed');
  expect(part(panel, 'notice')).to.equal(null);
  // The run's last events are written a moment after its end is announced.
  let saved = '';
  await pollUntil(async () => {
    saved = JSON.stringify((await dumpDatabase(SESSIONS_DB)).events);
    return saved.includes('Second answer.');
  }, 'the second answer saved');
  expect(saved).to.contain('First answer.');
  holdPanel(held, panel);
  unmountAll();
}

/** Adds chart c2 beside c1, lets the panel run a tool on it, removes it; the panel keeps driving c1. */
async function addAndRemoveSecond(
  held: Held,
  row: HTMLElement,
  panel: ChartAgentPanel,
  mock: MockModel,
): Promise<void> {
  const second = document.createElement('kline-chart');
  second.id = 'c2';
  second.style.cssText = 'width:400px;height:300px';
  // Ready (its handshake chunk in): it has announced itself, and the panel asks it for a port.
  const ready = new Promise((resolve) => second.addEventListener('kline-ready', resolve, { once: true }));
  row.prepend(second);
  await ready;
  await waitFor(() => panel.connected && panel.canSend && panel.sessionId !== '', 'the panel on both charts');
  await mock.script([
    { toolCalls: [{ name: 'chart_set_period', arguments: '{"chart":"c2","period":"1w"}' }] },
    { text: 'Weekly.' },
  ]);
  const ended = nextRunEnd(panel);
  await typeAndSend(panel, 'weekly on the second');
  expect((await ended).status).to.equal('completed');
  expect(second.context.get()!.period).to.equal('1w');
  const chips = () => parts(panel, 'context-chip').map((c) => c.textContent ?? '');
  await waitFor(() => chips().some((c) => c.includes('c2')), 'chips of the second chart');
  holdChart(held, second);
  second.remove();
  await waitFor(() => panel.connected, 'the panel still on c1');
  // The chips are of the chart left, not of the one removed.
  await waitFor(() => chips().length > 0 && !chips().some((c) => c.includes('c2')), 'no chips of the removed chart');
}

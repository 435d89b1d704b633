import { expect } from '@open-wc/testing';
import { html } from 'lit';
import type { MockStep } from '../../mock-model/mock-step.js';
import { waitFor } from '../helpers/chart-fixture.js';
import { chartAndPanel, deleteDatabase, nextRunEnd, part, parts, typeAndSend, useMockModel } from './panel-fixture.js';

const SESSIONS_DB = 'kline-agent-sessions';

const runA: MockStep[] = [
  { toolCalls: [{ name: 'chart_set_period', arguments: '{"period":"1w"}' }] },
  {
    toolCalls: [
      { name: 'indicators_add', arguments: '{"definitionId":"MACD","params":{"fast":12,"slow":26,"signal":9}}' },
    ],
  },
  { text: 'Weekly with MACD.' },
];

describe('<chart-agent-panel> approval and run undo', function () {
  this.timeout(60000);

  const mock = useMockModel();

  function panelWith(attrs: { confirm?: boolean; store?: 'memory' | 'indexeddb' } = {}) {
    return chartAndPanel(html`<chart-agent-panel for="c1" base-url=${mock.url} session-store=${attrs.store ?? 'memory'}
      confirm-mutations=${attrs.confirm ? 'on' : 'off'} style="width:380px;height:640px"></chart-agent-panel>`);
  }

  it('approve: the card says what will happen; nothing changes until Approve', async () => {
    const { chart, panel } = await panelWith({ confirm: true });
    await mock.script([
      {
        toolCalls: [
          { name: 'indicators_add', arguments: '{"definitionId":"MACD","params":{"fast":12,"slow":26,"signal":5}}' },
        ],
      },
      { text: 'Added.' },
    ]);
    const ended = nextRunEnd(panel);
    await typeAndSend(panel, 'MACD with a faster signal');
    await waitFor(() => part(panel, 'approve') !== null, 'approval card');
    const card = part(panel, 'approval-card')!;
    expect(card.textContent).to.contain('Add MACD(12,26,5)');
    expect(chart.context.get()!.activeIndicators.some((i) => i.definitionId === 'MACD')).to.equal(false);
    part<HTMLButtonElement>(panel, 'approve')!.click();
    expect((await ended).status).to.equal('completed');
    expect(chart.context.get()!.activeIndicators.some((i) => i.definitionId === 'MACD')).to.equal(true);
    await panel.updateComplete;
    expect(part(panel, 'approval-card')!.dataset.decision).to.equal('approved');
  });

  it('deny: nothing changes and the model is told denied_by_user', async () => {
    const { chart, panel } = await panelWith({ confirm: true });
    await mock.script([
      { toolCalls: [{ name: 'chart_set_period', arguments: '{"period":"1w"}' }] },
      { text: 'Left it daily.' },
    ]);
    const ended = nextRunEnd(panel);
    await typeAndSend(panel, 'weekly');
    await waitFor(() => part(panel, 'deny') !== null, 'approval card');
    part<HTMLButtonElement>(panel, 'deny')!.click();
    expect((await ended).status).to.equal('completed');
    expect(chart.context.get()!.period).to.equal('1d');
    const tool = ((await mock.requests())[1].body.messages as { role: string; content: string }[]).find(
      (m) => m.role === 'tool',
    )!;
    expect(tool.content).to.contain('denied_by_user');
  });

  it('two changes in one turn: both cards show at once and "Approve all" runs both', async () => {
    const { chart, panel } = await panelWith({ confirm: true });
    await mock.script([
      {
        toolCalls: [
          { name: 'chart_set_period', arguments: '{"period":"1w"}' },
          { name: 'indicators_add', arguments: '{"definitionId":"RSI"}' },
        ],
      },
      { text: 'Done.' },
    ]);
    const ended = nextRunEnd(panel);
    await typeAndSend(panel, 'weekly and RSI');
    await waitFor(() => part(panel, 'approve-all') !== null, 'approve all');
    expect(parts(panel, 'approval-card').length).to.equal(2);
    part<HTMLButtonElement>(panel, 'approve-all')!.click();
    expect((await ended).status).to.equal('completed');
    expect(chart.context.get()!.period).to.equal('1w');
    expect(chart.context.get()!.activeIndicators.some((i) => i.definitionId === 'RSI')).to.equal(true);
  });

  it('always: allowed for the rest of the chat, the next call of that tool does not ask', async () => {
    const { chart, panel } = await panelWith({ confirm: true });
    await mock.script([
      { toolCalls: [{ name: 'chart_set_period', arguments: '{"period":"1w"}' }] },
      { text: 'Weekly.' },
      { toolCalls: [{ name: 'chart_set_period', arguments: '{"period":"1d"}' }] },
      { text: 'Daily.' },
    ]);
    let ended = nextRunEnd(panel);
    await typeAndSend(panel, 'weekly');
    await waitFor(() => part(panel, 'approve') !== null, 'approval card');
    part<HTMLInputElement>(panel, 'approval-card')!.querySelector<HTMLInputElement>('input[type=checkbox]')!.click();
    part<HTMLButtonElement>(panel, 'approve')!.click();
    expect((await ended).status).to.equal('completed');
    ended = nextRunEnd(panel);
    await typeAndSend(panel, 'daily');
    expect((await ended).status).to.equal('completed');
    expect(chart.context.get()!.period).to.equal('1d');
    expect(parts(panel, 'approval-card').length).to.equal(1);
  });

  it('change summary under the answer; Undo run reverts the whole run in one step and keeps a later unrelated change; undoing that step restores the run', async () => {
    const { chart, panel } = await panelWith();
    await mock.script(runA);
    const ended = nextRunEnd(panel);
    await typeAndSend(panel, 'weekly with MACD');
    expect((await ended).status).to.equal('completed');
    await waitFor(() => part(panel, 'run-changes') !== null, 'change summary');
    expect(part(panel, 'run-changes')!.textContent).to.contain('period 1d → 1w · MACD(12,26,9) added');
    // A later change by the user to something else (the theme) stays.
    await chart.tools.execute('settings_update', { values: { theme: 'dark' } });
    part<HTMLButtonElement>(panel, 'undo-run')!.click();
    await waitFor(() => part(panel, 'undo-run')?.textContent?.includes('Redo run') === true, 'undone');
    await waitFor(() => chart.context.get()!.period === '1d', 'period back to 1d');
    expect(chart.context.get()!.activeIndicators.some((i) => i.definitionId === 'MACD')).to.equal(false);
    expect(
      ((await chart.tools.execute('settings_get', {})) as { data: { values: { theme: string } } }).data.values.theme,
    ).to.equal('dark');
    // One undo step: Ctrl+Z (undo) brings the whole run back.
    chart.undo();
    await waitFor(() => chart.context.get()!.period === '1w', 'undo restores the run');
    expect(chart.context.get()!.activeIndicators.some((i) => i.definitionId === 'MACD')).to.equal(true);
  });

  it('a later change to the same things blocks Undo run, and the card says why', async () => {
    const { chart, panel } = await panelWith();
    await mock.script(runA);
    const ended = nextRunEnd(panel);
    await typeAndSend(panel, 'weekly with MACD');
    await ended;
    const macd = chart.context.get()!.activeIndicators.find((i) => i.definitionId === 'MACD')!;
    await chart.tools.execute('indicators_update', { instanceId: macd.instanceId, params: { signal: 5 } });
    await waitFor(() => part(panel, 'undo-run') !== null, 'undo button');
    part<HTMLButtonElement>(panel, 'undo-run')!.click();
    await waitFor(() => part(panel, 'run-changes')!.textContent.includes('Can’t undo'), 'blocked');
    expect(part(panel, 'run-changes')!.textContent).to.contain(`indicator ${macd.instanceId} changed since`);
    expect(chart.context.get()!.period, 'nothing half reverted').to.equal('1w');
  });

  it('the summary and the button survive a reload of the panel (IndexedDB session)', async () => {
    await deleteDatabase(SESSIONS_DB);
    const { chart, panel, wrapper } = await panelWith({ store: 'indexeddb' });
    await mock.script(runA);
    const ended = nextRunEnd(panel);
    await typeAndSend(panel, 'weekly with MACD');
    await ended;
    await waitFor(() => part(panel, 'run-changes') !== null, 'change summary');
    panel.remove();
    const again = document.createElement('chart-agent-panel');
    again.setAttribute('for', 'c1');
    again.setAttribute('base-url', mock.url);
    again.style.cssText = 'width:380px;height:640px';
    wrapper.append(again);
    await waitFor(() => part(again, 'run-changes') !== null, 'summary after reload');
    expect(part(again, 'run-changes')!.textContent).to.contain('MACD(12,26,9) added');
    await waitFor(() => part<HTMLButtonElement>(again, 'undo-run')?.disabled === false, 'button enabled');
    part<HTMLButtonElement>(again, 'undo-run')!.click();
    await waitFor(() => chart.context.get()!.period === '1d', 'undone after reload');
    await deleteDatabase(SESSIONS_DB).catch(() => undefined);
  });
});

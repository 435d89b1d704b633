import { expect } from '@open-wc/testing';
import { html } from 'lit';
import '../../../components/kline-chart/define.js';
import '../../../components/chart-agent-panel/define.js';
import type { ChartAgentPanel, AgentConnectionDetail } from '../../../components/chart-agent-panel/index.js';
import { formatMarketTime } from '../../../src/core/data/index.js';
import { waitFor } from '../helpers/chart-fixture.js';
import { chartAndPanel, mount, part, parts, unmountAll } from './panel-fixture.js';
import { coreOf } from '../../../components/kline-chart/core-of.js';
import { loadLocale } from '../../../components/i18n/index.js';

// No model is called in this file: connection, context chips, empty state, toggles, locale, theme.
describe('<chart-agent-panel> without a model', () => {
  afterEach(unmountAll);

  it('shows a disconnected state until a chart appears, and again after it is removed', async () => {
    const wrapper = mount(html`<chart-agent-panel for="late-chart" session-store="memory"></chart-agent-panel>`);
    const panel = wrapper.querySelector('chart-agent-panel') as ChartAgentPanel;
    const changes: AgentConnectionDetail[] = [];
    panel.addEventListener('agent-connection-change', (e) => changes.push(e.detail));
    await waitFor(() => panel.sessionId !== '', 'session');
    // The session id is set before the session has finished opening: wait for the notice itself.
    await waitFor(
      () => part(panel, 'notice')?.textContent?.includes('No chart connected') === true,
      'disconnected notice',
    );
    expect(panel.connected).to.equal(false);
    const input = part<HTMLTextAreaElement>(panel, 'input')!;
    input.value = 'hello';
    input.dispatchEvent(new Event('input'));
    await panel.updateComplete;
    expect(part<HTMLButtonElement>(panel, 'send')!.disabled, 'send disabled while disconnected').to.equal(true);

    // A chart with another id does not connect; the right one does, when it announces itself.
    const other = document.createElement('kline-chart');
    other.id = 'other-chart';
    other.style.cssText = 'width:300px;height:200px';
    wrapper.append(other);
    // Once the other chart has loaded its data it has announced itself (kline-agent-available) and
    // answered the panel's handshake if it were going to: the panel must still be disconnected.
    await waitFor(() => other.context.get() !== null, 'other chart ready');
    await panel.updateComplete;
    expect(panel.connected).to.equal(false);
    const chart = document.createElement('kline-chart');
    chart.id = 'late-chart';
    chart.style.cssText = 'width:400px;height:300px';
    wrapper.append(chart);
    await waitFor(() => panel.connected, 'connected');
    await waitFor(() => parts(panel, 'context-chip').length > 0, 'chart chip');
    expect(changes[0]).to.deep.equal({ connected: true, chartId: 'late-chart' });
    expect(part(panel, 'notice')).to.equal(null);
    // Connecting re-opens the session for that chart: Send enables once it is open.
    await waitFor(() => part<HTMLButtonElement>(panel, 'send')?.disabled === false, 'send enabled');
    expect(part(panel, 'context-chip')!.textContent).to.contain('DEMO');

    chart.remove();
    await waitFor(() => !panel.connected, 'disconnected');
    await panel.updateComplete;
    expect(changes[1]).to.deep.equal({ connected: false, chartId: 'late-chart' });
    expect(part(panel, 'notice')!.textContent).to.contain('No chart connected');
    expect(part<HTMLButtonElement>(panel, 'send')!.disabled).to.equal(true);
    expect(parts(panel, 'context-chip').length).to.equal(0);

    // A new chart with that id announces itself and the panel reconnects.
    const again = document.createElement('kline-chart');
    again.id = 'late-chart';
    again.style.cssText = 'width:400px;height:300px';
    wrapper.append(again);
    await waitFor(() => panel.connected, 'reconnected');
    expect(changes[2]).to.deep.equal({ connected: true, chartId: 'late-chart' });
  });

  it('a chart that answers a moment late connects without a "No chart connected" flash', async () => {
    const wrapper = mount(html`<chart-agent-panel for="slow-chart" session-store="memory"></chart-agent-panel>`);
    const panel = wrapper.querySelector('chart-agent-panel') as ChartAgentPanel;
    // Every notice the panel ever renders, however briefly (a flash moves the transcript down and back).
    const flashed: string[] = [];
    const record = () => {
      const notice = panel.shadowRoot?.querySelector('[data-notice="disconnected"]');
      if (notice) flashed.push(notice.textContent ?? '');
    };
    const observer = new MutationObserver(record);
    await panel.updateComplete;
    observer.observe(panel.shadowRoot!, { childList: true, subtree: true });
    record();
    // The chart arrives after the panel's handshake found nobody, as a slow chunk or a late script would.
    await new Promise((resolve) => setTimeout(resolve, 400));
    const chart = document.createElement('kline-chart');
    chart.id = 'slow-chart';
    chart.style.cssText = 'width:400px;height:300px';
    wrapper.append(chart);
    await waitFor(() => panel.connected, 'connected');
    await panel.updateComplete;
    observer.disconnect();
    expect(flashed, 'the disconnected notice never showed').to.deep.equal([]);
    // A chart that goes away is reported at once, with no grace.
    chart.remove();
    await waitFor(() => !panel.connected, 'disconnected');
    await panel.updateComplete;
    expect(part(panel, 'notice')?.textContent).to.contain('No chart connected');
  });

  it('derives chips from the chart selection in the market timezone, each removable', async () => {
    const { chart, panel } = await chartAndPanel(
      html`<chart-agent-panel for="c1" session-store="memory"></chart-agent-panel>`,
    );
    const series = coreOf(chart).store.peek('series')!;
    const n = series.bars.length;
    const from = series.bars.time[n - 10];
    const to = series.bars.time[n - 1];
    // A selection's summary comes with the tools (src/core/commands/summarize-range.ts), which set selections.
    await chart.tools.ready();
    coreOf(chart).store.action('test_select', (d) => d.set('selection', { from, to }));
    await waitFor(() => parts(panel, 'context-chip').length === 3, 'three chips');
    const chips = parts(panel, 'context-chip');
    expect(chips.map((c) => c.dataset.kind)).to.deep.equal([
      'chart-symbol',
      'selected-time-range',
      'selected-kline-bars',
    ]);
    const tz = chart.context.get()!.timezone;
    expect(chips[1].textContent).to.contain(formatMarketTime(from, tz, '1d'));
    expect(chips[1].textContent).to.contain(formatMarketTime(to, tz, '1d'));
    expect(chips[2].textContent).to.contain('10 bars');
    chips[1].querySelector('button')!.click();
    await panel.updateComplete;
    expect(parts(panel, 'context-chip').map((c) => c.dataset.kind)).to.deep.equal([
      'chart-symbol',
      'selected-kline-bars',
    ]);
  });

  it('empty state examples fill the input; Shift+Enter does not send', async () => {
    const { panel } = await chartAndPanel(
      html`<chart-agent-panel for="c1" session-store="memory"></chart-agent-panel>`,
    );
    const example = panel.shadowRoot!.querySelector<HTMLButtonElement>('.example')!;
    expect(panel.shadowRoot!.querySelectorAll('.example').length).to.be.within(3, 4);
    example.click();
    await panel.updateComplete;
    const input = part<HTMLTextAreaElement>(panel, 'input')!;
    expect(input.value).to.equal(example.textContent);
    input.dispatchEvent(
      new KeyboardEvent('keydown', { key: 'Enter', shiftKey: true, bubbles: true, cancelable: true }),
    );
    await panel.updateComplete;
    expect(input.value, 'still there').to.equal(example.textContent);
    expect(part(panel, 'stop')).to.equal(null);
  });

  it('read-only toggle is a pressed button that reflects the read-only attribute', async () => {
    const { panel } = await chartAndPanel(
      html`<chart-agent-panel for="c1" session-store="memory"></chart-agent-panel>`,
    );
    const toggle = part<HTMLButtonElement>(panel, 'read-only-toggle')!;
    expect(toggle.getAttribute('aria-pressed')).to.equal('false');
    toggle.click();
    await panel.updateComplete;
    expect(toggle.getAttribute('aria-pressed')).to.equal('true');
    expect(panel.hasAttribute('read-only')).to.equal(true);
    expect(part(panel, 'new-session')).to.not.equal(null);
  });

  it('speaks Simplified Chinese with locale="zh-CN" and follows theme="dark"', async () => {
    await loadLocale('zh-CN'); // the built-in translation is a lazy chunk
    const { panel } = await chartAndPanel(
      html`<chart-agent-panel for="c1" session-store="memory" locale="zh-CN" theme="dark"></chart-agent-panel>`,
    );
    expect(part(panel, 'send')!.getAttribute('aria-label')).to.equal('发送');
    expect(part(panel, 'read-only-toggle')!.textContent).to.contain('只读');
    const bg = getComputedStyle(panel).backgroundColor;
    panel.theme = 'light';
    await panel.updateComplete;
    expect(getComputedStyle(panel).backgroundColor).to.not.equal(bg);
    expect(getComputedStyle(panel).backgroundColor).to.equal('rgb(255, 255, 255)');
  });
});

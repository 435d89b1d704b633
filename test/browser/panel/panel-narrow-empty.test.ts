import type { KlineChart } from '../../../components/kline-chart/kline-chart.js';
import { expect } from '@open-wc/testing';
import { html } from 'lit';
import { setViewport } from '@web/test-runner-commands';
import type { ChartAgentPanel } from '../../../components/chart-agent-panel/index.js';
import { waitFor } from '../helpers/chart-fixture.js';
import { mount, unmountAll } from './panel-fixture.js';

// On a phone (375×667) the demo's layout stacks the chart over the panel (60vh each): the panel's
// empty state — title, hint and every example — must be visible whole, from its title down.

function inside(inner: DOMRect, outer: DOMRect): boolean {
  return inner.top >= outer.top - 0.5 && inner.bottom <= outer.bottom + 0.5;
}

async function narrowPanel(height: string): Promise<ChartAgentPanel> {
  const wrapper =
    mount(html`<div style="display:grid;grid-template-columns:1fr;grid-template-rows:60vh ${height};width:100%">
    <kline-chart id="c1" style="height:100%"></kline-chart>
    <chart-agent-panel for="c1" session-store="memory" style="height:100%;min-height:0"></chart-agent-panel></div>`);
  const panel = wrapper.querySelector('chart-agent-panel')!;
  await waitFor(() => panel.connected && panel.sessionId !== '', 'panel ready');
  // The chart's context (the chip row under the messages) arrives with its data: measure after it.
  const chart = wrapper.querySelector<KlineChart>('kline-chart')!;
  await waitFor(() => chart.context.get() !== null, 'chart data');
  await panel.updateComplete;
  // The panel follows the end of the conversation once per frame: let a frame pass.
  await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
  return panel;
}

function expectWholeEmptyState(panel: ChartAgentPanel, allExamples = true): void {
  const root = panel.shadowRoot!;
  const messages = root.querySelector<HTMLElement>('.messages')!;
  const view = messages.getBoundingClientRect();
  const title = root.querySelector('.empty-title')!;
  const examples = [...root.querySelectorAll('.example')];
  expect(examples.length).to.be.greaterThan(0);
  expect(inside(title.getBoundingClientRect(), view), 'the title is visible').to.equal(true);
  expect(inside(root.querySelector('.empty-hint')!.getBoundingClientRect(), view), 'the hint is visible').to.equal(
    true,
  );
  // A very short panel shows the title, the hint and the first example; the rest are a scroll away.
  for (const example of allExamples ? examples : examples.slice(0, 1))
    expect(inside(example.getBoundingClientRect(), view), `"${example.textContent}" is visible`).to.equal(true);
  expect(messages.scrollTop, 'not scrolled down past the title').to.equal(0);
}

describe('<chart-agent-panel> empty state on a narrow screen', function () {
  this.timeout(60000);

  before(async () => {
    await setViewport({ width: 375, height: 667 });
  });
  after(async () => {
    await setViewport({ width: 800, height: 600 });
  });
  afterEach(unmountAll);

  it('375×667, the demo layout (panel 60vh): title, hint and examples all visible', async () => {
    expectWholeEmptyState(await narrowPanel('60vh'));
  });

  it('375×667, a short panel (320 px): read from the title, the first example in view', async () => {
    expectWholeEmptyState(await narrowPanel('320px'), false);
  });
});

import { expect } from '@open-wc/testing';
import { executeServerCommand } from '@web/test-runner-commands';
import { html } from 'lit';
import '../../../components/kline-chart/define.js';
import '../../../components/chart-agent-panel/define.js';
import type { KlineChart } from '../../../components/kline-chart/kline-chart.js';
import type { IndicatorPicker } from '../../../components/indicator-picker/index.js';
import { waitFor } from '../helpers/chart-fixture.js';
import { mount, unmountAll } from '../panel/panel-fixture.js';
import { axeViolations } from './run-axe.js';

async function chartPage(theme: 'light' | 'dark'): Promise<KlineChart> {
  const main = mount(
    html`<main><h1>Chart</h1><kline-chart theme=${theme} style="width:800px;height:500px" indicators="MA(5,20),VOL,MACD(12,26,9)"></kline-chart></main>`,
  );
  const chart = main.querySelector('kline-chart')!;
  await waitFor(() => chart.context.get() !== null, 'chart data');
  await chart.whenPainted();
  await chart.updateComplete;
  return chart;
}

describe('axe-core finds no violations', () => {
  // The test runner's own page has neither; a host page is expected to (they are not the chart's).
  before(() => {
    document.title = 'Chart accessibility';
    document.documentElement.lang = 'en';
  });
  afterEach(() => unmountAll());

  for (const theme of ['light', 'dark'] as const) {
    it(`on a chart-only page (${theme} theme)`, async () => {
      await chartPage(theme);
      expect(await axeViolations()).to.deep.equal([]);
    });
  }

  it('on a page with a chart and an agent panel', async () => {
    const url = String(await executeServerCommand('mock-model-url'));
    const main = mount(html`<main><h1>Chart and agent</h1><div style="display:flex">
      <kline-chart id="c1" style="width:600px;height:400px"></kline-chart>
      <chart-agent-panel for="c1" base-url=${url} model="mock" session-store="memory" style="width:360px;height:400px"></chart-agent-panel></div></main>`);
    const chart = main.querySelector('kline-chart')!;
    await waitFor(() => chart.context.get() !== null, 'chart data');
    const panel = main.querySelector('chart-agent-panel')!;
    await panel.updateComplete;
    await chart.updateComplete;
    expect(await axeViolations()).to.deep.equal([]);
  });

  it('with the command palette open', async () => {
    const chart = await chartPage('light');
    await chart.openCommandPalette();
    expect(await axeViolations()).to.deep.equal([]);
  });

  it('with the settings dialog open (dark theme)', async () => {
    const chart = await chartPage('dark');
    await chart.openSettings();
    expect(await axeViolations()).to.deep.equal([]);
  });

  it('with the data table shown (dark theme)', async () => {
    const chart = await chartPage('dark');
    chart.toggleDataTable(true);
    await chart.updateComplete;
    expect(chart.shadowRoot!.querySelector('table[part="data-table"]')).to.not.equal(null);
    expect(await axeViolations()).to.deep.equal([]);
  });

  it('with the indicator picker open', async () => {
    const chart = await chartPage('light');
    const picker = chart.shadowRoot!.querySelector<IndicatorPicker>('kline-indicator-picker')!;
    picker.toggle(true);
    await picker.updateComplete;
    expect(await axeViolations()).to.deep.equal([]);
  });
});

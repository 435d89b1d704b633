import { expect, fixture } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import { html } from 'lit';
import '../../../components/command-palette/define.js';
import type { CommandPalette, CommandPaletteRunEvent } from '../../../components/command-palette/index.js';
import type { SchemaForm } from '../../../components/schema-form/index.js';
import type { KlineChart } from '../../../components/kline-chart/kline-chart.js';
import { readyChart, waitFor } from '../helpers/chart-fixture.js';
import { coreOf } from '../../../components/kline-chart/core-of.js';

async function mountPalette(chart: KlineChart): Promise<CommandPalette> {
  return fixture<CommandPalette>(html`<kline-command-palette .chart=${chart}></kline-command-palette>`);
}

function q<T extends Element = HTMLElement>(palette: CommandPalette, selector: string): T | null {
  return palette.shadowRoot!.querySelector<T>(selector);
}

function optionNames(palette: CommandPalette): string[] {
  return [...palette.shadowRoot!.querySelectorAll<HTMLElement>('[role="option"]')].map((o) => o.dataset.name!);
}

function selectedName(palette: CommandPalette): string | undefined {
  return q(palette, '[role="option"][aria-selected="true"]')?.dataset.name;
}

function form(palette: CommandPalette): SchemaForm {
  return q<SchemaForm>(palette, 'kline-schema-form')!;
}

function control<T extends HTMLElement>(palette: CommandPalette, key: string): T {
  return form(palette).shadowRoot!.querySelector<T>(
    `[data-field="${key}"] input, [data-field="${key}"] select, [data-field="${key}"] textarea`,
  )!;
}

async function setControl(palette: CommandPalette, key: string, value: string): Promise<void> {
  const el = control<HTMLInputElement | HTMLSelectElement>(palette, key);
  el.value = value;
  el.dispatchEvent(new Event(el instanceof HTMLSelectElement ? 'change' : 'input', { bubbles: true, composed: true }));
  el.dispatchEvent(new Event('blur'));
  await form(palette).updateComplete;
}

describe('command palette', () => {
  it('opens as a labelled modal dialog, lists every tool by label, filters as you type and moves with the arrow keys', async () => {
    const chart = await readyChart();
    const palette = await mountPalette(chart);
    expect(palette.isOpen).to.equal(false);
    await palette.open();
    expect(palette.isOpen).to.equal(true);
    const dialog = q<HTMLDialogElement>(palette, 'dialog')!;
    expect(dialog.matches(':modal')).to.equal(true);
    expect(q(palette, `#${dialog.getAttribute('aria-labelledby')}`)?.textContent).to.equal('Commands');
    const search = q<HTMLInputElement>(palette, 'input.search')!;
    expect(palette.shadowRoot!.activeElement).to.equal(search);
    expect(search.getAttribute('aria-label')).to.equal('Search tools');
    expect(optionNames(palette)).to.deep.equal(chart.tools.list().map((t) => t.name));
    const first = q(palette, '[role="option"]')!;
    expect(first.querySelector('.label')!.textContent).to.equal(chart.tools.list()[0].label);
    expect(first.querySelector('.name')!.textContent).to.equal(chart.tools.list()[0].name);

    await sendKeys({ type: 'period' });
    await palette.updateComplete;
    expect(optionNames(palette)[0]).to.equal('chart_set_period');
    expect(optionNames(palette)).to.include('market_bars_query', 'description words match too');
    expect(search.getAttribute('aria-activedescendant')).to.equal('tool-chart_set_period');
    await sendKeys({ press: 'ArrowDown' });
    await palette.updateComplete;
    expect(selectedName(palette)).to.equal(optionNames(palette)[1]);
    await sendKeys({ press: 'ArrowUp' });
    await palette.updateComplete;
    expect(selectedName(palette)).to.equal('chart_set_period');

    search.value = 'zzzz nothing';
    search.dispatchEvent(new Event('input'));
    await palette.updateComplete;
    expect(optionNames(palette)).to.deep.equal([]);
    expect(q(palette, '.empty')!.textContent).to.contain('No tool matches');
  });

  it('runs chart_set_period through its generated form: the chart period changes, as one undo step, and the result is shown as text', async () => {
    const chart = await readyChart();
    const palette = await mountPalette(chart);
    const runs: CommandPaletteRunEvent[] = [];
    palette.addEventListener('command-palette-run', (e) => runs.push(e));
    await palette.open();
    await sendKeys({ type: 'set period' });
    await sendKeys({ press: 'Enter' });
    await waitFor(() => q(palette, 'kline-schema-form') !== null, 'the form of chart_set_period');
    expect(q(palette, '#palette-title')!.textContent).to.equal('Set period');
    const period = control<HTMLSelectElement>(palette, 'period');
    expect(period.tagName).to.equal('SELECT');
    expect([...period.options].map((o) => o.value)).to.deep.equal([
      '1m',
      '5m',
      '15m',
      '30m',
      '1h',
      '4h',
      '1d',
      '1w',
      '1M',
    ]);
    await setControl(palette, 'period', '1w');
    q<HTMLButtonElement>(palette, '[part="run"]')!.click();
    await waitFor(() => runs.length === 1, 'the run');
    expect(runs[0].detail.input).to.deep.equal({ period: '1w' });
    expect(runs[0].detail.result.success).to.equal(true);
    expect(chart.context.get()!.period).to.equal('1w');
    await palette.updateComplete;
    const result = q(palette, '[part="result"]')!;
    expect(result.getAttribute('role')).to.equal('status');
    expect(result.querySelector('pre')!.textContent).to.contain('"period": "1w"');
    expect(result.querySelector('pre')!.children.length, 'text, never markup').to.equal(0);
    expect(chart.undo()).to.equal('chart_set_period');
  });

  it("a tool's form starts from the chart's current values: Set period on a 1d chart shows 1d, Set symbol its symbol", async () => {
    const chart = await readyChart();
    await chart.tools.execute('chart_set_period', { period: '1d' });
    expect(chart.context.get()!.period).to.equal('1d');
    const palette = await mountPalette(chart);
    await palette.open();
    await sendKeys({ type: 'set period' });
    await sendKeys({ press: 'Enter' });
    await waitFor(() => q(palette, 'kline-schema-form') !== null, 'the form of chart_set_period');
    await form(palette).updateComplete;
    expect(control<HTMLSelectElement>(palette, 'period').value, 'the chart period').to.equal('1d');
    palette.close();
    await palette.open();
    await sendKeys({ type: 'set symbol' });
    await sendKeys({ press: 'Enter' });
    await waitFor(() => q(palette, '#palette-title')?.textContent === 'Set symbol', 'the form of chart_set_symbol');
    await form(palette).updateComplete;
    expect(control<HTMLInputElement>(palette, 'symbol').value, 'the chart symbol').to.equal(
      chart.context.get()!.symbol,
    );
  });

  it("a nested object starts from the chart's current values too: Update settings shows the log price scale and dark theme", async () => {
    const chart = await readyChart();
    const set = await chart.tools.execute('settings_update', {
      values: { priceScale: 'log', theme: 'dark', grid: false },
    });
    expect(set.success).to.equal(true);
    const palette = await mountPalette(chart);
    await palette.open();
    await sendKeys({ type: 'update settings' });
    await sendKeys({ press: 'Enter' });
    await waitFor(() => q(palette, '#palette-title')?.textContent === 'Update settings', 'the form of settings_update');
    await form(palette).updateComplete;
    const shown = JSON.parse(control<HTMLTextAreaElement>(palette, 'values').value || '{}') as Record<string, unknown>;
    expect(shown.priceScale, 'the chart price scale').to.equal('log');
    expect(shown.theme, 'the chart theme').to.equal('dark');
    expect(shown.grid, 'the chart grid').to.equal(false);
    expect(shown.candleStyle).to.equal('solid');
    // An empty display timezone (the market's) is not a value to prefill.
    expect(shown).to.not.have.property('timezone');
    // Changing one key and running keeps the others as the chart has them (the form no longer resets them).
    await setControl(palette, 'values', JSON.stringify({ ...shown, candleStyle: 'hollow' }));
    q(palette, '[part="run"]')!.click();
    await waitFor(() => coreOf(chart).store.peek('settings').candleStyle === 'hollow', 'the settings applied');
    const now = coreOf(chart).store.peek('settings');
    expect([now.priceScale, now.theme, now.grid]).to.deep.equal(['log', 'dark', false]);
  });

  it('shows a tool error with code, message, recommended action and details; refuses invalid fields before running', async () => {
    const chart = await readyChart();
    const palette = await mountPalette(chart);
    const runs: CommandPaletteRunEvent[] = [];
    palette.addEventListener('command-palette-run', (e) => runs.push(e));
    expect(await palette.openTool('indicators_remove')).to.equal(true);
    await setControl(palette, 'instanceId', 'nope-1');
    q<HTMLButtonElement>(palette, '[part="run"]')!.click();
    await waitFor(() => runs.length === 1, 'the failed run');
    await palette.updateComplete;
    const error = q(palette, '[part="error"]')!;
    expect(error.getAttribute('role')).to.equal('alert');
    expect(error.querySelector('.code')!.textContent).to.equal('not_found');
    expect(error.querySelector('.message')!.textContent).to.contain("No active indicator 'nope-1'");
    expect(error.querySelector('.recommended')!.textContent).to.match(/vol-\d+/);
    expect(error.querySelector('.details li code')!.textContent).to.equal('instanceId');

    // Client-side: a limit above the schema's maximum is marked and nothing runs.
    palette.close();
    expect(await palette.openTool('market_bars_query')).to.equal(true);
    expect(control<HTMLInputElement>(palette, 'limit').value, 'defaults are filled in').to.equal('20');
    await setControl(palette, 'limit', '5000');
    q<HTMLButtonElement>(palette, '[part="run"]')!.click();
    await palette.updateComplete;
    expect(q(palette, '.notice')!.textContent).to.contain('Fix the marked fields');
    expect(form(palette).shadowRoot!.querySelector('[data-field="limit"] .error')!.textContent).to.equal(
      'must be <= 1000',
    );
    expect(runs.length).to.equal(1);
  });

  it('Escape closes it and keys typed inside never reach the chart', async () => {
    const chart = await readyChart();
    // Stands in for the chart's shadow root, where the lead mounts the palette.
    let chartKeys = 0;
    const host = await fixture<HTMLElement>(
      html`<div @keydown=${() => chartKeys++}><kline-command-palette .chart=${chart}></kline-command-palette></div>`,
    );
    const palette = host.querySelector('kline-command-palette')!;
    const before = coreOf(chart).store.peek('view');
    await palette.open();
    await sendKeys({ press: 'ArrowUp' });
    await sendKeys({ press: 'ArrowLeft' });
    expect(chartKeys).to.equal(0);
    expect(coreOf(chart).store.peek('view')).to.equal(before);
    await sendKeys({ press: 'Escape' });
    await palette.updateComplete;
    expect(palette.isOpen).to.equal(false);
  });
});

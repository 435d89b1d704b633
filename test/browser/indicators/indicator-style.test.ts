import { expect } from '@open-wc/testing';
import { executeServerCommand } from '@web/test-runner-commands';
import { html, render } from 'lit';
import '../../../components/kline-chart/define.js';
import type { KlineChart } from '../../../components/kline-chart/kline-chart.js';
import type { IndicatorSettings } from '../../../components/indicator-settings/index.js';
import { coreOf } from '../../../components/kline-chart/core-of.js';
import { readyChart, waitFor } from '../helpers/chart-fixture.js';
import { pollUntil } from '../helpers/wait-for.js';
import { paneTotal } from '../helpers/pane-pixels.js';

const MAGENTA: [number, number, number] = [255, 0, 255];

function macdPane(chart: KlineChart): HTMLElement {
  const id = coreOf(chart)
    .store.peek('indicators')
    .find((i) => i.definitionId === 'MACD')!.paneId;
  return chart.shadowRoot!.querySelector<HTMLElement>(`.pane[data-pane-id="${id}"]`)!;
}

async function magenta(chart: KlineChart): Promise<number> {
  await chart.whenPainted();
  await chart.whenPainted();
  return paneTotal(macdPane(chart), MAGENTA);
}

/** Opens the MACD popover from the chart's legend and returns it once its chunk is in. */
async function openPopover(chart: KlineChart): Promise<IndicatorSettings> {
  const root = chart.shadowRoot!;
  const title = [...root.querySelectorAll<HTMLButtonElement>('.indicator-entry button')].find((b) =>
    b.textContent.includes('MACD'),
  )!;
  title.click();
  await waitFor(() => !!root.querySelector('kline-indicator-settings')?.shadowRoot?.querySelector('h2'), 'settings');
  return root.querySelector<IndicatorSettings>('kline-indicator-settings')!;
}

function line(popover: IndicatorSettings, key: string, part: string): HTMLInputElement {
  return popover.shadowRoot!.querySelector<HTMLInputElement>(`[data-output="${key}"] [part="${part}"]`)!;
}

async function apply(chart: KlineChart, popover: IndicatorSettings): Promise<void> {
  await popover.updateComplete;
  popover.shadowRoot!.querySelector<HTMLButtonElement>('[part="apply"]')!.click();
  await waitFor(() => !(popover.error ?? ''), 'applied');
  await chart.updateComplete;
}

function legendText(chart: KlineChart): string {
  return [...chart.shadowRoot!.querySelectorAll('.pane-legend')].map((e) => e.textContent ?? '').join(' | ');
}

describe('indicator line styles (settings popover Style section)', () => {
  it("sets MACD's signal colour from the popover (undo removes it), hides the line, and hides the study", async () => {
    const chart = await readyChart(
      html`<kline-chart style="width:800px;height:500px" indicators="MACD(12,26,9)"></kline-chart>`,
    );
    expect(await magenta(chart), 'no magenta before').to.equal(0);
    let popover = await openPopover(chart);
    const color = line(popover, 'signal', 'line-color');
    expect(color.type).to.equal('color');
    expect(color.value).to.match(/^#[0-9a-f]{6}$/);
    color.value = '#ff00ff';
    color.dispatchEvent(new Event('input', { bubbles: true }));
    await apply(chart, popover);
    const id = coreOf(chart).store.peek('indicators')[0].instanceId;
    expect(coreOf(chart).store.peek('indicators')[0].styles).to.deep.equal({ signal: { color: '#ff00ff' } });
    await pollUntil(async () => (await magenta(chart)) > 40, 'magenta signal line in the MACD pane');
    expect(legendText(chart)).to.contain('DEA');
    // For the README: the popover over the chart with the magenta signal line.
    const box = chart.getBoundingClientRect();
    const panel = popover.shadowRoot!.querySelector('[part="panel"]')!.getBoundingClientRect();
    await executeServerCommand('docs-screenshot', {
      name: 'indicator-style',
      clip: { x: box.left, y: box.top, width: box.width, height: Math.max(box.bottom, panel.bottom) - box.top },
    });
    chart.undo();
    await pollUntil(async () => (await magenta(chart)) === 0, 'undo removes the magenta');
    expect(coreOf(chart).store.peek('indicators')[0].params, 'one undo step: params kept').to.deep.equal({
      fast: 12,
      slow: 26,
      signal: 9,
    });
    chart.redo();
    await pollUntil(async () => (await magenta(chart)) > 40, 'redo brings it back');
    const thin = await magenta(chart);

    // A 4 px line: several times the magenta pixels.
    popover =
      chart.shadowRoot!.querySelector<IndicatorSettings>('kline-indicator-settings') ?? (await openPopover(chart));
    const width = popover.shadowRoot!.querySelector<HTMLSelectElement>('[data-output="signal"] [part="line-width"]')!;
    width.value = '4';
    width.dispatchEvent(new Event('change', { bubbles: true }));
    await apply(chart, popover);
    await pollUntil(async () => (await magenta(chart)) > thin * 2.5, `a 4 px line is wider than ${thin} px²`);

    // Hide the signal line from the popover: none of its colour remains, nor its legend value.
    popover =
      chart.shadowRoot!.querySelector<IndicatorSettings>('kline-indicator-settings') ?? (await openPopover(chart));
    const visible = line(popover, 'signal', 'line-visible');
    expect(visible.checked).to.equal(true);
    visible.checked = false;
    visible.dispatchEvent(new Event('change', { bubbles: true }));
    await apply(chart, popover);
    await pollUntil(async () => (await magenta(chart)) === 0, 'the hidden line leaves no magenta');
    expect(legendText(chart)).not.to.contain('DEA');
    expect(legendText(chart), 'the other lines stay').to.contain('DIF');

    // The whole study hidden: its title stays in the legend to show it again.
    const r = await chart.tools.execute('indicators_update', { instanceId: id, visible: false });
    expect(r.success, JSON.stringify(r)).to.equal(true);
    await chart.updateComplete;
    expect(legendText(chart)).to.contain('MACD');
    expect(legendText(chart)).not.to.contain('DIF');
  });

  it('indicators_update refuses a bad colour and an unknown line with clear errors', async () => {
    const chart = await readyChart(
      html`<kline-chart style="width:800px;height:500px" indicators="MACD(12,26,9)"></kline-chart>`,
    );
    const instanceId = coreOf(chart).store.peek('indicators')[0].instanceId;
    const bad = await chart.tools.execute('indicators_update', {
      instanceId,
      styles: { signal: { color: 'notacolour' } },
    });
    expect(bad.success).to.equal(false);
    if (bad.success) return;
    expect(bad.error.code).to.equal('invalid_input');
    expect(bad.error.message).to.contain("'notacolour' is not a CSS colour");
    expect(JSON.stringify(bad.error.details)).to.contain('styles.signal.color');
    const unknown = await chart.tools.execute('indicators_update', { instanceId, styles: { nope: { width: 2 } } });
    expect(unknown.success).to.equal(false);
    if (!unknown.success) expect(JSON.stringify(unknown.error.details)).to.contain('macd, signal, hist');
    const wide = await chart.tools.execute('indicators_update', { instanceId, styles: { signal: { width: 9 } } });
    expect(wide.success, 'width above 4').to.equal(false);
    expect(coreOf(chart).store.peek('indicators')[0].styles).to.equal(undefined);
  });

  it('the style survives a layout save and restore (persist-key)', async () => {
    const key = `style-test-${Date.now()}`;
    const host = document.createElement('div');
    document.body.append(host);
    const mount = async () => {
      render(
        html`<kline-chart style="width:800px;height:500px" persist-key=${key} indicators="MACD(12,26,9)"></kline-chart>`,
        host,
      );
      const chart = host.querySelector('kline-chart')!;
      await waitFor(() => chart.context.get() !== null, 'data');
      await chart.whenPainted();
      return chart;
    };
    try {
      let chart = await mount();
      const instanceId = coreOf(chart).store.peek('indicators')[0].instanceId;
      const r = await chart.tools.execute('indicators_update', {
        instanceId,
        styles: { signal: { color: '#ff00ff', width: 2 } },
      });
      expect(r.success, JSON.stringify(r)).to.equal(true);
      await waitFor(() => (localStorage.getItem(key) ?? '').includes('#ff00ff'), 'autosaved', 5000);
      render(html``, host);
      chart = await mount();
      await waitFor(() => !!coreOf(chart).store.peek('indicators')[0]?.styles, 'restored styles');
      expect(coreOf(chart).store.peek('indicators')[0].styles).to.deep.equal({
        signal: { color: '#ff00ff', width: 2 },
      });
      await pollUntil(async () => (await magenta(chart)) > 40, 'the restored chart paints the magenta line');
    } finally {
      for (const k of Object.keys(localStorage)) if (k.startsWith(key)) localStorage.removeItem(k);
      host.remove();
    }
  });
});

import { expect, fixture } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import { html } from 'lit';
import '../../../components/settings-dialog/define.js';
import type { SettingsDialog } from '../../../components/settings-dialog/index.js';
import type { SchemaForm } from '../../../components/schema-form/index.js';
import { canvasHash } from '../helpers/canvas-pixels.js';
import { paneCanvas, readyChart, waitFor } from '../helpers/chart-fixture.js';
import { coreOf } from '../../../components/kline-chart/core-of.js';

function form(dialog: SettingsDialog): SchemaForm {
  return dialog.shadowRoot!.querySelector<SchemaForm>('kline-schema-form')!;
}

function control<T extends HTMLElement>(dialog: SettingsDialog, key: string): T {
  return form(dialog).shadowRoot!.querySelector<T>(`[data-field="${key}"] input, [data-field="${key}"] select`)!;
}

async function choose(dialog: SettingsDialog, key: string, value: string): Promise<void> {
  const select = control<HTMLSelectElement>(dialog, key);
  select.value = value;
  select.dispatchEvent(new Event('change', { bubbles: true, composed: true }));
  await form(dialog).updateComplete;
}

describe('settings dialog', () => {
  it('the Language select lists each supported language once, named in its own language, whatever tag is set', async () => {
    const chart = await readyChart();
    // A page or an agent may set a regional tag: the chart shows English for it.
    const set = await chart.tools.execute('settings_update', { values: { locale: 'en-US' } }, { origin: 'user' });
    expect(set.success, JSON.stringify(set)).to.equal(true);
    const dialog = await fixture<SettingsDialog>(html`<kline-settings-dialog .chart=${chart}></kline-settings-dialog>`);
    await dialog.open();
    await form(dialog).updateComplete;
    const select = control<HTMLSelectElement>(dialog, 'locale');
    const options = [...select.options].map((o) => [o.value, o.textContent.trim()]);
    expect(options).to.deep.equal([
      ['en', 'English'],
      ['zh-CN', '简体中文'],
      ['zh-TW', '繁體中文'],
      ['ja', '日本語'],
    ]);
    expect(select.value, 'en-US shows as English').to.equal('en');
    // Applying without touching the select keeps the tag the chart has.
    await dialog.apply();
    expect(coreOf(chart).store.peek('settings').locale, 'unchanged').to.equal('en-US');
  });

  it('shows the current values with labels, applies a change through ONE settings_update, repaints, and resets', async () => {
    const chart = await readyChart();
    const dialog = await fixture<SettingsDialog>(html`<kline-settings-dialog .chart=${chart}></kline-settings-dialog>`);
    const actions: string[] = [];
    chart.addEventListener('kline-change', (e) => actions.push((e as CustomEvent<{ action: string }>).detail.action));
    await chart.tools.execute('settings_update', { values: { grid: false } }, { origin: 'user' });
    actions.length = 0;
    await dialog.open();
    expect(dialog.isOpen).to.equal(true);
    expect(dialog.shadowRoot!.querySelector('dialog')!.matches(':modal')).to.equal(true);
    // Every writable key has a labelled field, showing its current value.
    const fields = [...form(dialog).shadowRoot!.querySelectorAll<HTMLElement>('[data-field]')].map(
      (f) => f.dataset.field,
    );
    expect(fields).to.deep.equal(Object.keys(coreOf(chart).store.peek('settings')));
    expect(form(dialog).shadowRoot!.querySelector('[data-field="candleStyle"] label')!.textContent).to.contain(
      'Candle style',
    );
    expect(control<HTMLSelectElement>(dialog, 'candleStyle').value).to.equal('solid');
    expect(control<HTMLInputElement>(dialog, 'grid').checked).to.equal(false);

    await chart.whenPainted();
    // A settings change rebuilds the panes: look the canvas up again after each paint.
    const price = () => paneCanvas(chart, 'price');
    const solidHash = canvasHash(price());
    await choose(dialog, 'candleStyle', 'ohlc');
    await choose(dialog, 'crosshair', 'magnet');
    const applied = await dialog.apply();
    expect(applied?.success).to.equal(true);
    expect(actions).to.deep.equal(['settings_update'], 'two keys, one action');
    expect(coreOf(chart).store.peek('settings').candleStyle).to.equal('ohlc');
    expect(coreOf(chart).store.peek('settings').crosshair).to.equal('magnet');
    await chart.whenPainted();
    const ohlcHash = canvasHash(price());
    expect(ohlcHash).to.not.equal(solidHash, 'OHLC bars are drawn differently from candles');
    expect(dialog.shadowRoot!.querySelector('[part="status"]')!.textContent).to.contain('applied');

    // Nothing changed since: Apply writes nothing.
    expect(await dialog.apply()).to.equal(null);
    expect(actions.length).to.equal(1);

    dialog.shadowRoot!.querySelector<HTMLButtonElement>('[part="reset"]')!.click();
    await waitFor(() => actions.length === 2, 'the reset');
    await dialog.updateComplete;
    expect(actions).to.deep.equal(['settings_update', 'settings_reset']);
    expect(coreOf(chart).store.peek('settings').candleStyle).to.equal('solid');
    expect(coreOf(chart).store.peek('settings').grid).to.equal(true);
    await form(dialog).updateComplete;
    expect(control<HTMLSelectElement>(dialog, 'candleStyle').value, 'the form shows the reset values').to.equal(
      'solid',
    );
    await chart.whenPainted();
    expect(canvasHash(price()), 'reset repaints (candles and grid back)').to.not.equal(ohlcHash);

    expect(chart.undo()).to.equal('settings_reset');
    expect(chart.undo()).to.equal('settings_update');
    expect(coreOf(chart).store.peek('settings').candleStyle).to.equal('solid');
  });

  it('reports a refused update (unknown timezone) and changes nothing; Escape closes', async () => {
    const chart = await readyChart();
    const dialog = await fixture<SettingsDialog>(html`<kline-settings-dialog .chart=${chart}></kline-settings-dialog>`);
    await dialog.open();
    const zone = control<HTMLInputElement>(dialog, 'timezone');
    zone.value = 'Mars/Olympus';
    zone.dispatchEvent(new Event('input', { bubbles: true, composed: true }));
    await choose(dialog, 'candleStyle', 'area');
    const r = await dialog.apply();
    expect(r?.success).to.equal(false);
    await dialog.updateComplete;
    const status = dialog.shadowRoot!.querySelector('[part="status"]')!;
    expect(status.getAttribute('role')).to.equal('alert');
    expect(status.textContent).to.contain('values.timezone');
    expect(coreOf(chart).store.peek('settings').candleStyle).to.equal('solid');
    control<HTMLInputElement>(dialog, 'timezone').focus();
    await sendKeys({ press: 'Escape' });
    await dialog.updateComplete;
    expect(dialog.isOpen).to.equal(false);
  });
});

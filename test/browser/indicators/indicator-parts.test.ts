import { expect, fixture } from '@open-wc/testing';
import { html, render } from 'lit';
import type { TObject } from '@sinclair/typebox';
import { Type } from '@sinclair/typebox';
import '../../../components/indicator-picker/define.js';
import '../../../components/schema-form/define.js';
import '../../../components/indicator-settings/define.js';
import type { IndicatorPicker } from '../../../components/indicator-picker/index.js';
import type { SchemaForm, SchemaFormDetail } from '../../../components/schema-form/index.js';
import {
  indicatorSettingsModel,
  renderIndicatorLegendEntry,
  type IndicatorSettings,
} from '../../../components/indicator-settings/index.js';
import type { KlineChart } from '../../../components/kline-chart/kline-chart.js';
import { canvasHash } from '../helpers/canvas-pixels.js';
import { paneCanvas, readyChart, waitFor } from '../helpers/chart-fixture.js';
import { coreOf } from '../../../components/kline-chart/core-of.js';

/** Pixels that differ from the pane's background: something was drawn. */
function inkedPixels(canvas: HTMLCanvasElement): number {
  const data = canvas.getContext('2d')!.getImageData(0, 0, canvas.width, canvas.height).data;
  const bg = [data[0], data[1], data[2]];
  let n = 0;
  for (let i = 0; i < data.length; i += 4) {
    if (Math.abs(data[i] - bg[0]) + Math.abs(data[i + 1] - bg[1]) + Math.abs(data[i + 2] - bg[2]) > 60) n++;
  }
  return n;
}

function legendText(chart: KlineChart): string {
  return [...chart.shadowRoot!.querySelectorAll('.pane-legend')].map((e) => e.textContent ?? '').join(' | ');
}

function field(form: SchemaForm, key: string): HTMLElement {
  return form.shadowRoot!.querySelector<HTMLElement>(`[data-field="${key}"]`)!;
}

async function typeInto(form: SchemaForm, key: string, text: string): Promise<void> {
  const input = field(form, key).querySelector<HTMLInputElement>('input, textarea')!;
  input.value = text;
  input.dispatchEvent(new Event('input', { bubbles: true, composed: true }));
  input.dispatchEvent(new Event('blur'));
  await form.updateComplete;
}

describe('indicator picker', () => {
  it('opens, filters "mac" to MACD, and choosing it adds a painted pane through indicators_add', async () => {
    const chart = await readyChart(html`<kline-chart style="width:800px;height:500px" indicators=""></kline-chart>`);
    const picker =
      await fixture<IndicatorPicker>(html`<kline-indicator-picker .definitions=${coreOf(chart).indicatorRegistry.entries()}
      @indicator-pick=${(e: CustomEvent<{ definitionId: string }>) => void coreOf(chart).tools.execute('indicators_add', { definitionId: e.detail.definitionId }, { origin: 'user' })}></kline-indicator-picker>`);
    picker.shadowRoot!.querySelector<HTMLButtonElement>('[part="button"]')!.click();
    await picker.updateComplete;
    expect(picker.open).to.equal(true);
    const search = picker.shadowRoot!.querySelector<HTMLInputElement>('[part="search"]')!;
    expect(picker.shadowRoot!.activeElement).to.equal(search);
    // Unfiltered: grouped by category, every study listed.
    const groups = [...picker.shadowRoot!.querySelectorAll('[role="group"]')].map((g) => g.getAttribute('aria-label'));
    expect(groups).to.include.members(['Moving averages', 'Momentum', 'Volume']);
    expect(picker.shadowRoot!.querySelectorAll('[role="option"]').length).to.equal(
      coreOf(chart).indicatorRegistry.entries().length,
    );
    search.value = 'mac';
    search.dispatchEvent(new Event('input'));
    await picker.updateComplete;
    const options = [...picker.shadowRoot!.querySelectorAll<HTMLElement>('[role="option"]')];
    expect(options.map((o) => o.dataset.id)).to.deep.equal(['MACD']);
    expect(options[0].getAttribute('aria-selected')).to.equal('true');
    search.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', bubbles: true, composed: true }));
    await picker.updateComplete;
    expect(picker.open, 'closes after a pick').to.equal(false);
    await waitFor(
      () =>
        coreOf(chart)
          .store.peek('indicators')
          .some((i) => i.definitionId === 'MACD'),
      'MACD added',
    );
    const macd = coreOf(chart)
      .store.peek('indicators')
      .find((i) => i.definitionId === 'MACD')!;
    await chart.whenPainted();
    await chart.whenPainted();
    const canvas = paneCanvas(chart, macd.paneId);
    expect(canvas.height).to.be.greaterThan(40);
    expect(inkedPixels(canvas), 'MACD lines and histogram drawn').to.be.greaterThan(500);
    expect(coreOf(chart).store.history.undoLabel).to.equal('indicators_add');
  });

  it('moves the selection with the arrow keys, keeps keys from the chart, and closes on Escape', async () => {
    const registry = coreOf(
      await readyChart(html`<kline-chart style="width:400px;height:300px" indicators=""></kline-chart>`),
    ).indicatorRegistry;
    let picked = '';
    let keysReachedOutside = 0;
    const wrapper =
      await fixture<HTMLElement>(html`<div @keydown=${() => keysReachedOutside++}><kline-indicator-picker open
      .definitions=${registry.entries()} @indicator-pick=${(e: CustomEvent<{ definitionId: string }>) => (picked = e.detail.definitionId)}></kline-indicator-picker></div>`);
    const picker = wrapper.querySelector('kline-indicator-picker')!;
    await picker.updateComplete;
    const search = picker.shadowRoot!.querySelector<HTMLInputElement>('[part="search"]')!;
    search.value = 'average';
    search.dispatchEvent(new Event('input'));
    await picker.updateComplete;
    const ids = [...picker.shadowRoot!.querySelectorAll<HTMLElement>('[role="option"]')].map((o) => o.dataset.id);
    expect(ids.length).to.be.greaterThan(3);
    search.dispatchEvent(new KeyboardEvent('keydown', { key: 'ArrowDown', bubbles: true, composed: true }));
    search.dispatchEvent(new KeyboardEvent('keydown', { key: 'ArrowDown', bubbles: true, composed: true }));
    await picker.updateComplete;
    expect(picker.shadowRoot!.querySelector<HTMLElement>('[aria-selected="true"]')!.dataset.id).to.equal(ids[2]);
    expect(keysReachedOutside).to.equal(0);
    search.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true, composed: true }));
    await picker.updateComplete;
    expect(picker.open).to.equal(false);
    expect(picked).to.equal('');
    // Open again: a press inside keeps the list, a press anywhere else on the page closes it.
    picker.toggle(true);
    await picker.updateComplete;
    search.dispatchEvent(new PointerEvent('pointerdown', { bubbles: true, composed: true }));
    expect(picker.open, 'a press inside').to.equal(true);
    document.body.dispatchEvent(new PointerEvent('pointerdown', { bubbles: true, composed: true }));
    expect(picker.open, 'a press outside').to.equal(false);
  });
});

describe('schema form', () => {
  it('shows min/max/step, help text, and a field error for an out-of-range value', async () => {
    const chart = await readyChart(html`<kline-chart style="width:400px;height:300px" indicators=""></kline-chart>`);
    // A study's code loads on first use (the chart shows none here).
    await coreOf(chart).indicatorRegistry.load('MACD');
    const macd = coreOf(chart).indicatorRegistry.get('MACD')!;
    const changes: SchemaFormDetail[] = [];
    const form = await fixture<SchemaForm>(html`<kline-schema-form .schema=${macd.params} .order=${macd.paramOrder}
      .value=${{ fast: 12, slow: 26, signal: 9 }} @schema-form-change=${(e: CustomEvent<SchemaFormDetail>) => changes.push(e.detail)}></kline-schema-form>`);
    const signal = field(form, 'signal').querySelector('input')!;
    expect(signal.type).to.equal('number');
    expect(signal.min).to.equal('1');
    expect(signal.max).to.equal('1000');
    expect(signal.step).to.equal('1');
    expect(signal.value).to.equal('9');
    expect(field(form, 'signal').querySelector('.help')!.textContent).to.equal('Signal EMA period');
    expect(
      [...form.shadowRoot!.querySelectorAll('[data-field]')].map((f) => f.getAttribute('data-field')),
    ).to.deep.equal(['fast', 'slow', 'signal']);
    await typeInto(form, 'signal', '0');
    const error = field(form, 'signal').querySelector('.error')!;
    expect(error.textContent).to.equal('must be >= 1');
    expect(signal.getAttribute('aria-invalid')).to.equal('true');
    expect(changes.at(-1)!.valid).to.equal(false);
    expect(changes.at(-1)!.errors).to.deep.equal({ signal: 'must be >= 1' });
    await typeInto(form, 'signal', '5');
    expect(error.textContent).to.equal('');
    expect(changes.at(-1)).to.deep.equal({ value: { fast: 12, slow: 26, signal: 5 }, valid: true, errors: {} });
  });

  it('edits number lists, selects, booleans and strings, and validates with the schema', async () => {
    const schema: TObject = Type.Object({
      periods: Type.Array(Type.Integer({ minimum: 1, maximum: 1000 }), {
        minItems: 1,
        maxItems: 8,
        description: 'Periods in bars',
      }),
      maType: Type.Union([Type.Literal('SMA'), Type.Literal('EMA')], { default: 'SMA', description: 'Average kind' }),
      filled: Type.Boolean({ description: 'Fill the band' }),
      note: Type.Optional(Type.String({ maxLength: 5, description: 'A note' })),
    });
    let submitted: SchemaFormDetail | null = null;
    const form =
      await fixture<SchemaForm>(html`<kline-schema-form .schema=${schema} .value=${{ periods: [5, 20], maType: 'SMA', filled: false }}
      @schema-form-submit=${(e: CustomEvent<SchemaFormDetail>) => (submitted = e.detail)}></kline-schema-form>`);
    const list = field(form, 'periods').querySelector('input')!;
    expect(list.value).to.equal('5, 20');
    await typeInto(form, 'periods', '5, x');
    expect(field(form, 'periods').querySelector('.error')!.textContent).to.equal('item 2: must be a whole number');
    await typeInto(form, 'periods', '7, 30, 60');
    const select = field(form, 'maType').querySelector('select')!;
    expect([...select.options].map((o) => o.value)).to.deep.equal(['SMA', 'EMA']);
    select.value = 'EMA';
    select.dispatchEvent(new Event('change'));
    const box = field(form, 'filled').querySelector<HTMLInputElement>('input[type="checkbox"]')!;
    box.click();
    await typeInto(form, 'note', 'too long');
    expect(field(form, 'note').querySelector('.error')!.textContent).to.equal('at most 5 characters');
    expect(form.validate().valid).to.equal(false);
    await typeInto(form, 'note', 'ok');
    const input = field(form, 'note').querySelector('input')!;
    input.form!.requestSubmit();
    expect(submitted).to.deep.equal({
      value: { periods: [7, 30, 60], maType: 'EMA', filled: true, note: 'ok' },
      valid: true,
      errors: {},
    });
  });
});

describe('indicator settings popover and legend entry', () => {
  it('Apply runs indicators_update: the MACD pane redraws and the legend reads the new label; Remove drops the pane', async () => {
    const chart = await readyChart(
      html`<kline-chart style="width:800px;height:500px" indicators="MACD(12,26,9)"></kline-chart>`,
    );
    const instance = coreOf(chart).store.peek('indicators')[0];
    await waitFor(() => legendText(chart).includes('MACD(12,26,9)'), 'legend label');
    const before = canvasHash(paneCanvas(chart, instance.paneId));
    const errors: string[] = [];
    const settings =
      await fixture<IndicatorSettings>(html`<kline-indicator-settings open .model=${indicatorSettingsModel(coreOf(chart), instance.instanceId)}
      @indicator-settings-apply=${async (e: CustomEvent<{ instanceId: string; params: Record<string, unknown> }>) => {
        const result = await coreOf(chart).tools.execute('indicators_update', e.detail, { origin: 'user' });
        if (!result.success) errors.push(result.error.message);
        settings.model = indicatorSettingsModel(coreOf(chart), e.detail.instanceId);
      }}
      @indicator-settings-remove=${(e: CustomEvent<{ instanceId: string }>) => void coreOf(chart).tools.execute('indicators_remove', e.detail, { origin: 'user' })}></kline-indicator-settings>`);
    expect(settings.shadowRoot!.querySelector('h2')!.textContent).to.contain('MACD(12,26,9)');
    const form = settings.shadowRoot!.querySelector<SchemaForm>('kline-schema-form')!;
    await form.updateComplete;
    const apply = settings.shadowRoot!.querySelector<HTMLButtonElement>('[part="apply"]')!;
    await typeInto(form, 'signal', '0');
    await settings.updateComplete;
    expect(apply.disabled, 'Apply is off while invalid').to.equal(true);
    await typeInto(form, 'signal', '5');
    await settings.updateComplete;
    expect(apply.disabled).to.equal(false);
    apply.click();
    await waitFor(() => legendText(chart).includes('MACD(12,26,5)'), 'legend shows the new params');
    expect(errors).to.deep.equal([]);
    await chart.whenPainted();
    expect(canvasHash(paneCanvas(chart, instance.paneId)), 'the MACD pane redrew').to.not.equal(before);
    await settings.updateComplete;
    expect(settings.shadowRoot!.querySelector('h2')!.textContent).to.contain('MACD(12,26,5)');
    settings.shadowRoot!.querySelector<HTMLButtonElement>('[part="remove"]')!.click();
    await waitFor(() => coreOf(chart).store.peek('indicators').length === 0, 'removed');
    await chart.whenPainted();
    expect(chart.shadowRoot!.querySelector(`.pane[data-pane-id="${instance.paneId}"]`)).to.equal(null);
    chart.undo();
    await waitFor(() => legendText(chart).includes('MACD(12,26,5)'), 'undo brings it back');
  });

  it('Escape in the popover asks to close and does not reach the chart', async () => {
    const chart = await readyChart(html`<kline-chart style="width:400px;height:300px" indicators="RSI"></kline-chart>`);
    const id = coreOf(chart).store.peek('indicators')[0].instanceId;
    let closed = '';
    let leaked = 0;
    const wrapper =
      await fixture<HTMLElement>(html`<div @keydown=${() => leaked++}><kline-indicator-settings open .model=${indicatorSettingsModel(coreOf(chart), id)}
      @indicator-settings-close=${(e: CustomEvent<{ instanceId: string }>) => (closed = e.detail.instanceId)}></kline-indicator-settings></div>`);
    const settings = wrapper.querySelector('kline-indicator-settings')!;
    await settings.updateComplete;
    settings
      .shadowRoot!.querySelector('[part="panel"]')!
      .dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true, composed: true }));
    expect(closed).to.equal(id);
    expect(leaked).to.equal(0);
  });

  it("the chart's legend opens a study's settings; a press inside keeps them, a press on the chart closes them", async () => {
    const chart = await readyChart(
      html`<kline-chart style="width:800px;height:500px" indicators="MACD(12,26,9)"></kline-chart>`,
    );
    const root = chart.shadowRoot!;
    await waitFor(() => legendText(chart).includes('MACD(12,26,9)'), 'legend label');
    const title = [...root.querySelectorAll<HTMLButtonElement>('.indicator-entry button')].find((b) =>
      b.textContent.includes('MACD(12,26,9)'),
    )!;
    title.click();
    // The popover and its element arrive as a chunk.
    await waitFor(() => !!root.querySelector('kline-indicator-settings')?.shadowRoot?.querySelector('h2'), 'settings');
    const popover = root.querySelector<IndicatorSettings>('kline-indicator-settings')!;
    expect(popover.shadowRoot!.querySelector('h2')!.textContent).to.contain('MACD(12,26,9)');
    const press = (target: Element) =>
      target.dispatchEvent(new PointerEvent('pointerdown', { bubbles: true, composed: true, button: 0 }));
    press(popover.shadowRoot!.querySelector('[part="panel"]')!);
    await chart.updateComplete;
    const isOpen = () => root.querySelector('kline-indicator-settings') !== null; // a boolean: chai would print the element
    expect(isOpen(), 'a press inside keeps it open').to.equal(true);
    press(root.querySelector('.toolbar, .legend')!);
    await chart.updateComplete;
    expect(isOpen(), 'a press on the chart closes it').to.equal(false);
    // Opened again from the legend, it is there at once (its chunk is in).
    title.click();
    await chart.updateComplete;
    expect(isOpen()).to.equal(true);
    press(document.body);
    await chart.updateComplete;
    expect(isOpen(), 'a press elsewhere on the page closes it').to.equal(false);
  });

  it('the legend entry opens settings on click and removes with its × button', async () => {
    const calls: string[] = [];
    const host = await fixture<HTMLElement>(html`<div></div>`);
    render(
      renderIndicatorLegendEntry(
        { instanceId: 'macd-1', label: 'MACD(12,26,9)' },
        {
          open: (id, anchor) => calls.push(`open ${id} ${anchor.width > 0}`),
          remove: (id) => calls.push(`remove ${id}`),
          moveUp: (id) => calls.push(`up ${id}`),
        },
      ),
      host,
    );
    const title = host.querySelector<HTMLButtonElement>('[part="legend-entry"]')!;
    expect(title.textContent).to.equal('MACD(12,26,9)');
    title.click();
    host.querySelector<HTMLButtonElement>('[part="legend-move-up"]')!.click();
    host.querySelector<HTMLButtonElement>('[part="legend-remove"]')!.click();
    expect(host.querySelector('[part="legend-move-down"]')).to.equal(null);
    expect(calls).to.deep.equal(['open macd-1 true', 'up macd-1', 'remove macd-1']);
    expect(host.querySelector('[part="legend-remove"]')!.getAttribute('aria-label')).to.equal('Remove MACD(12,26,9)');
  });
});

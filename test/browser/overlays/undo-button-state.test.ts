import { expect } from '@open-wc/testing';
import { html } from 'lit';
import { readyChart, waitFor } from '../helpers/chart-fixture.js';
import type { KlineChart } from '../../../components/kline-chart/kline-chart.js';

function button(chart: KlineChart, part: 'undo-button' | 'redo-button'): HTMLButtonElement {
  return chart.shadowRoot!.querySelector<HTMLButtonElement>(`[part="${part}"]`)!;
}

/**
 * The toolbar's ↶ / ↷ follow the undo history after any step, also one that changes nothing else the
 * toolbar shows: a price line placed or dragged used to leave ↶ greyed out (and ↷ enabled after the
 * step that cleared the redo stack) until some other change re-rendered the toolbar.
 */
describe('<kline-chart> undo and redo buttons', () => {
  it('enable ↶ after a price line is placed, and grey out ↷ again after a new step', async () => {
    const chart = await readyChart(html`<kline-chart style="width:1400px;height:500px" indicators=""></kline-chart>`);
    await waitFor(() => !!chart.shadowRoot!.querySelector('[part="undo-button"]'), 'the toolbar');
    expect(button(chart, 'undo-button').disabled, '↶ before any step').to.equal(true);
    const created = await chart.createPriceLine({ price: 100, label: 'Stop', draggable: true });
    expect(created.success, JSON.stringify(created)).to.equal(true);
    await waitFor(() => !button(chart, 'undo-button').disabled, '↶ enabled after placing a price line');
    button(chart, 'undo-button').click();
    await waitFor(() => !button(chart, 'redo-button').disabled, '↷ enabled after ↶');
    expect((await chart.listPriceLines()).data).to.deep.include({ lines: [] });
    await chart.createPriceLine({ price: 101, label: 'Target' });
    await waitFor(() => button(chart, 'redo-button').disabled, '↷ greyed out: the new step cleared what it would redo');
    expect(button(chart, 'undo-button').disabled).to.equal(false);
  });
});

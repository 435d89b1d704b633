import { expect, fixture } from '@open-wc/testing';
import { html } from 'lit';
import '../../../components/kline-chart/define.js';
import type { KlineChart } from '../../../components/kline-chart/kline-chart.js';
import { waitFor } from '../helpers/chart-fixture.js';
import { heldSource } from '../helpers/held-source.js';

// The toolbar search asks the source at each keystroke (symbol-search.ts searchSymbols). A network answers
// in any order: the answer to an earlier query that comes last must not replace the newer one's results,
// and an answer that comes after the user closed the search must not open it again.

const SYMBOLS = ['AAA', 'ABB', 'BBB', 'BCC', 'CCC'];

async function searchChart() {
  const held = heldSource('held', SYMBOLS);
  const wrapper = await fixture<HTMLElement>(
    html`<div><kline-chart style="width:1400px;height:500px" indicators="" source="held" symbol="AAA"></kline-chart></div>`,
  );
  const chart = wrapper.querySelector('kline-chart') as KlineChart;
  chart.registerDataSource(held.source);
  await waitFor(() => chart.context.get()?.source === 'held', 'the held source shown');
  await chart.whenPainted();
  held.hold.search = true;
  return { chart, held };
}

const q = (chart: KlineChart, part: string) => chart.shadowRoot!.querySelector<HTMLElement>(`[part="${part}"]`);
const listed = (chart: KlineChart) =>
  [...chart.shadowRoot!.querySelectorAll('.results button b')].map((b) => (b.textContent ?? '').replace(/^.*:/, ''));

/** Types `text` into the open search box as a user would (one `input` event). */
function type(chart: KlineChart, text: string): void {
  const input = q(chart, 'symbol-input') as HTMLInputElement;
  input.value = text;
  input.dispatchEvent(new Event('input', { bubbles: true, composed: true }));
}

const settle = () => new Promise((r) => setTimeout(r, 100));

describe('the toolbar search with answers out of order', function () {
  this.timeout(30000);

  it("the last query's results stay when an earlier query answers after it", async () => {
    const { chart, held } = await searchChart();
    q(chart, 'symbol-button')!.click();
    await waitFor(() => held.searches.length === 1 && !!q(chart, 'symbol-input'), 'the opening query asked');
    type(chart, 'BB');
    await waitFor(() => held.searches.length === 2, 'the typed query asked');
    held.searches[1].release();
    await waitFor(() => listed(chart).length > 0, 'the typed query listed');
    expect(listed(chart)).to.deep.equal(['ABB', 'BBB']);

    // The opening query (every instrument) answers last.
    held.searches[0].release();
    await settle();
    await chart.updateComplete;
    expect(listed(chart), 'the results of what was typed').to.deep.equal(['ABB', 'BBB']);
  });

  it('a search the user closed stays closed when its query answers later', async () => {
    const { chart, held } = await searchChart();
    q(chart, 'symbol-button')!.click();
    await waitFor(() => held.searches.length === 1 && !!q(chart, 'symbol-input'), 'the opening query asked');
    type(chart, 'CC');
    await waitFor(() => held.searches.length === 2, 'the typed query asked');
    // Closed before anything answered (the symbol button again, as Escape does).
    q(chart, 'symbol-button')!.click();
    await waitFor(() => !q(chart, 'symbol-input'), 'the search closed');

    held.searches[1].release();
    held.searches[0].release();
    await settle();
    await chart.updateComplete;
    expect(!!q(chart, 'symbol-input'), 'a search box shown').to.equal(false);
    expect(q(chart, 'symbol-button')!.getAttribute('aria-expanded')).to.equal('false');
  });
});

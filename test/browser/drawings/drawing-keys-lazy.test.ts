import { expect } from '@open-wc/testing';
import { html } from 'lit';
import { readyChart, waitFor } from '../helpers/chart-fixture.js';

// The keyboard drawing keys are in the drawing layer's lazy chunk (issue #12). A key that needs them
// before the chunk is here is taken, loads it and is answered then (each file runs in a page of its
// own, so the chunk is not loaded before this test).
describe('drawing keys before the drawing layer chunk is loaded', () => {
  it('before the parts are loaded, ] on a chart without drawings loads them and says there are none', async () => {
    const chart = await readyChart(
      html`<kline-chart toolbar="none" style="width:800px;height:500px" indicators="VOL"></kline-chart>`,
    );
    const live = chart.shadowRoot!.querySelector<HTMLElement>('[part="live"]')!;
    chart.focus();
    const key = new KeyboardEvent('keydown', { key: ']', bubbles: true, composed: true, cancelable: true });
    chart.dispatchEvent(key);
    expect(key.defaultPrevented, 'the key is the drawing keys’ (not the pan keys’)').to.equal(true);
    await waitFor(() => live.textContent?.includes('No drawings') === true, 'the announcement');
  });
});

import { expect } from '@open-wc/testing';
import { waitFor } from '../helpers/chart-fixture.js';
import { openFrame } from '../helpers/test-frame.js';

// A page's first Intl object costs ~15-20 ms while ICU's data loads (more on a phone), so an English chart
// in UTC makes none before its first paint: its zone needs no formatter (src/core/data/market-time.ts) and
// its volumes are written compact without Intl (src/render/english-compact.ts). Measured by `npm run bench`
// (first paint); this keeps the path free of them.

describe("an English chart's first paint", function () {
  this.timeout(60000);

  it('makes no Intl object: candles, volume, MA and MACD, with their axes and legends, in UTC', async () => {
    const { frame, win } = await openFrame('/test/pages/first-paint-intl.html', 'width:900px;height:480px;border:0');
    const w = win as unknown as Window & { painted?: boolean; intlMade: string[] };
    await waitFor(() => w.painted === true, 'the first paint', 20000);
    expect(w.intlMade, 'Intl objects made by the first paint').to.deep.equal([]);
    // The volume axis and legend are there, written compact.
    const chart = win.document.querySelector('kline-chart')!;
    const legend = chart.shadowRoot!.querySelector('.pane-legend')?.textContent ?? '';
    expect(legend).to.match(/\d(\.\d+)?[KM]/);
    frame.remove();
  });
});

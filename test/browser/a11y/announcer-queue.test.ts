import { expect } from '@open-wc/testing';
import { html } from 'lit';
import { ChartAnnouncer } from '../../../components/kline-chart/chart-announcer.js';
import type { KlineChart } from '../../../components/kline-chart/kline-chart.js';
import { readyChart } from '../helpers/chart-fixture.js';
import { liveText, recordLive } from '../helpers/live-region.js';
import { pollUntil } from '../helpers/wait-for.js';

// The live region held one message and the newest replaced what waited: a new live bar's words, waiting for
// their 5 s window, were dropped when a key said the view meanwhile, so a screen reader never heard that bar.

/** Appends a new bar one period after the last (a live feed's new bar). */
function newBar(chart: KlineChart, close: number): void {
  const ctx = chart.context.get()!;
  const step = 86_400_000;
  expect(
    chart.updateBar({ time: ctx.dataRange.to + step, open: close, high: close, low: close, close, volume: 10 }),
  ).to.equal(true);
}

describe("the chart's live region, when messages meet", function () {
  this.timeout(30000);

  it("a key's view said while a new bar waits for its window leaves the bar to be said after it", async () => {
    const chart = await readyChart(
      html`<kline-chart symbol="DEMO" period="1d" live="off" style="width:800px;height:400px"></kline-chart>`,
    );
    const said = recordLive(chart);
    newBar(chart, 123.25);
    await pollUntil(async () => liveText(chart).startsWith('New bar'), 'the first new bar said');
    expect(liveText(chart)).to.contain('123.25');
    newBar(chart, 321.5); // within the 5 s window: waits
    chart.focus();
    const init = { key: 'ArrowLeft', shiftKey: true, bubbles: true, composed: true, cancelable: true };
    chart.dispatchEvent(new KeyboardEvent('keydown', init));
    await pollUntil(async () => liveText(chart).includes('Showing'), 'the pan said');
    await pollUntil(async () => liveText(chart).includes('321.5'), 'the second new bar said after the view', 8000);
    const texts = said.filter((t) => t !== '');
    expect(
      texts.filter((t) => t.includes('321.5')),
      'the second bar, once',
    ).to.have.length(1);
    expect(
      texts.findIndex((t) => t.includes('Showing')),
      'the view before the waiting bar',
    ).to.be.below(texts.findIndex((t) => t.includes('321.5')));
  });

  it('messages of one moment are one text; a held key is not a flood; the same words twice are said twice', async () => {
    let changes = 0;
    const a = new ChartAnnouncer(() => changes++);
    a.say('New bar: 2026-12-07, close 101', 5000, 'bar');
    a.say('Alert: DEMO crossed 100 upward', 0);
    await new Promise((r) => setTimeout(r, 10));
    expect(a.text, 'both, as sentences').to.equal('New bar: 2026-12-07, close 101. Alert: DEMO crossed 100 upward');
    expect(changes).to.equal(1);

    // Twenty steps 10 ms apart (a held arrow key, 250 ms per message): a few texts, the last step last.
    changes = 0;
    for (let i = 0; i < 20; i++) {
      a.say(`Bar ${i}`, 250);
      await new Promise((r) => setTimeout(r, 10));
    }
    await new Promise((r) => setTimeout(r, 400));
    expect(a.text).to.equal('Bar 19');
    expect(changes, 'a few texts for twenty steps').to.be.within(1, 3);

    changes = 0;
    a.say('Start of data.', 0, 'view');
    await new Promise((r) => setTimeout(r, 10));
    const first = a.text;
    a.say('Start of data.', 0, 'view');
    await new Promise((r) => setTimeout(r, 10));
    expect(changes, 'the second press is a change too').to.equal(2);
    expect(a.text, 'another text').to.not.equal(first);
    expect(a.text.trim()).to.equal('Start of data.');
    a.dispose();
  });
});

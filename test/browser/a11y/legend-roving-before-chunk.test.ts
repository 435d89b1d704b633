import { expect } from '@open-wc/testing';
import { executeServerCommand } from '@web/test-runner-commands';
import { waitFor } from '../helpers/chart-fixture.js';
import { press } from '../helpers/keyboard.js';
import { openFrame } from '../helpers/test-frame.js';

type Chart = HTMLElement & {
  context: { get(): { activeIndicators: unknown[] } | null };
  whenPainted(): Promise<void>;
};

/** The element that has focus in the framed page, through open shadow roots. */
function active(doc: Document): Element | null {
  let el: Element | null = doc.activeElement;
  while (el?.shadowRoot?.activeElement) el = el.shadowRoot.activeElement;
  return el;
}

const inLegend = (el: Element | null) => !!el?.closest('.legend, .pane-legend');

// The legends' roving focus (arrows move, one Tab stop) is in a chunk fetched after the first paint
// (components/kline-chart/legend-roving.ts, in chart-actions.ts's chunk). Until it arrives — or when it never does — the legend must
// already be one Tab stop, not one per study button.

describe('the legend before its roving-focus chunk has loaded', function () {
  this.timeout(60000);

  afterEach(async () => {
    await executeServerCommand('block-requests', { pattern: null });
  });

  it('is one Tab stop: Tab through the chart reaches the legend once, and the next Tab leaves it', async () => {
    await executeServerCommand('block-requests', { pattern: '/dist/chunks/chart-actions-' });
    const { frame, win } = await openFrame('/test/pages/script-tag.html', 'width:960px;height:520px;border:0');
    const doc = win.document;
    const chart = doc.querySelector('kline-chart') as Chart;
    chart.setAttribute('indicators', 'MA(5),VOL,MACD(12,26,9)');
    await waitFor(() => chart.context?.get()?.activeIndicators.length === 3, 'three studies', 20000);
    await chart.whenPainted();
    const controls = () => [...chart.shadowRoot!.querySelectorAll<HTMLElement>('.legend button, .pane-legend button')];
    await waitFor(() => controls().length > 6, 'the legend buttons', 20000);
    // A real Tab walk from the page's start through the whole chart (toolbar, plot, legend, …).
    frame.focus();
    doc.body.tabIndex = -1;
    doc.body.focus();
    const stops: Element[] = [];
    for (let i = 0; i < 120; i++) {
      await press('Tab');
      const el = active(doc);
      if (!el || el === doc.body || stops.includes(el)) break;
      stops.push(el);
    }
    const legendStops = stops.filter(inLegend);
    expect(legendStops, 'legend controls in the Tab order').to.have.length(1);
    expect(legendStops[0]).to.equal(controls()[0]);
    const at = stops.indexOf(legendStops[0]);
    if (at + 1 < stops.length) expect(inLegend(stops[at + 1]), 'the next Tab leaves the legend').to.equal(false);
    // The roving code would set exactly this; the template has to, without it.
    expect(controls().filter((c) => c.tabIndex === 0)).to.deep.equal([controls()[0]]);
    expect(controls().filter((c) => c.tabIndex !== -1)).to.have.length(1);
    frame.remove();
  });
});

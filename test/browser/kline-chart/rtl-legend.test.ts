import { expect } from '@open-wc/testing';
import { registerLocale } from '../../../components/i18n/index.js';
import type { KlineChart } from '../../../components/kline-chart/kline-chart.js';
import { minuteBars, mountChart, painted, removeFixtures } from '../lifecycle/lifecycle-fixture.js';

/** Every bidi control character a text from data or a model could carry (embeddings, overrides, isolates, marks). */
const BIDI_CONTROLS = /[\u200E\u200F\u202A-\u202E\u2066-\u2069]/;

function legend(chart: KlineChart): HTMLElement {
  return chart.shadowRoot!.querySelector<HTMLElement>('[part="legend"]')!;
}

describe('the chart on a right-to-left page', () => {
  let dirBefore: string;
  beforeEach(() => {
    dirBefore = document.documentElement.dir;
    document.documentElement.dir = 'rtl';
  });
  afterEach(() => {
    document.documentElement.dir = dirBefore;
    removeFixtures();
  });

  it('lays the legend out left to right: open, high, low, close in reading order', async () => {
    const { chart } = mountChart({ symbol: 'ACME', period: '1m' });
    expect(chart.setBars(minuteBars(120))).to.equal(true);
    await painted(chart);
    const box = legend(chart);
    expect(getComputedStyle(box).direction).to.equal('ltr');
    const cells = [...box.querySelectorAll<HTMLElement>('[data-testid="ohlc"] > span')];
    expect(cells.length).to.be.greaterThan(4);
    const lefts = cells.map((c) => c.getBoundingClientRect().left);
    for (let i = 1; i < lefts.length; i++) expect(lefts[i], `legend cell ${i}`).to.be.greaterThan(lefts[i - 1]);
    // The legend starts at the plot's left edge, as on a left-to-right page.
    const plotLeft = chart.shadowRoot!.querySelector<HTMLElement>('[part="panes"]')!.getBoundingClientRect().left;
    expect(lefts[0] - plotLeft).to.be.lessThan(40);
  });

  it('keeps the drawing bar left of the plot, away from the price scale', async () => {
    const { chart } = mountChart({ symbol: 'ACME', period: '1m' });
    expect(chart.setBars(minuteBars(120))).to.equal(true);
    await painted(chart);
    await chart.updateComplete;
    const bar = chart.shadowRoot!.querySelector<HTMLElement>('[part="drawing-toolbar"]')!.getBoundingClientRect();
    const panes = chart.shadowRoot!.querySelector<HTMLElement>('[part="panes"]')!.getBoundingClientRect();
    expect(bar.right, 'the bar ends where the plot begins').to.be.at.most(panes.left + 0.5);
    expect(bar.left - chart.getBoundingClientRect().left).to.be.lessThan(4);
  });

  it("isolates the instrument's own words and drops bidi controls from them", async () => {
    const { chart } = mountChart({ period: '1m' });
    // U+202E (right-to-left override) left open in a name would reverse everything after it in the title.
    expect(chart.setBars(minuteBars(120), { symbol: 'ACME', name: 'שוק\u202E Acme' })).to.equal(true);
    await painted(chart);
    const title = legend(chart).querySelector<HTMLElement>('.title')!;
    expect(title.textContent).to.include('Acme');
    expect(BIDI_CONTROLS.test(title.textContent ?? '')).to.equal(false);
    const isolated = [...title.querySelectorAll('bdi')].map((b) => b.textContent);
    expect(isolated).to.include('ACME');
    expect(isolated).to.include('שוק Acme');
  });

  it('strips bidi controls from marker text a model sends', async () => {
    const { chart } = mountChart({ symbol: 'ACME', period: '1m' });
    const rows = minuteBars(120);
    expect(chart.setBars(rows)).to.equal(true);
    await painted(chart);
    const made = await chart.createMarkers([
      { time: rows[10].time, position: 'above', shape: 'arrow', text: '\u202Ebuy\u2066 now\u2069\u200F' },
    ]);
    expect(made.success, JSON.stringify(made)).to.equal(true);
    const condition = await chart.markersFromCondition({
      definitionId: 'RSI',
      left: 'rsi',
      op: '>',
      right: 50,
      text: '\u202Dup\u202C',
    });
    expect(condition.success, JSON.stringify(condition)).to.equal(true);
    const listed = await chart.listMarkers(10000);
    const texts = (listed.data as { markers: { text?: string }[] }).markers.map((m) => m.text ?? '');
    expect(texts).to.include('buy now');
    expect(texts).to.include('up');
    for (const text of texts) expect(BIDI_CONTROLS.test(text), text).to.equal(false);
  });

  it('lays its English toolbar out left to right ("+ Compare", "⌘K"), and mirrors it with right-to-left words registered', async () => {
    const { chart } = mountChart({ symbol: 'ACME', period: '1m', toolbar: 'full', style: 'width:1000px;height:420px' });
    expect(chart.setBars(minuteBars(120))).to.equal(true);
    await painted(chart);
    await chart.updateComplete;
    const toolbar = () => chart.shadowRoot!.querySelector<HTMLElement>('[part="toolbar"]')!;
    const left = (name: string) => toolbar().querySelector(`[part~="${name}"]`)!.getBoundingClientRect().left;
    expect(getComputedStyle(toolbar()).direction, 'English words').to.equal('ltr');
    expect(left('symbol-button'), 'the symbol first, at the left').to.be.lessThan(left('period-button'));

    registerLocale('he', { chart: { undo: 'בטל' } });
    chart.setAttribute('locale', 'he');
    await chart.updateComplete;
    expect(getComputedStyle(toolbar()).direction, 'Hebrew words').to.equal('rtl');
    expect(left('symbol-button'), 'the symbol first, at the right').to.be.greaterThan(left('period-button'));
    // The plot keeps time running left to right whatever the words.
    expect(getComputedStyle(chart.shadowRoot!.querySelector<HTMLElement>('[part="panes"]')!).direction).to.equal('ltr');
  });
});

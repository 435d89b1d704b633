import { coreOf } from '../../../components/kline-chart/core-of.js';
import { expect } from '@open-wc/testing';
import { setViewport } from '@web/test-runner-commands';
import { html } from 'lit';
import '../../../components/kline-chart/define.js';
import type { KlineChart } from '../../../components/kline-chart/kline-chart.js';
import { waitFor } from '../helpers/chart-fixture.js';
import { mount, unmountAll } from '../panel/panel-fixture.js';
import { axeViolations } from './run-axe.js';
import { deepActive, press } from '../helpers/keyboard.js';

async function chartOf(style: string, indicators = 'MA(5,20),VOL'): Promise<KlineChart> {
  const main = mount(
    html`<main><h1>Narrow</h1><kline-chart style=${style} indicators=${indicators}></kline-chart></main>`,
  );
  const chart = main.querySelector('kline-chart')!;
  await waitFor(() => chart.context.get() !== null, 'chart data');
  await chart.whenPainted();
  await chart.updateComplete;
  return chart;
}

const q = (chart: KlineChart, selector: string) => chart.shadowRoot!.querySelector<HTMLElement>(selector);

describe('a narrow chart', function () {
  this.timeout(30000);
  before(() => {
    document.title = 'Narrow chart';
    document.documentElement.lang = 'en';
  });
  afterEach(async () => {
    unmountAll();
    await setViewport({ width: 800, height: 600 });
  });

  it("folds by its own width, not the viewport's", async () => {
    await setViewport({ width: 1200, height: 800 });
    const chart = await chartOf('width:420px;height:400px');
    expect(q(chart, '[part="more-button"]'), 'folded at 420 px in a 1200 px viewport').to.not.equal(null);
    expect(q(chart, '[part="period-button"]')).to.equal(null);
    chart.style.width = '700px';
    await waitFor(() => q(chart, '[part="period-button"]') !== null, 'the periods back in the row at 700 px');
    // At 700 px the drawing tools and the other buttons still wait in the "More" menu (one row).
    expect(q(chart, '[part="more-button"]')).to.not.equal(null);
    chart.style.width = '1400px';
    await waitFor(() => q(chart, '[part="more-button"]') === null, 'unfolds fully at 1400 px');
  });

  it('at 390×844 the toolbar is one row, the price pane keeps most of the height, the legend is compact', async () => {
    await setViewport({ width: 390, height: 844 });
    const chart = await chartOf('width:100%;height:560px');
    const toolbar = q(chart, '[part="toolbar"]')!.getBoundingClientRect();
    expect(toolbar.height, 'toolbar height').to.be.at.most(40);
    const host = chart.getBoundingClientRect();
    const price = q(chart, '.pane[data-pane-id="price"]')!.getBoundingClientRect();
    expect(price.height / host.height, 'price pane share of the chart').to.be.greaterThan(0.6);
    // The legend keeps to one line per row and hides open/high/low/volume.
    const legend = q(chart, '[part="legend"]')!.getBoundingClientRect();
    expect(legend.height, 'legend height').to.be.at.most(3 * 16 + 2);
    const ohlc = q(chart, '[data-testid="ohlc"]')!;
    const shown = [...ohlc.children].filter((c) => (c as HTMLElement).offsetParent !== null);
    expect(shown.length, 'close and change only').to.equal(2);
    expect(shown[0].textContent.trim()).to.match(/^C [\d.]+$/);
    expect(shown[1].textContent.trim()).to.match(/^[+-][\d.]+ \([+-][\d.]+%\)$/);
    expect(await axeViolations()).to.deep.equal([]);
  });

  it("at 390 px every study's legend fits the chart: names without parameters, every value whole, long rows wrap", async () => {
    await setViewport({ width: 390, height: 844 });
    // The demo page's studies: on one line MA and BOLL would be far wider than the phone.
    const chart = await chartOf('width:100%;height:560px', 'MA(5,10,20),BOLL,VOL,MACD(12,26,9),RSI(14)');
    const box = chart.getBoundingClientRect();
    const rows = [...chart.shadowRoot!.querySelectorAll<HTMLElement>('.legend .row, .pane-legend')];
    expect(rows.length, 'title, close, price studies and four pane legends').to.equal(6);
    for (const row of rows) {
      const r = row.getBoundingClientRect();
      expect(r.right, `${row.textContent} ends inside the chart`).to.be.at.most(box.right);
      expect(row.scrollWidth, `${row.textContent} overflows`).to.be.at.most(row.clientWidth);
    }
    const values = [...chart.shadowRoot!.querySelectorAll<HTMLElement>('.study-value')];
    const shown = values.map((v) => v.textContent.trim());
    expect(shown.map((t) => t.split(' ')[0])).to.deep.equal([
      'MA5',
      'MA10',
      'MA20',
      'UPPER',
      'MID',
      'LOWER',
      'MA5',
      'MA10',
      'DIF',
      'DEA',
      'HIST',
      'RSI14',
    ]);
    for (const [i, value] of values.entries()) {
      expect(shown[i], 'a label and a number').to.match(/^\S+ -?\d[\d.,]*[KMB]?$/);
      const r = value.getBoundingClientRect();
      expect(value.scrollWidth, `${shown[i]} is cut`).to.be.at.most(value.clientWidth);
      expect(r.left, `${shown[i]} starts inside the chart`).to.be.at.least(box.left);
      expect(r.right, `${shown[i]} ends inside the chart`).to.be.at.most(box.right);
    }
    // The BOLL row is too long for the MA line: it wraps as a whole, its name with its values.
    const studies = [...chart.shadowRoot!.querySelectorAll<HTMLElement>('.legend .study')];
    expect(studies.map((g) => g.querySelector<HTMLElement>('[part~="legend-entry"]')!.innerText.trim())).to.deep.equal([
      'MA',
      'BOLL',
    ]);
    const [ma, boll] = studies.map((g) => g.getBoundingClientRect());
    expect(boll.top, 'BOLL on the next line').to.be.at.least(ma.bottom - 1);
    for (const g of studies) {
      const top = g.getBoundingClientRect().top;
      for (const child of g.children) expect(child.getBoundingClientRect().top, g.textContent).to.be.closeTo(top, 4);
    }
    // The parameters are hidden, not lost: the button's name and the settings title keep them.
    const entry = chart.shadowRoot!.querySelector<HTMLElement>('[part~="legend-entry"]')!;
    expect(entry.getAttribute('aria-label')).to.equal('MA(5,10,20)');
    expect(await axeViolations()).to.deep.equal([]);
  });

  it('the "More" menu follows the menu button pattern; choosing an item acts and focus returns to the button', async () => {
    await setViewport({ width: 390, height: 844 });
    const chart = await chartOf('width:100%;height:560px');
    chart.focus();
    await press('Tab'); // the toolbar (one tab stop)
    await press('End');
    const more = q(chart, '[part="more-button"]')!;
    expect(deepActive()).to.equal(more);
    expect(more.getAttribute('aria-haspopup')).to.equal('menu');
    expect(more.getAttribute('aria-expanded')).to.equal('false');
    await press('ArrowDown');
    await waitFor(() => deepActive()?.getAttribute('role') === 'menuitemradio', 'menu open on its first item');
    expect(more.getAttribute('aria-expanded')).to.equal('true');
    expect(deepActive()!.textContent.trim()).to.equal('1m');
    await press('End');
    expect(deepActive()!.getAttribute('data-action'), 'the last item, full screen').to.equal('fullscreen');
    await press('Home');
    expect(deepActive()!.textContent.trim()).to.equal('1m');
    await press('Escape');
    await waitFor(() => q(chart, '[part="more-menu"]') === null, 'menu closed');
    expect(deepActive()).to.equal(more);

    // Choose the weekly period from the menu.
    await press('Enter');
    await waitFor(() => q(chart, '[part="more-menu"]') !== null, 'menu open');
    let guard = 0;
    while (deepActive()?.textContent?.trim() !== '1w' && guard++ < 20) await press('ArrowDown');
    const view = coreOf(chart).store.peek('view');
    await press('Enter');
    await waitFor(() => chart.context.get()?.period === '1w', 'weekly chart');
    expect(deepActive()).to.equal(more, 'focus back on the More button');
    expect(coreOf(chart).store.peek('view')).to.not.equal(view);

    // The shortcut list from the menu: Escape closes it and focus returns to the More button.
    await press('ArrowUp');
    await waitFor(() => deepActive()?.getAttribute('data-action') === 'fullscreen', 'menu open on its last item');
    await press('ArrowUp', 5); // Copy image, Save image, Bar replay, Data table, Keyboard shortcuts
    expect(deepActive()!.getAttribute('data-action')).to.equal('shortcuts');
    await press('Enter');
    await waitFor(
      () => (q(chart, 'dialog.shortcuts') as HTMLDialogElement | null)?.open === true,
      'shortcut list open',
    );
    const dialog = q(chart, 'dialog.shortcuts') as HTMLDialogElement;
    await press('Escape');
    await waitFor(() => !dialog.open, 'closed');
    await waitFor(() => deepActive() === more, 'focus back on the More button');
  });
});

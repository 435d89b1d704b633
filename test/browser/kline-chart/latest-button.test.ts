import { executeServerCommand } from '@web/test-runner-commands';
import { expect } from '@open-wc/testing';
import { html } from 'lit';
import type { KlineChart } from '../../../components/kline-chart/kline-chart.js';
import { coreOf } from '../../../components/kline-chart/core-of.js';
import { readyChart, waitFor } from '../helpers/chart-fixture.js';

const button = (chart: KlineChart) => chart.shadowRoot!.querySelector<HTMLButtonElement>('[part="latest-button"]');
/** The button is on screen (once shown it stays in the DOM, hidden while the newest bar is in view: latest-button.ts). */
const shown = (chart: KlineChart) => !!button(chart)?.checkVisibility({ visibilityProperty: true });

describe('"Scroll to the most recent bar", as on TradingView', () => {
  it('appears once the newest bar leaves the view and brings it back with the same zoom', async () => {
    const chart = await readyChart(html`<kline-chart style="width:800px;height:500px" indicators="VOL"></kline-chart>`);
    expect(shown(chart), 'not while the newest bar is in view').to.equal(false);
    const core = coreOf(chart);
    const n = core.store.peek('series')!.bars.length;
    const view = core.store.peek('view')!;
    const span = view.end - view.start;
    core.setView({ start: view.start - 80, end: view.end - 80 });
    await waitFor(() => shown(chart), 'the button');
    const b = button(chart)!;
    expect(b.getAttribute('aria-label')).to.equal('Scroll to the most recent bar');
    // Visible, over the plot, left of the price axis.
    const r = b.getBoundingClientRect();
    expect(r.width).to.be.greaterThan(20);
    const hit = chart.shadowRoot!.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
    expect(b.contains(hit), 'nothing covers it').to.equal(true);
    b.click();
    await waitFor(() => !shown(chart), 'the button gone');
    const back = core.store.peek('view')!;
    expect(back.end).to.be.greaterThan(n - 0.5);
    expect(Math.round(back.end - back.start)).to.equal(Math.round(span));
    // Hidden as if removed: a press where it was reaches the plot, and it is out of the tab order.
    const under = chart.shadowRoot!.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
    expect(b.contains(under), 'not hit where it was').to.equal(false);
    b.focus();
    expect(chart.shadowRoot!.activeElement, 'not focusable').to.not.equal(b);
    // And back when the newest bar leaves the view again.
    core.setView({ start: back.start - 80, end: back.end - 80 });
    await waitFor(() => shown(chart), 'the button again');
  });

  it("speaks the chart's language, also when its words arrive after it is shown", async () => {
    // The Japanese words are a chunk of their own (components/i18n/locale-controller.ts), held back here
    // until the button is shown: it is re-rendered in Japanese when they arrive.
    await executeServerCommand('block-requests', { pattern: '/i18n/locales/ja\\.js', hold: true });
    try {
      const chart = await readyChart(html`<kline-chart style="width:800px;height:500px" locale="ja"></kline-chart>`);
      const view = coreOf(chart).store.peek('view')!;
      coreOf(chart).setView({ start: view.start - 80, end: view.end - 80 });
      await waitFor(() => shown(chart), 'the button');
      expect(button(chart)!.getAttribute('aria-label'), 'before the words arrive').to.equal(
        'Scroll to the most recent bar',
      );
      await executeServerCommand('block-requests', { pattern: null });
      await waitFor(() => button(chart)?.getAttribute('aria-label') === '最新の足へ移動', 'the button in Japanese');
      expect(button(chart)!.title).to.equal('最新の足へ移動');
    } finally {
      await executeServerCommand('block-requests', { pattern: null });
    }
  });
});

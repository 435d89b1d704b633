import { expect } from '@open-wc/testing';
import { html } from 'lit';
import type { KlineChart } from '../../../components/kline-chart/kline-chart.js';
import { readyChart, waitFor } from '../helpers/chart-fixture.js';
import { chord, deepActive, press } from '../helpers/keyboard.js';

/** Every control of the chart's legends (price legend and pane legends), in document order. */
function legendControls(chart: KlineChart): HTMLElement[] {
  return [...chart.shadowRoot!.querySelectorAll<HTMLElement>('.legend button, .pane-legend button')];
}

const inLegend = (el: Element | null) => !!el?.closest('.legend, .pane-legend');

describe('the legend is one Tab stop (WAI-ARIA toolbar pattern)', () => {
  it('Tab enters the legend once and leaves it; arrows, Home and End move between its controls', async () => {
    let ready = false;
    const chart = await readyChart(
      html`<kline-chart style="width:800px;height:500px" toolbar="none" indicators="MA(5),VOL,MACD(12,26,9)" @kline-ready=${() => (ready = true)}></kline-chart>`,
    );
    const controls = legendControls(chart);
    // MA: settings and remove; VOL and MACD: settings, up, down, remove.
    expect(controls.length).to.be.greaterThan(6);
    // The legend is one Tab stop from the first paint; the arrows' code is a chunk in by kline-ready (the first
    // paint alone already gives one control tabindex 0, so that is no sign the chunk is here: CI failed at 653757e).
    await waitFor(() => ready, 'kline-ready');
    expect(controls.filter((c) => c.tabIndex === 0)).to.have.length(1);

    chart.focus();
    await press('Tab');
    const first = deepActive();
    expect(inLegend(first), 'Tab from the plot enters the legend').to.equal(true);
    expect(first).to.equal(controls[0]);
    await press('Tab');
    expect(inLegend(deepActive()), 'a second Tab leaves the legend').to.equal(false);

    controls[0].focus();
    await press('ArrowRight');
    expect(deepActive()).to.equal(controls[1]);
    await press('ArrowRight');
    expect(deepActive()).to.equal(controls[2]);
    await press('ArrowLeft');
    expect(deepActive()).to.equal(controls[1]);
    await press('End');
    expect(deepActive()).to.equal(controls[controls.length - 1]);
    await press('Home');
    expect(deepActive()).to.equal(controls[0]);
    await press('ArrowLeft');
    expect(deepActive(), 'ArrowLeft on the first wraps to the last').to.equal(controls[controls.length - 1]);

    // The legend remembers where the user was: Shift+Tab out and Tab back returns there.
    await press('ArrowLeft');
    const remembered = deepActive();
    await chord('Shift', 'Tab');
    expect(inLegend(deepActive())).to.equal(false);
    await press('Tab');
    expect(deepActive()).to.equal(remembered);
    // Arrow keys on the legend never pan the chart.
    const view = { ...chart.context.get()!.visibleRange };
    await press('ArrowRight');
    expect(chart.context.get()!.visibleRange).to.deep.equal(view);

    // Removing the study whose control holds the Tab stop hands it to another control.
    const macdRemove = controls.find(
      (c) =>
        c.getAttribute('part') === 'legend-remove' && c.closest('[data-instance-id]')?.textContent?.includes('MACD'),
    )!;
    macdRemove.focus();
    macdRemove.click();
    await waitFor(() => chart.context.get()!.activeIndicators.length === 2, 'MACD removed');
    await chart.whenPainted();
    await chart.updateComplete;
    const left = legendControls(chart);
    expect(left.filter((c) => c.tabIndex === 0)).to.have.length(1);
  });
});

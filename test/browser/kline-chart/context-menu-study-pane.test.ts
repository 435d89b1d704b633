import { expect } from '@open-wc/testing';
import { html } from 'lit';
import { resetMouse } from '@web/test-runner-commands';
import type { KlineChart } from '../../../components/kline-chart/kline-chart.js';
import type { PrimitiveScales } from '../../../components/kline-chart/chart-primitive.js';
import { coreOf } from '../../../components/kline-chart/core-of.js';
import { readyChart, waitFor } from '../helpers/chart-fixture.js';
import { clickOn, item, menu, recordClipboard, rightClick } from '../helpers/context-menu.js';

/** The pane id of the chart's study `definitionId`. */
function paneOf(chart: KlineChart, definitionId: string): string {
  const study = coreOf(chart)
    .store.peek('indicators')
    .find((i) => i.definitionId === definitionId);
  if (!study) throw new Error(`no ${definitionId} on the chart`);
  return study.paneId;
}

function plotRect(chart: KlineChart, paneId: string): DOMRect {
  return chart
    .shadowRoot!.querySelector<HTMLElement>(`.pane[data-pane-id="${paneId}"] .u-over`)!
    .getBoundingClientRect();
}

/** Pane `paneId`'s scales at its next paint (a host primitive added for that paint, then removed). */
async function paneScales(chart: KlineChart, paneId: string): Promise<PrimitiveScales> {
  let scales: PrimitiveScales | null = null;
  const remove = chart.addPrimitive({ paint: (_ctx, s) => void (scales = s) }, paneId);
  await waitFor(() => scales !== null, `pane ${paneId} painted`);
  remove();
  return scales!;
}

/** The number in a menu item's text ("Copy value 54.2389"), as the locale writes it in English. */
function numberIn(text: string): number {
  const m = /-?\d[\d,]*(?:\.\d+)?/.exec(text);
  if (!m) throw new Error(`no number in "${text}"`);
  return Number(m[0].replace(/,/g, ''));
}

describe('the context menu on a study pane (RSI, MACD)', function () {
  this.timeout(40000);
  afterEach(() => resetMouse());

  for (const [study, fy] of [
    ['RSI', 0.3],
    ['MACD', 0.7],
  ] as const) {
    it(`${study}: "Copy value" shows the value of the pane's scale at the pointer and copies it`, async () => {
      const chart = await readyChart(
        html`<kline-chart style="width:800px;height:600px" indicators=${`VOL,${study}`}></kline-chart>`,
      );
      const paneId = paneOf(chart, study);
      const s = await paneScales(chart, paneId);
      await chart.whenPainted();
      const r = plotRect(chart, paneId);
      const at: [number, number] = [Math.round(r.left + r.width * 0.5), Math.round(r.top + r.height * fy)];
      // The pane's own scale at that y (device px from the canvas top), and one CSS px of it.
      const y = s.plot.top + (at[1] - r.top) * s.pixelRatio;
      const expected = s.yToPrice(y);
      const perPx = Math.abs(s.yToPrice(y + s.pixelRatio) - expected);
      await rightClick(chart, at);
      const copy = item(chart, 'copy-value');
      const label = (copy.textContent ?? '').trim();
      expect(label).to.match(/^Copy value /);
      expect(numberIn(label)).to.be.closeTo(expected, perPx);
      // The price pane's items (a horizontal line or an alert at a price) are not offered here.
      expect(menu(chart)!.querySelector('[data-action="add-line"]')).to.equal(null);
      expect(menu(chart)!.querySelector('[data-action="copy-price"]')).to.equal(null);
      const clipboard = recordClipboard();
      try {
        await clickOn(copy);
        await waitFor(() => !menu(chart), 'the menu closed');
        expect(clipboard.written).to.deep.equal([label.replace(/^Copy value /, '')]);
      } finally {
        clipboard.restore();
      }
    });
  }

  it('speaks the chart’s language', async () => {
    const chart = await readyChart(
      html`<kline-chart style="width:800px;height:600px" indicators="VOL,RSI" locale="ja"></kline-chart>`,
    );
    const r = plotRect(chart, paneOf(chart, 'RSI'));
    await rightClick(chart, [Math.round(r.left + r.width / 2), Math.round(r.top + r.height / 2)]);
    expect(item(chart, 'copy-value').textContent).to.match(/^値をコピー /);
  });
});

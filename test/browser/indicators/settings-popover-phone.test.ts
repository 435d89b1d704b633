import { expect } from '@open-wc/testing';
import { executeServerCommand, setViewport } from '@web/test-runner-commands';
import { html } from 'lit';
import type { KlineChart } from '../../../components/kline-chart/kline-chart.js';
import type { IndicatorSettings } from '../../../components/indicator-settings/index.js';
import { readyChart, waitFor } from '../helpers/chart-fixture.js';

const STUDIES = 'MA(5,10,20),BOLL,VOL,MACD(12,26,9),RSI(14)';

/** Opens MACD's settings from the legend; resolves once its parameter fields are there. */
async function openMacd(chart: KlineChart): Promise<IndicatorSettings> {
  const root = chart.shadowRoot!;
  const title = [...root.querySelectorAll<HTMLButtonElement>('[part="legend-entry"]')].find((b) =>
    b.textContent.includes('MACD'),
  )!;
  title.click();
  const popover = () => root.querySelector<IndicatorSettings>('kline-indicator-settings');
  await waitFor(
    () =>
      (popover()?.shadowRoot?.querySelector('kline-schema-form')?.shadowRoot?.querySelectorAll('input').length ?? 0) >=
      3,
    'the popover with its fields',
  );
  return popover()!;
}

const inside = (a: DOMRect, b: DOMRect) =>
  a.top >= b.top - 0.5 && a.bottom <= b.bottom + 0.5 && a.left >= b.left - 0.5 && a.right <= b.right + 0.5;

/** What a tap at the centre of `el` (in the popover's shadow tree) lands on. */
function hitAt(popover: IndicatorSettings, el: Element): Element | null {
  const r = el.getBoundingClientRect();
  return popover.shadowRoot!.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
}

/**
 * The settings of a study low in a phone's chart (MACD, 4th of 5 panes, a chart 390×500 as in the demo):
 * the popover used to be fitted before its form rendered, so it stayed too low and the chart cut off its
 * Style section and its Apply / Cancel / Remove buttons. On a short chart it is no taller than the chart
 * (it scrolls). On the touch screen its checkboxes, colours and widths are finger-sized (24 px).
 */
/** Opens MACD's settings and checks the popover is whole inside the chart, with Apply in reach and uncovered. */
async function openWholeWithApply(chart: KlineChart): Promise<{ popover: IndicatorSettings; panel: HTMLElement }> {
  const popover = await openMacd(chart);
  const panel = popover.shadowRoot!.querySelector<HTMLElement>('[part="panel"]')!;
  const box = chart.getBoundingClientRect();
  await waitFor(() => inside(panel.getBoundingClientRect(), box), 'the popover inside the chart', 3000).catch(() => {});
  expect(inside(panel.getBoundingClientRect(), box), 'the popover inside the chart').to.equal(true);
  const apply = popover.shadowRoot!.querySelector<HTMLElement>('[part="apply"]')!;
  apply.scrollIntoView({ block: 'nearest' });
  expect(inside(apply.getBoundingClientRect(), box), 'Apply inside the chart').to.equal(true);
  expect(hitAt(popover, apply), 'nothing covers Apply').to.equal(apply);
  return { popover, panel };
}

describe('the indicator settings popover on a phone', function () {
  this.timeout(60000);
  before(async () => {
    await setViewport({ width: 390, height: 844 });
    await executeServerCommand('touch-screen', { on: true });
    await waitFor(() => matchMedia('(pointer: coarse)').matches, 'the emulated touch screen');
  });
  after(async () => {
    await executeServerCommand('touch-screen', { on: false });
    await setViewport({ width: 800, height: 600 });
  });

  it('stays whole inside the chart, Apply in reach, with finger-sized controls', async () => {
    const chart = await readyChart(
      html`<kline-chart style="width:390px;height:500px" indicators=${STUDIES}></kline-chart>`,
    );
    const { popover } = await openWholeWithApply(chart);
    const controls = [...popover.shadowRoot!.querySelectorAll<HTMLElement>('.style input, .style select')];
    expect(controls.length).to.be.at.least(7);
    const small = controls
      .map((c) => ({ part: c.getAttribute('part'), r: c.getBoundingClientRect() }))
      .filter(({ r }) => r.width < 24 || r.height < 24)
      .map(({ part, r }) => `${part} ${Math.round(r.width)}×${Math.round(r.height)}`);
    expect(small, 'controls under 24 px').to.deep.equal([]);
  });

  it('is no taller than a short chart and scrolls to its buttons', async () => {
    const chart = await readyChart(
      html`<kline-chart style="width:390px;height:300px" indicators="MACD(12,26,9)"></kline-chart>`,
    );
    const { panel } = await openWholeWithApply(chart);
    expect(panel.scrollHeight, 'it scrolls').to.be.above(panel.clientHeight);
  });
});

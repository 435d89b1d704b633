import { expect } from '@open-wc/testing';
import type { KlineChart } from '../../../components/kline-chart/kline-chart.js';
import { mountChart, painted, removeFixtures } from '../lifecycle/lifecycle-fixture.js';

/** The bar time the legend shows (YYYY-MM-DD at 1d and 1w), as UTC ms. */
function legendDay(chart: KlineChart): number {
  const text = chart.shadowRoot!.querySelector('[part="legend"] .row .muted')!.textContent.trim();
  return Date.parse(`${text.slice(0, 10)}T00:00:00Z`);
}

/** Each pane's vertical crosshair line. */
function cursorLines(chart: KlineChart): HTMLElement[] {
  return [...chart.shadowRoot!.querySelectorAll<HTMLElement>('.pane .u-cursor-x')];
}

async function until(check: () => boolean, what: string): Promise<void> {
  const end = performance.now() + 5000;
  while (!check()) {
    if (performance.now() > end) throw new Error(`timed out: ${what}`);
    await new Promise((r) => requestAnimationFrame(r));
  }
}

describe('crosshair sync between charts (sync attribute)', () => {
  afterEach(removeFixtures);

  it("a chart's crosshair shows on the others of its group at the same time, and leaves with it", async () => {
    const daily = mountChart({ symbol: 'DEMO', period: '1d', sync: 'desk' }).chart;
    const weekly = mountChart({ symbol: 'DEMO', period: '1w', sync: 'desk' }).chart;
    const apart = mountChart({ symbol: 'DEMO', period: '1d', sync: 'other' }).chart;
    await Promise.all([painted(daily), painted(weekly), painted(apart)]);
    const last = { weekly: legendDay(weekly), apart: legendDay(apart) };

    const over = daily.shadowRoot!.querySelector<HTMLElement>('.pane .u-over')!;
    const r = over.getBoundingClientRect();
    over.dispatchEvent(
      new MouseEvent('mousemove', {
        bubbles: true,
        composed: true,
        clientX: r.left + r.width / 3,
        clientY: r.top + 60,
      }),
    );
    await until(() => legendDay(daily) < last.apart, 'the daily legend on the hovered bar');
    const day = legendDay(daily);
    // The weekly chart shows the week that holds that day: its legend and its vertical line.
    await until(() => legendDay(weekly) !== last.weekly, 'the weekly legend to follow');
    expect(legendDay(weekly)).to.be.at.most(day);
    expect(day - legendDay(weekly)).to.be.lessThan(7 * 86_400_000);
    // Every pane of the weekly chart (price and volume) shows the vertical line, at the same x.
    const lines = cursorLines(weekly).map((l) => l.getBoundingClientRect().left);
    expect(lines.length).to.equal(2);
    expect(lines[0]).to.be.greaterThan(weekly.getBoundingClientRect().left);
    expect(Math.abs(lines[0] - lines[1])).to.be.lessThan(1);
    // A chart of another group stays on its last bar.
    expect(legendDay(apart)).to.equal(last.apart);

    over.dispatchEvent(new MouseEvent('mouseleave', { bubbles: false }));
    await until(() => legendDay(weekly) === last.weekly, 'the weekly legend back on its last bar');
  });
});

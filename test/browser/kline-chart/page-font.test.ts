import { expect } from '@open-wc/testing';
import { html } from 'lit';
import type { KlineChart } from '../../../components/kline-chart/kline-chart.js';
import { readyChart } from '../helpers/chart-fixture.js';

// A CMS theme's blanket rules (`* { font-size: 30px }`) match the <kline-chart> element itself and outrank
// its :host defaults; inherited, they made the toolbar's words 30 px and pushed "More" past a phone's edge.

const THEME = `.cms-theme, .cms-theme * { font-size: 30px; font-family: serif; font-weight: 700; line-height: 2; }`;

/** Every toolbar control that is shown: its box against the chart's box. */
function toolbarControls(chart: KlineChart): { name: string; left: number; right: number }[] {
  return [...chart.shadowRoot!.querySelectorAll<HTMLElement>('.toolbar button, .toolbar kline-indicator-picker')]
    .filter((el) => el.getClientRects().length > 0)
    .map((el) => {
      const r = el.getBoundingClientRect();
      return { name: el.getAttribute('aria-label') ?? el.textContent.trim(), left: r.left, right: r.right };
    });
}

function toolbarHeight(chart: KlineChart): number {
  return chart.shadowRoot!.querySelector('.toolbar')!.getBoundingClientRect().height;
}

describe("a page's font rules", function () {
  this.timeout(30000);
  let style: HTMLStyleElement;
  before(() => {
    style = document.createElement('style');
    style.textContent = THEME;
    document.head.append(style);
  });
  after(() => style.remove());

  it("leave a phone-wide chart's toolbar as it is: one row, every control on the chart, the chart's font", async () => {
    const plain = await readyChart(
      html`<kline-chart style="width:390px;height:600px" indicators="MA(5,20),VOL"></kline-chart>`,
    );
    const themed = await readyChart(
      html`<div class="cms-theme">
        <kline-chart style="width:390px;height:600px" indicators="MA(5,20),VOL"></kline-chart>
      </div>`,
    );
    await themed.updateComplete;
    expect(getComputedStyle(themed).fontSize, 'the page rule does reach the element').to.equal('30px');

    const box = themed.getBoundingClientRect();
    const controls = toolbarControls(themed);
    expect(controls.map((c) => c.name)).to.include.members(['DEMO', 'Undo', 'Redo']);
    expect(themed.shadowRoot!.querySelector('[part="more-button"]'), 'the "More" button is shown').to.not.equal(null);
    for (const c of controls) {
      expect(c.right, `${c.name} ends inside the chart`).to.be.at.most(box.right + 0.5);
      expect(c.left, `${c.name} starts inside the chart`).to.be.at.least(box.left - 0.5);
    }
    expect(toolbarHeight(themed), 'the same toolbar height as on a plain page').to.equal(toolbarHeight(plain));
    const fonts = (chart: KlineChart) =>
      [...chart.shadowRoot!.querySelectorAll('.toolbar button')].map((b) => {
        const cs = getComputedStyle(b);
        return `${cs.fontWeight} ${cs.fontSize} ${cs.fontFamily}`;
      });
    expect(fonts(themed), "the toolbar's words in the chart's own font").to.deep.equal(fonts(plain));
  });
});

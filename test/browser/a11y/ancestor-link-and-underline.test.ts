import { expect, fixture } from '@open-wc/testing';
import { html } from 'lit';
import { sendMouse } from '@web/test-runner-commands';
import '../../../components/chart-agent-panel/define.js';
import type { ChartAgentPanel } from '../../../components/chart-agent-panel/index.js';
import type { KlineChart } from '../../../components/kline-chart/kline-chart.js';
import { readyChart, waitFor } from '../helpers/chart-fixture.js';
import { screenPixels } from '../helpers/screen-pixels.js';

// A CMS wraps widgets in <a> or <u>, or a theme underlines every link: the decoration propagates into
// the chart's and the panel's boxes (shadow trees included) and `text-decoration: none` inside cannot
// cancel it (CSS Text Decoration 3, §2.1); it stops at an atomic inline box, which each component's
// top box is. getComputedStyle does not show a propagated decoration, so this reads pixels: the
// underline is drawn in magenta, a colour neither component uses. And a click inside a shadow tree
// still reaches a link around it and would follow it: the components keep their clicks.

const UNDERLINE = 'text-decoration:underline;text-decoration-color:#f0f;text-decoration-thickness:2px';

/** Pixels of `el` (as the screen shows it) close to the underline's magenta. */
async function magentaPixels(el: Element): Promise<number> {
  const canvas = await screenPixels(el);
  const d = canvas.getContext('2d')!.getImageData(0, 0, canvas.width, canvas.height).data;
  let n = 0;
  for (let i = 0; i < d.length; i += 4) if (d[i] > 180 && d[i + 1] < 90 && d[i + 2] > 180) n++;
  return n;
}

/** Clicks the middle of `el` with the mouse. */
async function clickMiddle(el: Element): Promise<void> {
  const r = el.getBoundingClientRect();
  await sendMouse({ type: 'click', position: [Math.round(r.left + r.width / 2), Math.round(r.top + r.height / 2)] });
}

const q = <T extends Element = HTMLElement>(host: Element, selector: string): T =>
  host.shadowRoot!.querySelector<T>(selector)!;

describe('components inside an underlined ancestor or a link', function () {
  this.timeout(60000);
  const hash = () => location.hash;
  afterEach(() => history.replaceState(null, '', location.pathname + location.search));

  for (const [name, wrap] of [
    ['<u>', (c: unknown) => html`<u style=${UNDERLINE}>${c}</u>`],
    ['<a href> (a theme underlining links)', (c: unknown) => html`<a href="#followed" style=${UNDERLINE}>${c}</a>`],
    ['a block with an underline', (c: unknown) => html`<div style=${UNDERLINE}>${c}</div>`],
  ] as const) {
    it(`the chart's toolbar is not underlined inside ${name}, and lays out as outside it`, async () => {
      const chartAt = () => html`<kline-chart style="width:700px;height:420px"></kline-chart>`;
      const plain = await readyChart(chartAt());
      const inside = await readyChart(wrap(chartAt()));
      const label = (c: KlineChart) => q(c, '[data-period="1w"]');
      expect(await magentaPixels(q(inside, '.toolbar')), 'underline pixels in the toolbar').to.equal(0);
      expect(await magentaPixels(inside), 'nor anywhere in the chart').to.equal(0);
      // The same label as the same chart outside the wrapper, pixel for pixel.
      const a = (await screenPixels(label(plain))).getContext('2d')!;
      const b = (await screenPixels(label(inside))).getContext('2d')!;
      const [w, h] = [a.canvas.width, a.canvas.height];
      expect([b.canvas.width, b.canvas.height]).to.deep.equal([w, h]);
      expect([...b.getImageData(0, 0, w, h).data]).to.deep.equal([...a.getImageData(0, 0, w, h).data]);
      for (const c of [plain, inside]) {
        const root = q(c, '.root').getBoundingClientRect();
        const host = c.getBoundingClientRect();
        expect([root.width, root.height], 'the top box fills the host (1 px border)').to.deep.equal([
          host.width - 2,
          host.height - 2,
        ]);
      }
    });
  }

  it('the panel is not underlined inside <a href>', async () => {
    const wrapper = await fixture<HTMLElement>(
      html`<a href="#followed" style=${UNDERLINE}><chart-agent-panel session-store="memory" style="width:360px;height:420px"></chart-agent-panel></a>`,
    );
    const panel = wrapper.querySelector<ChartAgentPanel>('chart-agent-panel')!;
    await panel.updateComplete;
    await new Promise((r) => requestAnimationFrame(r));
    expect(await magentaPixels(panel)).to.equal(0);
  });

  it("a click on the chart's controls or plot does not follow a link around it; the control works", async () => {
    const chart = await readyChart(
      html`<a href="#followed"><kline-chart style="width:700px;height:420px"></kline-chart></a>`,
    );
    await clickMiddle(q(chart, '[data-period="1w"]'));
    await waitFor(() => chart.context.get()?.period === '1w', 'the period button switched the chart');
    await clickMiddle(q(chart, '.panes'));
    await new Promise((r) => setTimeout(r, 100));
    expect(hash(), 'the link was not followed').to.equal('');
    // A link still works where the chart is not: the page's own text in the same link.
    const link = chart.parentElement as HTMLAnchorElement;
    link.append(document.createTextNode('Read more'));
    link.lastChild!.parentElement!.click();
    await waitFor(() => hash() === '#followed', 'the page link followed');
  });

  it('a click on a panel button does not follow a link around it', async () => {
    const wrapper = await fixture<HTMLElement>(
      html`<a href="#followed"><chart-agent-panel session-store="memory" style="width:360px;height:420px"></chart-agent-panel></a>`,
    );
    const panel = wrapper.querySelector<ChartAgentPanel>('chart-agent-panel')!;
    await panel.updateComplete;
    const toggle = q(panel, '[part="read-only-toggle"]');
    await clickMiddle(toggle);
    await waitFor(() => panel.readOnly, 'the read-only toggle worked');
    await new Promise((r) => setTimeout(r, 100));
    expect(hash()).to.equal('');
  });
});

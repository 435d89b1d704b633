import { expect, fixture } from '@open-wc/testing';
import { setViewport } from '@web/test-runner-commands';
import { html } from 'lit';
import '../../../components/command-palette/define.js';
import type { CommandPalette } from '../../../components/command-palette/index.js';
import { readyChart, waitFor } from '../helpers/chart-fixture.js';

const inside = (a: DOMRect, b: DOMRect) => a.left >= b.left - 0.5 && a.right <= b.right + 0.5;

/**
 * The ⌘K palette on a phone (390 px): each tool's label is read whole, not "Set v…" beside its
 * monospace name (the name goes under it), and a tool's head keeps "← Back" and its safety badge on
 * one line each (they wrapped into two).
 */
describe('command palette on a phone', function () {
  this.timeout(30000);
  before(() => setViewport({ width: 390, height: 844 }));
  after(() => setViewport({ width: 800, height: 600 }));

  it('shows every label whole and a tool head on one line per control', async () => {
    const chart = await readyChart(html`<kline-chart style="width:390px;height:500px"></kline-chart>`);
    const palette = await fixture<CommandPalette>(
      html`<kline-command-palette .chart=${chart}></kline-command-palette>`,
    );
    await palette.open();
    const root = palette.shadowRoot!;
    const dialog = root.querySelector('dialog')!.getBoundingClientRect();
    const options = [...root.querySelectorAll<HTMLElement>('[role="option"]')];
    expect(options.length).to.be.above(10);
    const cut = options
      .map((o) => o.querySelector<HTMLElement>('.label')!)
      .filter((l) => l.scrollWidth > l.clientWidth + 0.5)
      .map((l) => l.textContent);
    expect(cut, 'labels cut short').to.deep.equal([]);
    const outside = options
      .flatMap((o) => [...o.children])
      .filter((c) => !inside(c.getBoundingClientRect(), dialog))
      .map((c) => c.textContent);
    expect(outside, 'outside the dialog').to.deep.equal([]);

    options.find((o) => o.dataset.name === 'chart_set_visible_range')!.click();
    await waitFor(() => root.querySelector('[part="back"]') !== null, 'the tool');
    await palette.updateComplete;
    const back = root.querySelector<HTMLElement>('[part="back"]')!;
    const badge = root.querySelector<HTMLElement>('.tool-head .badge')!;
    const lineHeight = (el: HTMLElement) =>
      parseFloat(getComputedStyle(el).lineHeight) || 1.2 * parseFloat(getComputedStyle(el).fontSize);
    expect(back.getBoundingClientRect().height, '"← Back" on one line').to.be.below(2 * lineHeight(back));
    expect(badge.getBoundingClientRect().height, 'the badge on one line').to.be.below(2 * lineHeight(badge));
    for (const el of root.querySelectorAll<HTMLElement>('.tool-head > *'))
      expect(inside(el.getBoundingClientRect(), dialog), `${el.textContent} inside the dialog`).to.equal(true);
    palette.close();
  });
});

import { expect } from '@open-wc/testing';
import { waitFor } from '../helpers/wait-for.js';
import { loadPlaceholderSheet } from '../helpers/placeholder-sheet.js';

// Nothing here imports the elements up front: the placeholder stylesheet sizes the undefined tags from
// their `height` attribute (typed attr(), which this Chromium has), then the module applies it itself.

const heights = (els: Element[]) => els.map((el) => el.getBoundingClientRect().height);

describe('the height attribute of both elements', function () {
  this.timeout(60000);

  it('sizes them before and after the module arrives: a length, a number of px, or the default for anything else', async () => {
    const link = await loadPlaceholderSheet();

    const page = document.createElement('div');
    page.innerHTML = `
      <kline-chart id="h-px" height="420px"></kline-chart>
      <kline-chart id="h-number" height="300"></kline-chart>
      <kline-chart id="h-bad" height="tall"></kline-chart>
      <chart-agent-panel for="h-px" session-store="memory" height="25rem"></chart-agent-panel>
      <chart-agent-panel for="h-px" session-store="memory" height="auto"></chart-agent-panel>
      <kline-chart height="+300"></kline-chart>
      <kline-chart height="5e2"></kline-chart>
      <kline-chart height="3in"></kline-chart>
      <chart-agent-panel for="h-px" session-store="memory" height="300pt"></chart-agent-panel>
      <kline-chart height=" 420 "></kline-chart>
      <chart-agent-panel for="h-px" session-store="memory" height="&#9;360&#10;"></chart-agent-panel>
      <chart-agent-panel for="h-px" session-store="memory" height="-5px"></chart-agent-panel>
      <chart-agent-panel for="h-px" session-store="memory" height=" -20"></chart-agent-panel>
      <p class="after">After</p>`;
    document.body.append(page);
    const els = [...page.querySelectorAll('kline-chart, chart-agent-panel')];
    // A CSS number in any notation is px, a length in any unit: the same before and after the module.
    // White space around the value is trimmed (not 480 before the module); a negative length is the
    // default (it collapsed the placeholder to its min-height).
    const expected = [420, 300, 480, 400, 480, 300, 500, 288, 400, 420, 360, 480, 480];
    expect(customElements.get('kline-chart'), 'not defined yet').to.equal(undefined);
    expect(heights(els), 'the placeholder stylesheet reads the attribute').to.deep.equal(expected);
    const after = page.querySelector('.after')!.getBoundingClientRect().top;

    const warnings: string[] = [];
    const warn = console.warn;
    console.warn = (...args: unknown[]) => {
      warnings.push(args.map(String).join(' '));
    };
    const errors: string[] = [];
    page.addEventListener('kline-error', (e) => errors.push((e as CustomEvent<{ message: string }>).detail.message));
    try {
      await import('../../../components/kline-chart-agent.js');
      await customElements.whenDefined('kline-chart');
      await customElements.whenDefined('chart-agent-panel');
      await Promise.all(els.map((el) => (el as HTMLElement & { updateComplete: Promise<unknown> }).updateComplete));
      await waitFor(() => warnings.length >= 2, 'the warnings');
    } finally {
      console.warn = warn;
    }
    expect(heights(els), 'the elements apply it themselves').to.deep.equal(expected);
    expect(page.querySelector('.after')!.getBoundingClientRect().top, 'nothing moved').to.equal(after);
    expect(warnings.filter((w) => /height="tall"/.test(w)).length, 'a warning naming the attribute').to.equal(1);
    expect(warnings.filter((w) => /height="auto"/.test(w)).length).to.equal(1);
    expect(errors.filter((m) => m.startsWith('height:')).length, 'the chart’s kline-error').to.equal(1);

    // Changed or removed later, as a CMS or a framework does.
    const [chart] = els as HTMLElement[];
    chart.setAttribute('height', '20em');
    await (chart as HTMLElement & { updateComplete: Promise<unknown> }).updateComplete;
    expect(chart.getBoundingClientRect().height).to.equal(320);
    chart.removeAttribute('height');
    await (chart as HTMLElement & { updateComplete: Promise<unknown> }).updateComplete;
    expect(chart.getBoundingClientRect().height, 'the default again').to.equal(480);

    // A page's own rule on the element outranks the attribute (as it does <img height>).
    const style = document.createElement('style');
    style.textContent = '#h-number { height: 250px; }';
    document.head.append(style);
    expect(els[1].getBoundingClientRect().height).to.equal(250);
    style.remove();
    page.remove();
    link.remove();
  });

  it('keeps it when a framework rewrites the style attribute, and takes no --_height from an ancestor', async () => {
    await import('../../../components/kline-chart-agent.js');
    const page = document.createElement('div');
    // A page's own --_height (a common "private" custom property name) on a wrapper.
    page.setAttribute('style', '--_height: 100px');
    page.innerHTML = `
      <kline-chart height="300" style="width: 500px"></kline-chart>
      <chart-agent-panel session-store="memory" height="350" style="width: 300px"></chart-agent-panel>
      <kline-chart style="width: 500px"></kline-chart>
      <chart-agent-panel session-store="memory" style="width: 300px"></chart-agent-panel>`;
    document.body.append(page);
    await customElements.whenDefined('chart-agent-panel');
    const els = [
      ...page.querySelectorAll<HTMLElement & { updateComplete: Promise<unknown> }>('kline-chart, chart-agent-panel'),
    ];
    await Promise.all(els.map((el) => el.updateComplete));
    expect(heights(els), 'the attribute, or the default without one').to.deep.equal([300, 350, 480, 480]);
    // Vue's `:style="'width:' + w"`, Lit's `style=${…}`, Preact's style string: the whole attribute is written again.
    for (const el of els) el.setAttribute('style', 'width: 320px');
    await Promise.all(els.map((el) => el.updateComplete));
    expect(heights(els), 'after the style attribute was rewritten').to.deep.equal([300, 350, 480, 480]);
    page.remove();
  });
});

import { expect } from '@open-wc/testing';
import { waitFor } from '../helpers/wait-for.js';
import { loadPlaceholderSheet } from '../helpers/placeholder-sheet.js';

// Nothing here imports the elements up front: the test loads the placeholder stylesheet, lays the
// undefined tags out, then loads the module and measures that nothing moved.

interface LayoutShiftSource {
  node: Node | null;
  previousRect: DOMRectReadOnly;
  currentRect: DOMRectReadOnly;
}

function describeShift(s: LayoutShiftSource): string {
  const n = s.node;
  let name = n === null ? '(gone)' : n.nodeName.toLowerCase();
  if (n instanceof Element && n.className) name += `.${String(n.className).replace(/ /g, '.')}`;
  const root = n?.getRootNode();
  if (root instanceof ShadowRoot) name = `${root.host.nodeName.toLowerCase()} >> ${name}`;
  const r = (d: DOMRectReadOnly): string => `${d.x},${d.y} ${d.width}x${d.height}`;
  return `${name} ${r(s.previousRect)} -> ${r(s.currentRect)}`;
}

function box(el: Element): { top: number; height: number; width: number } {
  const r = el.getBoundingClientRect();
  return { top: r.top, height: r.height, width: r.width };
}

describe('default sizes, the placeholder stylesheet and the text reset', function () {
  this.timeout(60000);

  it('without the placeholder an undefined tag is 0 px tall; with it, nothing moves when the module arrives', async () => {
    const bare = document.createElement('kline-chart');
    document.body.append(bare);
    expect(customElements.get('kline-chart'), 'not defined yet').to.equal(undefined);
    expect(bare.getBoundingClientRect().height, 'the problem the placeholder solves').to.equal(0);
    bare.remove();

    const link = await loadPlaceholderSheet();

    const page = document.createElement('div');
    page.style.cssText = 'width:900px';
    page.innerHTML = `
      <p>Intro</p>
      <kline-chart id="placed" symbol="DEMO"></kline-chart>
      <div class="columns" style="display:grid;grid-template-columns:repeat(3,minmax(0,1fr));gap:12px">
        <div>one</div><div>two</div><div class="third"><chart-agent-panel for="placed" session-store="memory"></chart-agent-panel></div>
      </div>
      <p class="after">After</p>`;
    document.body.append(page);
    const chart = page.querySelector('kline-chart')!;
    const panel = page.querySelector('chart-agent-panel')!;
    const after = page.querySelector('.after')!;
    const column = page.querySelector('.third')!;
    const before = { chart: box(chart), panel: box(panel), after: box(after) };
    expect(before.chart.height).to.equal(480);
    expect(before.panel.height).to.equal(480);

    let shift = 0;
    // What moved, named, so a failure says which node shifted and by how much.
    const moved: string[] = [];
    const observer = new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & {
        value: number;
        sources?: LayoutShiftSource[];
      })[]) {
        shift += entry.value;
        for (const s of entry.sources ?? []) moved.push(describeShift(s));
      }
    });
    observer.observe({ type: 'layout-shift', buffered: false });

    await import('../../../components/kline-chart-agent.js');
    await customElements.whenDefined('kline-chart');
    await customElements.whenDefined('chart-agent-panel');
    const definedChart = chart as HTMLElement & { updateComplete: Promise<unknown> };
    const definedPanel = panel as HTMLElement & { updateComplete: Promise<unknown>; sessionId: string };
    await definedChart.updateComplete;
    await waitFor(() => definedPanel.sessionId !== '', 'panel ready');
    // The chart answers the panel's handshake: its context chips join the composer, which must not grow
    // and push the conversation up.
    await waitFor(
      () => panel.shadowRoot?.querySelector('.context-chip:not(.pending)') !== null,
      'the chart context chips',
    );
    await definedPanel.updateComplete;
    await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));

    expect(box(chart), 'chart box').to.deep.equal(before.chart);
    expect(box(panel), 'panel box').to.deep.equal(before.panel);
    expect(box(after).top, 'content below stays put').to.equal(before.after.top);
    expect(box(panel).width, 'the panel fits a one-third column').to.be.at.most(box(column).width);
    observer.disconnect();
    expect(shift, `cumulative layout shift; moved: ${moved.join('; ')}`).to.equal(0);
    page.remove();
    link.remove();
  });

  it('defined elements: 480 px tall unless styled, the panel fits narrow columns, page text styles do not leak in', async () => {
    await import('../../../components/kline-chart-agent.js');
    const style = document.createElement('style');
    style.textContent = `.loud, .loud * { text-transform: uppercase !important; letter-spacing: 6px; word-spacing: 20px; text-align: center;
      line-height: 4; font-style: italic; text-indent: 50px; white-space: pre; }`;
    document.head.append(style);
    const page = document.createElement('div');
    page.className = 'loud';
    page.innerHTML = `<kline-chart id="loud-chart"></kline-chart>
      <div style="width:180px"><chart-agent-panel for="loud-chart" session-store="memory"></chart-agent-panel></div>
      <kline-chart id="styled" style="height:300px"></kline-chart>`;
    document.body.append(page);
    const [chart, styled] = [...page.querySelectorAll('kline-chart')] as (HTMLElement & {
      updateComplete: Promise<unknown>;
      context: { get(): unknown };
    })[];
    const panel = page.querySelector('chart-agent-panel') as HTMLElement & {
      updateComplete: Promise<unknown>;
      sessionId: string;
    };
    await waitFor(() => chart.context.get() !== null && panel.sessionId !== '', 'ready');
    await panel.updateComplete;
    await chart.updateComplete;
    expect(chart.getBoundingClientRect().height).to.equal(480);
    expect(styled.getBoundingClientRect().height, 'a page style wins').to.equal(300);
    expect(panel.getBoundingClientRect().height).to.equal(480);
    expect(panel.getBoundingClientRect().width, 'min-width: min(260px, 100%)').to.equal(180);

    const inner = [
      chart.shadowRoot!.querySelector('.legend .title') ?? chart.shadowRoot!.querySelector('.toolbar button')!,
      panel.shadowRoot!.querySelector('.empty-title')!,
      panel.shadowRoot!.querySelector('.input')!,
    ];
    for (const el of inner) {
      const cs = getComputedStyle(el);
      const label = `${el.className}`;
      expect(cs.textTransform, `${label} text-transform`).to.equal('none');
      expect(cs.letterSpacing, `${label} letter-spacing`).to.equal('normal');
      expect(cs.wordSpacing, `${label} word-spacing`).to.equal('0px');
      expect(cs.fontStyle, `${label} font-style`).to.equal('normal');
      expect(cs.textIndent, `${label} text-indent`).to.equal('0px');
      // The page's `pre` does not leak in; `nowrap` is the legend title's own (cut with an ellipsis).
      expect(['normal', 'pre-wrap', 'nowrap'], `${label} white-space`).to.include(cs.whiteSpace);
      expect(['start', 'left']).to.include(cs.textAlign);
      expect(parseFloat(cs.lineHeight) || 0, `${label} line-height`).to.be.below(30);
    }
    page.remove();
    style.remove();
  });

  it("a CMS theme's inherited text effects do not reach inside: cursor, shadow, word breaking, hyphens, stroke, balanced lines", async () => {
    await import('../../../components/kline-chart-agent.js');
    const style = document.createElement('style');
    // What themes put on a wrapper or on <body>; every one of these is inherited through shadow roots.
    style.textContent = `.themed { cursor: crosshair; text-shadow: 0 0 2px red; word-break: break-all; hyphens: auto;
      -webkit-text-stroke: 1px blue; tab-size: 20; line-break: anywhere; text-wrap: balance; caret-color: red;
      list-style-type: square; quotes: '<' '>'; text-rendering: optimizeSpeed; }`;
    document.head.append(style);
    const page = document.createElement('div');
    page.className = 'themed';
    page.innerHTML = `<kline-chart id="themed-chart" style="height:300px"></kline-chart>
      <chart-agent-panel for="themed-chart" session-store="memory"></chart-agent-panel>`;
    document.body.append(page);
    const chart = page.querySelector('kline-chart') as HTMLElement & {
      updateComplete: Promise<unknown>;
      context: { get(): unknown };
    };
    const panel = page.querySelector('chart-agent-panel') as HTMLElement & {
      updateComplete: Promise<unknown>;
      sessionId: string;
    };
    try {
      await waitFor(() => chart.context.get() !== null && panel.sessionId !== '', 'ready');
      await panel.updateComplete;
      await chart.updateComplete;
      const inner = [
        chart.shadowRoot!.querySelector('[part="legend"]')!,
        chart.shadowRoot!.querySelector('[part="toolbar"]')!,
        panel.shadowRoot!.querySelector('.empty-title')!,
        panel.shadowRoot!.querySelector('.input')!,
      ];
      for (const el of inner) {
        const cs = getComputedStyle(el);
        const label = `${el.getAttribute('part') ?? el.className}`;
        // The legend sits on the plot, whose crosshair cursor is the chart's own.
        if (label !== 'legend') expect(cs.cursor, `${label} cursor`).to.not.equal('crosshair');
        expect(cs.textShadow, `${label} text-shadow`).to.equal('none');
        expect(cs.wordBreak, `${label} word-break`).to.equal('normal');
        expect(cs.hyphens, `${label} hyphens`).to.equal('manual');
        expect(cs.webkitTextStrokeWidth, `${label} text stroke`).to.equal('0px');
        expect(cs.tabSize, `${label} tab-size`).to.equal('8');
        expect(cs.lineBreak, `${label} line-break`).to.equal('auto');
        expect(cs.getPropertyValue('text-wrap-style'), `${label} text-wrap-style`).to.equal('auto');
        expect(cs.caretColor, `${label} caret-color`).to.not.equal('rgb(255, 0, 0)');
        expect(cs.listStyleType, `${label} list-style-type`).to.equal('disc');
        expect(cs.quotes, `${label} quotes`).to.equal('auto');
        expect(cs.textRendering, `${label} text-rendering`).to.equal('auto');
      }
    } finally {
      page.remove();
      style.remove();
    }
  });
});

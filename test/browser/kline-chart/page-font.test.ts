import { expect } from '@open-wc/testing';
import { html } from 'lit';
import type { KlineChart } from '../../../components/kline-chart/kline-chart.js';
import { readyChart, waitFor } from '../helpers/chart-fixture.js';
import { recordTexts } from '../helpers/canvas-texts.js';

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
        return `${cs.fontWeight} ${cs.fontSize} ${cs.lineHeight}`;
      });
    expect(fonts(themed), "the toolbar's words in the chart's own size and weight").to.deep.equal(fonts(plain));
    // The theme's family is a rule on the element too, as `kline-chart { font-family }` is: it is the chart's family.
    for (const b of shownButtons(themed))
      expect(getComputedStyle(b).fontFamily, "the element's family").to.equal('serif');
  });
});

/** The toolbar's buttons that are shown. */
function shownButtons(chart: KlineChart): HTMLElement[] {
  return [...chart.shadowRoot!.querySelectorAll<HTMLElement>('.toolbar button')].filter(
    (b) => b.getClientRects().length > 0,
  );
}

/** The family and size of a piece of the chart (a selector in its shadow root). */
function fontOf(chart: KlineChart, selector: string): string {
  const el = chart.shadowRoot!.querySelector(selector);
  expect(el, selector).to.not.equal(null);
  const cs = getComputedStyle(el!);
  return `${cs.fontSize} ${cs.fontFamily}`;
}

async function openMoreMenu(chart: KlineChart): Promise<void> {
  chart.shadowRoot!.querySelector<HTMLElement>('[part="more-button"]')!.click();
  await waitFor(
    () => chart.shadowRoot!.querySelector('[part="more-menu"] [role^="menuitem"]') !== null,
    'the "More" menu',
  );
}

/** A style sheet of the page's for one test (`page(css)`), removed after it. */
function pageStyle(): (css: string) => void {
  let style: HTMLStyleElement | null = null;
  afterEach(() => style?.remove());
  return (css) => {
    style = document.createElement('style');
    style.textContent = css;
    document.head.append(style);
  };
}

describe("the chart's font family", function () {
  this.timeout(30000);
  const page = pageStyle();

  it('is the system font by default, not the family the page sets on <body>', async () => {
    page('body { font-family: "Courier New", monospace; }');
    const chart = await readyChart(html`<kline-chart style="width:800px;height:500px"></kline-chart>`);
    expect(fontOf(chart, '.toolbar button')).to.match(/^12px system-ui/);
    expect(fontOf(chart, '.legend')).to.match(/^11px system-ui/);
  });

  it("follows `font-family` on the element to the toolbar and its menu, not a page's `* { font-size }`", async () => {
    page('* { font-size: 30px; } kline-chart { font-family: "Courier New", monospace; }');
    const chart = await readyChart(html`<kline-chart style="width:390px;height:500px"></kline-chart>`);
    expect(getComputedStyle(chart).fontSize, 'the page rule does reach the element').to.equal('30px');
    const buttons = shownButtons(chart);
    expect(buttons.length, 'toolbar buttons').to.be.above(3);
    for (const b of buttons)
      expect(getComputedStyle(b).fontFamily, 'a toolbar button').to.equal('"Courier New", monospace');
    expect(fontOf(chart, '.toolbar button')).to.equal('12px "Courier New", monospace');
    await openMoreMenu(chart);
    expect(fontOf(chart, '[part="more-menu"] [role^="menuitem"]')).to.equal('12px "Courier New", monospace');
    // The command palette, an element of its own in the chart's tree, and its dialog in the top layer.
    await chart.openCommandPalette();
    const dialog = chart.shadowRoot!.querySelector('kline-command-palette')!.shadowRoot!.querySelector('dialog')!;
    await waitFor(() => dialog.open, 'the palette open');
    const cs = getComputedStyle(dialog);
    expect(`${cs.fontSize} ${cs.fontFamily}`, 'the palette').to.equal('13px "Courier New", monospace');
  });

  it('follows --kline-font-family to the toolbar, menus, legend and the axes (the canvas reads --kline-font)', async () => {
    page('kline-chart { --kline-font-family: "Courier New", monospace; }');
    const chart = await readyChart(html`<kline-chart style="width:800px;height:500px"></kline-chart>`);
    expect(fontOf(chart, '.toolbar button')).to.equal('12px "Courier New", monospace');
    expect(fontOf(chart, '.legend')).to.equal('11px "Courier New", monospace');
    expect(getComputedStyle(chart).getPropertyValue('--kline-font').trim()).to.equal('11px "Courier New", monospace');
    await openMoreMenu(chart);
    expect(fontOf(chart, '[part="more-menu"] [role^="menuitem"]')).to.equal('12px "Courier New", monospace');
  });
});

describe('`font-family` on the element, without --kline-font-family', function () {
  this.timeout(30000);
  const page = pageStyle();

  it('reaches the legend and the canvas axes too, at their own size (as TradingView’s widget with a custom font)', async () => {
    page('* { font-size: 30px; } kline-chart { font-family: "Courier New", monospace; }');
    const chart = await readyChart(html`<kline-chart style="width:800px;height:500px"></kline-chart>`);
    expect(fontOf(chart, '.legend'), 'the legend').to.equal('11px "Courier New", monospace');
    const fonts = new Set<string>();
    await recordTexts(chart, async (texts) => {
      const fillText = CanvasRenderingContext2D.prototype.fillText;
      CanvasRenderingContext2D.prototype.fillText = function (this: CanvasRenderingContext2D, ...args) {
        fonts.add(this.font);
        return fillText.apply(this, args);
      };
      try {
        chart.style.width = '801px';
        await waitFor(() => texts.length > 0, 'a repaint');
        await chart.whenPainted();
      } finally {
        CanvasRenderingContext2D.prototype.fillText = fillText;
      }
    });
    expect([...fonts], 'axis labels at the axes’ size').to.include('11px "Courier New", monospace');
    // The watermark too (the symbol and period, large and faint): every text on the canvases.
    for (const font of fonts) expect(font, 'a canvas text').to.match(/\d+px "Courier New", monospace$/);
  });

  it('a page’s --kline-font on the element still wins over it', async () => {
    page('kline-chart { font-family: "Courier New", monospace; --kline-font: 13px serif; }');
    const chart = await readyChart(html`<kline-chart style="width:800px;height:500px"></kline-chart>`);
    expect(fontOf(chart, '.legend')).to.equal('13px serif');
    expect(fontOf(chart, '.toolbar button')).to.equal('12px "Courier New", monospace');
  });
});

describe("a web font of the chart's family that arrives after the first paint", function () {
  this.timeout(30000);

  it('redraws the axes and the watermark in it, as a chart drawn after it arrived', async () => {
    // A face of the page's @font-face kind that is not there yet at the first paint (a slow font file).
    const face = new FontFace('R1LateFont', 'local("DejaVu Serif"), local("Liberation Serif")');
    const style = document.createElement('style');
    style.textContent = '.late-font { font-family: R1LateFont, monospace; }';
    document.head.append(style);
    const price = (chart: KlineChart) =>
      chart.shadowRoot!.querySelector<HTMLCanvasElement>('.pane canvas')!.toDataURL();
    try {
      const early = await readyChart(
        html`<kline-chart class="late-font" style="width:600px;height:400px"></kline-chart>`,
      );
      await early.whenPainted();
      const fallback = price(early);
      document.fonts.add(face);
      await face.load();
      const late = await readyChart(
        html`<kline-chart class="late-font" style="width:600px;height:400px"></kline-chart>`,
      );
      await late.whenPainted();
      expect(price(late), 'the font draws other pixels than the fallback').to.not.equal(fallback);
      await waitFor(() => price(early) === price(late), 'the first chart redrawn in the font that arrived');
    } finally {
      document.fonts.delete(face);
      style.remove();
    }
  });
});

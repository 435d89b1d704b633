import { expect } from '@open-wc/testing';
import { minuteBars, mountChart, removeFixtures } from '../lifecycle/lifecycle-fixture.js';
import { paneCanvas, waitFor } from '../helpers/chart-fixture.js';
import { canvasHash } from '../helpers/canvas-pixels.js';
import type { KlineChart } from '../../../components/kline-chart/kline-chart.js';

// Symbols and names come from a CMS attribute or a data file: text only, one line, cut short, and a
// bidi control in them never reorders what the chart writes around them.

const BIDI = /[\u200E\u200F\u202A-\u202E\u2066-\u2069]/;

function klineError(chart: KlineChart): Promise<{ code: string; message: string }> {
  return new Promise((resolve) =>
    chart.addEventListener(
      'kline-error',
      (e) => resolve((e as CustomEvent<{ code: string; message: string }>).detail),
      {
        once: true,
      },
    ),
  );
}

/** Elements of the chart's shadow root drawn (partly) outside the chart's own box. */
function outside(chart: KlineChart, selector: string): string[] {
  const box = chart.getBoundingClientRect();
  return [...chart.shadowRoot!.querySelectorAll<HTMLElement>(selector)]
    .filter((el) => {
      const r = el.getBoundingClientRect();
      return r.width > 0 && (r.right > box.right + 0.5 || r.left < box.left - 0.5);
    })
    .map((el) => `${el.tagName.toLowerCase()}.${el.className} ${(el.textContent ?? '').trim().slice(0, 12)}`);
}

/** The labels of the toolbar's buttons but the symbol's. */
function toolbarLabels(chart: KlineChart): string[] {
  return [...chart.shadowRoot!.querySelectorAll<HTMLButtonElement>('.toolbar button:not(.symbol)')].map(
    (b) => b.textContent?.trim() ?? '',
  );
}

function jsonUrl(document: unknown): string {
  return URL.createObjectURL(new Blob([JSON.stringify(document)], { type: 'application/json' }));
}

describe('hostile symbols and names', () => {
  afterEach(removeFixtures);

  it('a 10,000-character symbol attribute leaves the toolbar usable and the error message short', async () => {
    // Wide enough for the whole toolbar beside a symbol of a dozen characters.
    const short = mountChart({ symbol: 'NOPE', style: 'width:900px;height:420px' }).chart;
    const { chart } = mountChart({ symbol: 'A'.repeat(10_000), style: 'width:900px;height:420px' });
    const [error] = await Promise.all([klineError(chart), klineError(short)]);
    expect(error.code).to.equal('not_found');
    await Promise.all([chart.updateComplete, short.updateComplete]);
    // The toolbar stays one row with the same buttons as beside a short symbol, all on the chart.
    expect(outside(chart, '.toolbar button')).to.deep.equal([]);
    expect(toolbarLabels(chart)).to.deep.equal(toolbarLabels(short));
    const status = chart.shadowRoot!.querySelector<HTMLElement>('.status.error')!;
    expect(status.textContent.length, 'the message quotes the symbol cut short').to.be.lessThan(300);
    expect(error.message.length).to.be.lessThan(300);
    expect(outside(chart, '.status')).to.deep.equal([]);
    expect(status.scrollWidth).to.be.at.most(status.clientWidth + 1);
  });

  it("a data file's 10,000-character symbol and name stay on one line, cut short, in the toolbar and legend", async () => {
    const bars = minuteBars(120);
    const src = jsonUrl({ symbol: 'S'.repeat(10_000), name: `<b>bold</b>${'N'.repeat(5_000)}`, bars });
    const { chart } = mountChart({ source: 'json', src, period: '1m' });
    await waitFor(() => chart.context.get() !== null, 'the file loaded');
    await chart.whenPainted();
    await chart.updateComplete;
    expect(outside(chart, '.toolbar button')).to.deep.equal([]);
    expect(outside(chart, '.legend .row, .legend .title')).to.deep.equal([]);
    const title = chart.shadowRoot!.querySelector<HTMLElement>('.legend .title')!;
    const lineHeight = parseFloat(getComputedStyle(title).lineHeight) || 16;
    expect(title.getBoundingClientRect().height, 'the title is one line').to.be.lessThan(lineHeight * 1.5);
    expect(chart.shadowRoot!.querySelector('.legend b'), 'markup in a name is text').to.equal(null);
    expect(title.textContent).to.contain('<b>bold</b>');
  });

  it('a bidi override in a symbol does not reorder the watermark or the toolbar', async () => {
    const bars = minuteBars(120);
    const plain = mountChart({ source: 'custom', period: '1m' }).chart;
    const spoofed = mountChart({ source: 'custom', period: '1m' }).chart;
    expect(plain.setBars(bars, { symbol: 'EVIL', name: 'Evil Corp' })).to.equal(true);
    expect(spoofed.setBars(bars, { symbol: '\u202EEVIL', name: '\u202EEvil Corp' })).to.equal(true);
    for (const chart of [plain, spoofed]) {
      await waitFor(() => chart.context.get() !== null, 'bars on the chart');
      await chart.whenPainted();
      await chart.updateComplete;
    }
    const button = spoofed.shadowRoot!.querySelector<HTMLElement>('.toolbar .symbol')!;
    expect(BIDI.test(button.textContent), 'no bidi control in the symbol button').to.equal(false);
    // The same bars, symbol and period: the price pane (with its "EVIL · 1m" watermark) is the same picture.
    expect(canvasHash(paneCanvas(spoofed, 'price'))).to.equal(canvasHash(paneCanvas(plain, 'price')));
  });

  it("a bidi override in an unknown symbol does not reorder the error message's list of known symbols", async () => {
    const { chart } = mountChart({ symbol: '\u202Eevil' });
    const error = await klineError(chart);
    expect(error.code).to.equal('not_found');
    await chart.updateComplete;
    const status = chart.shadowRoot!.querySelector<HTMLElement>('.status.error')!;
    expect(BIDI.test(status.textContent)).to.equal(false);
    expect(BIDI.test(error.message)).to.equal(false);
    expect(status.textContent).to.contain('evil');
  });
});

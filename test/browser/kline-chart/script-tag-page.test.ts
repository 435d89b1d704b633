import { expect } from '@open-wc/testing';
import { countPixels, parseColor } from '../helpers/canvas-pixels.js';
import { waitFor } from '../helpers/chart-fixture.js';

describe('the built bundle on a page with nothing but its script tag', () => {
  it('defines <kline-chart> under a strict CSP and paints candles', async () => {
    const frame = document.createElement('iframe');
    frame.style.cssText = 'width:700px;height:460px;border:0';
    const violations: string[] = [];
    frame.src = '/test/pages/script-tag.html';
    document.body.appendChild(frame);
    await new Promise((r) => frame.addEventListener('load', r, { once: true }));
    const win = frame.contentWindow! as Window & typeof globalThis;
    win.document.addEventListener('securitypolicyviolation', (e) =>
      violations.push(`${e.violatedDirective} ${e.blockedURI}`),
    );
    await waitFor(() => !!win.customElements.get('kline-chart'), 'element definition', 20000);
    const chart = win.document.querySelector('kline-chart') as HTMLElement & {
      context: { get(): unknown };
      whenPainted(): Promise<void>;
    };
    await waitFor(() => chart.context.get() !== null, 'data', 20000);
    await chart.whenPainted();
    await chart.whenPainted();
    const canvas = chart.shadowRoot!.querySelector('.pane[data-pane-id="price"] canvas') as HTMLCanvasElement;
    const style = win.getComputedStyle(chart);
    const up = parseColor(style.getPropertyValue('--kline-up-color'));
    const down = parseColor(style.getPropertyValue('--kline-down-color'));
    expect(countPixels(canvas, up)).to.be.greaterThan(200);
    expect(countPixels(canvas, down)).to.be.greaterThan(200);
    // The default `indicators` attribute is VOL: a second pane exists.
    expect(chart.shadowRoot!.querySelectorAll('.pane').length).to.equal(2);
    expect(violations).to.deep.equal([]);
    frame.remove();
  });
});

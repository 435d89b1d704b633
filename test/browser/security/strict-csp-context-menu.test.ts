import { expect } from '@open-wc/testing';
import { resetMouse, sendMouse } from '@web/test-runner-commands';
import { waitFor } from '../helpers/chart-fixture.js';
import { loadedScripts, openFrame } from '../helpers/test-frame.js';

type Chart = HTMLElement & { context: { get(): unknown }; whenPainted(): Promise<void> };
type CspWindow = Window & typeof globalThis & { cspViolations: string[] };

/**
 * test/pages/strict-csp.html (`style-src 'self'`, no 'unsafe-inline', the built bundle): a real right
 * click on the plot opens the chart's context menu from its chunk, styled by an adopted sheet and placed
 * at the pointer through the CSSOM, without a CSP violation.
 */
describe('the context menu under style-src ’self’', function () {
  this.timeout(60000);
  afterEach(() => resetMouse());

  it('a right click on the plot opens the menu, placed and styled, without a CSP violation', async () => {
    const { frame, win: w } = await openFrame('/test/pages/strict-csp.html', 'width:920px;height:420px;border:0');
    const win = w as CspWindow;
    try {
      const chart = win.document.querySelector('kline-chart') as Chart;
      await waitFor(() => !!win.customElements.get('kline-chart') && chart.context.get() !== null, 'chart data', 20000);
      await chart.whenPainted();
      const plot = chart.shadowRoot!.querySelector<HTMLElement>('.pane[data-pane-id="price"] .u-over')!;
      const f = frame.getBoundingClientRect();
      const r = plot.getBoundingClientRect();
      const at: [number, number] = [
        Math.round(f.left + r.left + r.width * 0.4),
        Math.round(f.top + r.top + r.height * 0.4),
      ];
      await sendMouse({ type: 'click', position: at, button: 'right' });
      const menu = () => chart.shadowRoot!.querySelector<HTMLElement>('[part="context-menu"]');
      await waitFor(() => !!menu()?.classList.contains('placed'), 'the context menu', 20000);
      expect(
        loadedScripts(win).some((p) => /^chunks\/context-menu-/.test(p)),
        'its chunk',
      ).to.equal(true);
      const box = menu()!.getBoundingClientRect();
      expect(win.getComputedStyle(menu()!).position).to.equal('absolute');
      expect(win.getComputedStyle(menu()!).visibility).to.equal('visible');
      expect(Math.abs(f.left + box.left - at[0])).to.be.lessThan(2);
      expect(Math.abs(f.top + box.top - at[1])).to.be.lessThan(2);
      expect(menu()!.querySelectorAll('[role="menuitem"]').length).to.be.greaterThan(4);
      expect(win.cspViolations).to.deep.equal([]);
    } finally {
      frame.remove();
    }
  });
});

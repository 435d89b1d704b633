import { expect } from '@open-wc/testing';
import { executeServerCommand } from '@web/test-runner-commands';
import { waitFor } from '../helpers/chart-fixture.js';
import { loadedScripts, openFrame } from '../helpers/test-frame.js';

type Chart = HTMLElement & {
  context: { get(): { dataRange: { to: number } } | null };
  whenPainted(): Promise<void>;
  tools: { execute(name: string, input: unknown): Promise<{ success: boolean }> };
};
type Panel = HTMLElement & {
  connected: boolean;
  sessionId: string;
  canSend: boolean;
  send(text: string): Promise<string>;
};
type CspWindow = Window & typeof globalThis & { cspViolations: string[] };

/** A reply that reaches the markdown view's block kinds: headings, lists, code, a table, a link. */
const REPLY = [
  '## Strict hello',
  '',
  'Some **bold**, `code` and a [link](https://example.com).',
  '',
  '- one',
  '- two',
  '',
  '| a | b |',
  '|---|---|',
  '| 1 | 2 |',
  '',
  '```js',
  'const x = 1;',
  '```',
].join('\n');

/**
 * test/pages/strict-csp.html: `style-src 'self'` without 'unsafe-inline', so any style attribute
 * (a template's `style="…"`, a style map's first render) or <style> element is refused and reported.
 * The page records every violation from its first element on (record-csp-violations.js).
 */
describe('both elements under style-src ’self’', function () {
  this.timeout(60000);

  it('render, hover, show study legends, load the panel chunk and answer a message without a CSP or Trusted Types violation', async () => {
    const mockUrl = String(await executeServerCommand('mock-model-url'));
    const root = mockUrl.replace(/\/v1$/, '');
    await fetch(`${root}/__mock/reset`, { method: 'POST' });
    await fetch(`${root}/__mock/script`, { method: 'POST', body: JSON.stringify([{ text: REPLY }]) });
    const { frame, win: w } = await openFrame('/test/pages/strict-csp.html', 'width:920px;height:420px;border:0');
    const win = w as CspWindow;
    try {
      const chart = win.document.querySelector('kline-chart') as Chart;
      const panel = win.document.querySelector('chart-agent-panel') as Panel;
      panel.setAttribute('base-url', mockUrl);
      await waitFor(() => !!win.customElements.get('kline-chart') && chart.context.get() !== null, 'chart data', 20000);
      await chart.whenPainted();
      await chart.whenPainted();
      // The page's stylesheet sized it (the policy allows 'self' sheets): the chart really painted.
      expect(chart.getBoundingClientRect().width).to.equal(560);
      const panes = chart.shadowRoot!.querySelectorAll('.pane');
      expect(panes.length, 'price, VOL and MACD panes').to.equal(3);
      expect(
        chart.shadowRoot!.querySelectorAll('.pane-legend').length,
        'the indicator panes’ legends',
      ).to.be.greaterThan(0);

      // The crosshair: legend values under the pointer, the tags' chunk, the tooltip.
      const over = panes[0].querySelector<HTMLElement>('.u-over')!;
      const r = over.getBoundingClientRect();
      over.dispatchEvent(
        new win.MouseEvent('mousemove', { bubbles: true, composed: true, clientX: r.left + 120, clientY: r.top + 80 }),
      );
      await waitFor(() => loadedScripts(win).some((p) => /^chunks\/crosshair-tags-/.test(p)), 'the crosshair tags');
      await chart.whenPainted();

      // A study's settings popover (a chunk), placed beside its legend entry.
      const title = [...chart.shadowRoot!.querySelectorAll<HTMLButtonElement>('.indicator-entry button')].find((b) =>
        (b.textContent ?? '').includes('MACD'),
      )!;
      title.click();
      await waitFor(() => !!chart.shadowRoot!.querySelector('kline-indicator-settings'), 'the settings popover');
      const popover = chart.shadowRoot!.querySelector<HTMLElement>('kline-indicator-settings')!;
      expect(popover.style.top, 'placed through the CSSOM').to.match(/^\d+(\.\d+)?px$/);

      // The 400 px chart's drawing bar is folded into groups: a group's flyout (a chunk, its own sheet), placed beside it.
      chart.shadowRoot!.querySelector<HTMLElement>('[data-group="lines"] + .chevron')!.click();
      await waitFor(() => !!chart.shadowRoot!.querySelector('[part="drawing-group-menu"]'), 'the group flyout');
      const flyout = chart.shadowRoot!.querySelector<HTMLElement>('[part="drawing-group-menu"]')!;
      expect(flyout.style.left, 'placed through the CSSOM').to.match(/^\d+px$/);
      expect(win.getComputedStyle(flyout).position, 'its styles apply').to.equal('absolute');

      await waitFor(() => !!win.customElements.get('chart-agent-panel'), 'panel definition', 20000);
      await waitFor(() => panel.connected && panel.sessionId !== '' && panel.canSend, 'panel ready', 20000);
      expect(await panel.send('hello under a strict policy')).to.equal('completed');
      await waitFor(() => (panel.shadowRoot!.textContent ?? '').includes('Strict hello'), 'the answer shown');
      await chart.whenPainted();

      expect(win.cspViolations).to.deep.equal([]);

      // The recorder and the policy are live: a style attribute set now is refused and recorded.
      const probe = win.document.createElement('span');
      probe.setAttribute('style', 'color: red');
      win.document.body.append(probe);
      await waitFor(() => win.cspViolations.length > 0, 'the probe’s violation');
      expect(win.cspViolations[0]).to.match(/^style-src/);
      // Trusted Types are enforced too: a plain string as HTML is refused (so none of the above did that).
      expect(() => (win.document.createElement('div').innerHTML = '<b>x</b>')).to.throw(/TrustedHTML/);
      await waitFor(() => win.cspViolations.some((v) => v.startsWith('require-trusted-types-for')), 'the TT violation');
    } finally {
      frame.remove();
    }
  });
});

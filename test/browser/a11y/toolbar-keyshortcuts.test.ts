import { expect } from '@open-wc/testing';
import { html } from 'lit';
import { readyChart, waitFor } from '../helpers/chart-fixture.js';
import { chord, press } from '../helpers/keyboard.js';

// A toolbar button whose key does the same on the chart says so to assistive technology
// (`aria-keyshortcuts`, read out by screen readers) as its tooltip says it to the eye, with the same key:
// Ctrl/Cmd+K the palette, ? the shortcut list, T the data table, Ctrl/Cmd+Z and Y undo and redo, the
// images' and full screen's keys.

/** `aria-keyshortcuts` for a tooltip's hint: `(Ctrl/Cmd+K)` → `Control+K Meta+K`, `(t)` → `T`. */
function fromHint(hint: string): string {
  const key = hint.replace(/\b[a-z]$/, (k) => k.toUpperCase());
  return key.startsWith('Ctrl/Cmd+') ? ['Control', 'Meta'].map((m) => key.replace('Ctrl/Cmd', m)).join(' ') : key;
}

describe("the toolbar's keyboard shortcuts, for screen readers", function () {
  this.timeout(30000);

  it('every button with a key in its tooltip names the same key in aria-keyshortcuts, and the keys work', async () => {
    const chart = await readyChart(
      html`<kline-chart style="width:1300px;height:500px" indicators="VOL"></kline-chart>`,
    );
    const buttons = [...chart.shadowRoot!.querySelectorAll<HTMLButtonElement>('[part="toolbar"] button')];
    const hinted = buttons.filter((b) => /\(([^)]+)\)$/.test(b.title));
    expect(hinted.map((b) => b.getAttribute('part'))).to.include.members([
      'undo-button',
      'redo-button',
      'palette-button',
      'shortcuts-button',
      'data-table-button',
      'save-image-button',
      'copy-image-button',
      'fullscreen-button',
    ]);
    for (const b of hinted)
      expect(b.getAttribute('aria-keyshortcuts'), b.getAttribute('part')!).to.equal(
        fromHint(/\(([^)]+)\)$/.exec(b.title)![1]),
      );

    // The keys named do what the buttons do (pressed on the chart).
    chart.focus();
    await press('t');
    await waitFor(
      () => chart.shadowRoot!.querySelector('[part="data-table-button"]')!.getAttribute('aria-pressed') === 'true',
      'T shows the data table',
    );
    await chord('Control', 'k');
    await waitFor(
      () => !!chart.shadowRoot!.querySelector('kline-command-palette')?.shadowRoot?.querySelector('dialog:modal'),
      'Ctrl+K opens the palette',
    );
  });

  it('a narrow chart\'s "More" menu names the same keys, read out and shown beside each item', async () => {
    const chart = await readyChart(html`<kline-chart style="width:400px;height:460px" indicators="VOL"></kline-chart>`);
    const root = chart.shadowRoot!;
    root.querySelector<HTMLButtonElement>('[part="more-button"]')!.click();
    const item = (action: string) => root.querySelector<HTMLElement>(`[part="more-menu"] [data-action="${action}"]`);
    await waitFor(() => !!item('palette'), 'the menu open');
    const mac = /Mac|iPhone|iPad/.test(navigator.platform);
    for (const [action, keys, hint] of [
      ['palette', 'Control+K Meta+K', mac ? '⌘K' : 'Ctrl+K'],
      ['shortcuts', '?', '?'],
      ['data-table', 'T', 'T'],
      ['save-image', 'Control+Alt+S Meta+Alt+S', mac ? '⌘Alt+S' : 'Ctrl+Alt+S'],
      ['fullscreen', 'Shift+F', 'Shift+F'],
    ]) {
      expect(item(action)!.getAttribute('aria-keyshortcuts'), action).to.equal(keys);
      expect(item(action)!.querySelector('.hint[aria-hidden="true"]')?.textContent, action).to.equal(hint);
    }
    expect(item('settings')!.hasAttribute('aria-keyshortcuts'), 'no key, none said').to.equal(false);
  });
});

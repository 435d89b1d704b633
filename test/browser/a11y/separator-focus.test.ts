import { expect } from '@open-wc/testing';
import { executeServerCommand } from '@web/test-runner-commands';
import { html } from 'lit';
import type { KlineChart } from '../../../components/kline-chart/kline-chart.js';
import { readyChart, waitFor } from '../helpers/chart-fixture.js';
import { chord, deepActive } from '../helpers/keyboard.js';
import { screenPixels } from '../helpers/screen-pixels.js';

// A pane separator reached with Tab showed only the 1 px line a hover shows (in Windows High Contrast, whose
// forced colours drop that line's background, nothing at all): a keyboard user could not see where focus was.

/** Rows of the separator's strip on the screen that differ from the strip's unfocused look along most of its width. */
async function changedRows(sep: HTMLElement, before: HTMLCanvasElement): Promise<number> {
  const now = await screenPixels(sep);
  const [w, h] = [now.width, now.height];
  const a = before.getContext('2d')!.getImageData(0, 0, w, h).data;
  const b = now.getContext('2d')!.getImageData(0, 0, w, h).data;
  let rows = 0;
  for (let y = 0; y < h; y++) {
    let diff = 0;
    for (let x = 0; x < w; x++) {
      const i = (y * w + x) * 4;
      if (Math.abs(a[i] - b[i]) + Math.abs(a[i + 1] - b[i + 1]) + Math.abs(a[i + 2] - b[i + 2]) > 60) diff++;
    }
    if (diff > w * 0.8) rows++;
  }
  return rows;
}

/** Tabs backwards from the page's end until the first separator has focus. */
async function tabToSeparator(chart: KlineChart): Promise<HTMLElement> {
  const sep = chart.shadowRoot!.querySelector<HTMLElement>('.pane-separator')!;
  const after = document.body.appendChild(document.createElement('button'));
  after.textContent = 'after';
  after.focus();
  for (let i = 0; i < 6 && deepActive() !== sep; i++) await chord('Shift', 'Tab');
  after.remove();
  expect(deepActive(), 'Shift+Tab reached the separator').to.equal(sep);
  return sep;
}

describe('a pane separator focused by keyboard', function () {
  this.timeout(30000);
  after(() => executeServerCommand('media-features', { features: [] }));

  for (const forced of [false, true]) {
    it(`shows a ring at least 2 px thick${forced ? ' in forced colours (Windows High Contrast)' : ''}`, async () => {
      await executeServerCommand('media-features', {
        features: forced ? [{ name: 'forced-colors', value: 'active' }] : [],
      });
      await waitFor(() => matchMedia('(forced-colors: active)').matches === forced, 'the colour mode');
      const chart = await readyChart(
        html`<kline-chart style="width:600px;height:400px" toolbar="none" indicators="VOL"></kline-chart>`,
      );
      const sep = chart.shadowRoot!.querySelector<HTMLElement>('.pane-separator')!;
      const unfocused = await screenPixels(sep);
      await tabToSeparator(chart);
      await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
      expect(await changedRows(sep, unfocused), 'rows of the strip that change across its width').to.be.at.least(3);
      chart.closest('div')!.remove();
    });
  }
});

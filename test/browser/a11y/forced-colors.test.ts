import { expect } from '@open-wc/testing';
import { executeServerCommand } from '@web/test-runner-commands';
import { html } from 'lit';
import '../../../components/kline-chart/define.js';
import '../../../components/chart-agent-panel/define.js';
import type { IndicatorPicker } from '../../../components/indicator-picker/index.js';
import { waitFor } from '../helpers/chart-fixture.js';
import { chartAndPanel, part, unmountAll } from '../panel/panel-fixture.js';

/**
 * Windows High Contrast (`forced-colors: active`) replaces every author colour and background with the
 * user's system colours, so a pressed toggle or the active option of a list, told apart from the rest
 * by an accent colour or a tinted background alone, looks exactly like the others: a keyboard user of
 * the picker cannot see which study Enter adds, nor which period or drawing tool is on.
 */
function rgba(css: string): number[] {
  const [r = 0, g = 0, b = 0, a = 1] = (css.match(/[\d.]+/g) ?? []).map(Number);
  return [r, g, b, a];
}

/** The colour a background shows over the page's own (the system's `Canvas`), as [r, g, b]. */
function shown(background: string): number[] {
  const probe = document.body.appendChild(document.createElement('div'));
  probe.style.background = 'Canvas';
  const page = rgba(getComputedStyle(probe).backgroundColor);
  probe.remove();
  const [r, g, b, a] = rgba(background);
  return [r, g, b].map((c, i) => c * a + page[i] * (1 - a));
}

function luminance(rgb: number[]): number {
  const [r, g, b] = rgb.map((v) => {
    const c = v / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** Whether the selected element's background stands out from an unselected one's by 3:1 (WCAG's non-text contrast). */
function looksDifferent(on: Element, off: Element): boolean {
  const [x, y] = [on, off].map((el) => luminance(shown(getComputedStyle(el).backgroundColor)));
  return (Math.max(x, y) + 0.05) / (Math.min(x, y) + 0.05) >= 3;
}

function pair(root: ParentNode, selector: string, attribute: string): [Element, Element] {
  const on = root.querySelector(`${selector}[${attribute}="true"]`);
  const off = root.querySelector(`${selector}[${attribute}="false"]`);
  if (!on || !off) throw new Error(`no ${selector} with ${attribute} true and false`);
  return [on, off];
}

describe('forced colours (Windows High Contrast)', function () {
  this.timeout(60000);
  before(async () => {
    await executeServerCommand('media-features', { features: [{ name: 'forced-colors', value: 'active' }] });
    await waitFor(() => matchMedia('(forced-colors: active)').matches, 'emulated forced colours');
  });
  after(async () => {
    unmountAll();
    await executeServerCommand('media-features', { features: [] });
  });

  it('the current period, the drawing tool, the picker and palette options and the read-only toggle keep a visible selection', async () => {
    const { chart, panel } = await chartAndPanel(
      html`<chart-agent-panel for="c1" session-store="memory" style="width:380px;height:400px"></chart-agent-panel>`,
    );
    // Wide enough for the period buttons to sit in the toolbar (not in its "More" menu).
    chart.style.width = '1000px';
    chart.style.flex = 'none';
    const root = chart.shadowRoot!;
    await waitFor(() => root.querySelector('.toolbar button[data-period]') !== null, 'period buttons in the toolbar');
    await chart.whenPainted();

    const [period, otherPeriod] = pair(root, '.toolbar button[data-period]', 'aria-pressed');
    expect(looksDifferent(period, otherPeriod), 'the current period button').to.equal(true);

    const [tool, otherTool] = pair(root, '.drawing-toolbar button', 'aria-pressed');
    expect(looksDifferent(tool, otherTool), 'the active drawing tool').to.equal(true);

    const picker = root.querySelector<IndicatorPicker>('kline-indicator-picker')!;
    picker.toggle(true);
    await picker.updateComplete;
    const [option, otherOption] = pair(picker.shadowRoot!, '[role="option"]', 'aria-selected');
    expect(looksDifferent(option, otherOption), 'the picker option Enter adds').to.equal(true);
    picker.toggle(false);

    await chart.openCommandPalette();
    const palette = root.querySelector('kline-command-palette') as HTMLElement & {
      close(): void;
      updateComplete: Promise<unknown>;
    };
    await palette.updateComplete;
    const [command, otherCommand] = pair(palette.shadowRoot!, 'li[role="option"]', 'aria-selected');
    expect(looksDifferent(command, otherCommand), 'the palette command Enter runs').to.equal(true);
    palette.close();

    const toggle = part(panel, 'read-only-toggle') as HTMLButtonElement;
    const other = part(panel, 'new-session')!;
    toggle.click();
    await panel.updateComplete;
    expect(toggle.getAttribute('aria-pressed')).to.equal('true');
    expect(looksDifferent(toggle, other), 'the pressed read-only toggle').to.equal(true);
  });
});

import { expect } from '@open-wc/testing';
import { emulateMedia } from '@web/test-runner-commands';
import { html } from 'lit';
import '../../../components/kline-chart/define.js';
import '../../../components/chart-agent-panel/define.js';
import type { KlineChart } from '../../../components/kline-chart/kline-chart.js';
import type { IndicatorPicker } from '../../../components/indicator-picker/index.js';
import { countPixels, parseColor } from '../helpers/canvas-pixels.js';
import { paneCanvas, waitFor } from '../helpers/chart-fixture.js';
import { mount, unmountAll } from '../panel/panel-fixture.js';

async function chartPage(theme = 'auto'): Promise<KlineChart> {
  const main = mount(
    html`<main><kline-chart theme=${theme} style="width:700px;height:400px" indicators="VOL"></kline-chart></main>`,
  );
  const chart = main.querySelector('kline-chart')!;
  await waitFor(() => chart.context.get() !== null, 'chart data');
  await chart.whenPainted();
  await chart.updateComplete;
  return chart;
}

const added: Element[] = [];
function pageStyle(css: string): HTMLStyleElement {
  const style = document.createElement('style');
  style.textContent = css;
  document.head.append(style);
  added.push(style);
  return style;
}

const background = (chart: KlineChart) => getComputedStyle(chart).backgroundColor;
const DARK_BACKGROUND = 'rgb(19, 23, 34)';
const LIGHT_BACKGROUND = 'rgb(255, 255, 255)';

describe('theming by the book', () => {
  afterEach(async () => {
    unmountAll();
    for (const el of added.splice(0)) el.remove();
    document.documentElement.classList.remove('dark', 'light');
    delete document.documentElement.dataset.theme;
    await emulateMedia({ colorScheme: 'light' });
  });

  it('a style sheet added to <head> after the first paint recolours the canvas (no theme flip needed)', async () => {
    const chart = await chartPage('light');
    const magenta = parseColor('#ff00ff');
    expect(countPixels(paneCanvas(chart, 'price'), magenta, 10)).to.equal(0);
    const paints = chart.paintCount;
    pageStyle('kline-chart { --kline-up-color: #ff00ff; --kline-down-color: #00ffff; }');
    await waitFor(() => chart.paintCount > paints, 'a repaint after the style sheet arrived');
    await chart.whenPainted();
    expect(countPixels(paneCanvas(chart, 'price'), magenta, 10), 'rising candles in the new colour').to.be.greaterThan(
      100,
    );
    // Editing that sheet is seen too.
    (added[0] as HTMLStyleElement).textContent = 'kline-chart { --kline-up-color: #00ff00; }';
    await waitFor(() => countPixels(paneCanvas(chart, 'price'), magenta, 10) === 0, 'the edit applied');
  });

  it('style changes that leave the colours as they were do not repaint', async () => {
    const chart = await chartPage('light');
    // Settle: let any paint the mount itself scheduled happen first (no paint for 300 ms).
    let quietSince = performance.now();
    let seen = chart.paintCount;
    await waitFor(() => {
      if (chart.paintCount !== seen) [seen, quietSince] = [chart.paintCount, performance.now()];
      return performance.now() - quietSince > 300;
    }, 'no more paints');
    const paints = chart.paintCount;
    document.documentElement.classList.add('some-unrelated-class');
    pageStyle('p { color: red; }');
    // Give the observer its turn (coalesced into one re-read) and a few frames to paint, were it to.
    await new Promise((r) => setTimeout(r, 150));
    document.documentElement.classList.remove('some-unrelated-class');
    expect(chart.paintCount).to.equal(paints);
  });

  it('theme="auto" follows prefers-color-scheme', async () => {
    await emulateMedia({ colorScheme: 'dark' });
    const chart = await chartPage();
    await waitFor(() => chart.dataset.resolvedTheme === 'dark', 'dark scheme');
    expect(background(chart)).to.equal(DARK_BACKGROUND);
    await emulateMedia({ colorScheme: 'light' });
    await waitFor(() => chart.dataset.resolvedTheme === 'light', 'light again');
    expect(background(chart)).to.equal(LIGHT_BACKGROUND);
  });

  it('theme="auto" follows a dark class or data-theme on <html>, and they win over the media query', async () => {
    await emulateMedia({ colorScheme: 'light' });
    const chart = await chartPage();
    expect(chart.dataset.resolvedTheme).to.equal('light');
    document.documentElement.classList.add('dark');
    await waitFor(() => chart.dataset.resolvedTheme === 'dark', 'class="dark"');
    expect(background(chart)).to.equal(DARK_BACKGROUND);
    document.documentElement.classList.remove('dark');
    await waitFor(() => chart.dataset.resolvedTheme === 'light', 'class removed');
    document.documentElement.dataset.theme = 'dark';
    await waitFor(() => chart.dataset.resolvedTheme === 'dark', 'data-theme="dark"');
    await emulateMedia({ colorScheme: 'dark' });
    document.documentElement.dataset.theme = 'light';
    await waitFor(() => chart.dataset.resolvedTheme === 'light', 'data-theme="light" over a dark scheme');
    // An explicit theme attribute is not affected.
    chart.setAttribute('theme', 'dark');
    await waitFor(() => chart.dataset.resolvedTheme === 'dark', 'theme="dark"');
  });

  it('the panel\'s theme="auto" follows the same switch on <html>', async () => {
    await emulateMedia({ colorScheme: 'light' });
    const main = mount(
      html`<main><chart-agent-panel session-store="memory" style="width:360px;height:400px"></chart-agent-panel></main>`,
    );
    const panel = main.querySelector('chart-agent-panel')!;
    await panel.updateComplete;
    const bg = () => getComputedStyle(panel).backgroundColor;
    expect(bg()).to.equal(LIGHT_BACKGROUND);
    document.documentElement.classList.add('dark');
    await waitFor(() => bg() === 'rgb(23, 24, 28)', 'dark panel');
    document.documentElement.classList.remove('dark');
    await emulateMedia({ colorScheme: 'dark' });
    await waitFor(() => bg() === 'rgb(23, 24, 28)', 'dark by the media query');
    document.documentElement.dataset.theme = 'light';
    await waitFor(() => bg() === LIGHT_BACKGROUND, 'data-theme="light" wins over a dark scheme');
  });

  it('::part() from the page reaches the palette, settings and picker inside the chart (exportparts)', async () => {
    pageStyle(`
      kline-chart::part(palette-search) { background-color: rgb(1, 2, 3); }
      kline-chart::part(settings-apply) { background-color: rgb(4, 5, 6); }
      kline-chart::part(settings-form-field) { border-left: 7px solid rgb(7, 8, 9); }
      kline-chart::part(indicator-option) { background-color: rgb(10, 11, 12); }`);
    const chart = await chartPage('light');
    await chart.openCommandPalette();
    const palette = chart.shadowRoot!.querySelector('kline-command-palette')!;
    const search = palette.shadowRoot!.querySelector('[part="search"]')!;
    expect(getComputedStyle(search).backgroundColor).to.equal('rgb(1, 2, 3)');
    (palette as HTMLElement & { close(): void }).close();
    await chart.openSettings();
    const settings = chart.shadowRoot!.querySelector('kline-settings-dialog')!;
    await waitFor(() => settings.shadowRoot!.querySelector('[part="apply"]') !== null, 'settings rendered');
    expect(getComputedStyle(settings.shadowRoot!.querySelector('[part="apply"]')!).backgroundColor).to.equal(
      'rgb(4, 5, 6)',
    );
    const form = settings.shadowRoot!.querySelector('kline-schema-form')!;
    await waitFor(() => form.shadowRoot?.querySelector('[part="field"]') != null, 'settings fields');
    expect(getComputedStyle(form.shadowRoot!.querySelector('[part="field"]')!).borderLeftWidth).to.equal('7px');
    const picker = chart.shadowRoot!.querySelector<IndicatorPicker>('kline-indicator-picker')!;
    picker.toggle(true);
    await picker.updateComplete;
    expect(getComputedStyle(picker.shadowRoot!.querySelector('[part="option"]')!).backgroundColor).to.equal(
      'rgb(10, 11, 12)',
    );
  });
});

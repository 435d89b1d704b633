import { expect } from '@open-wc/testing';
import { executeServerCommand } from '@web/test-runner-commands';
import { html } from 'lit';
import '../../../components/kline-chart/define.js';
import '../../../components/chart-agent-panel/define.js';
import type { IndicatorPicker } from '../../../components/indicator-picker/index.js';
import { waitFor } from '../helpers/chart-fixture.js';
import { scriptMock } from '../helpers/mock-model-client.js';
import { chartAndPanel, nextRunEnd, part, parts, typeAndSend, unmountAll } from '../panel/panel-fixture.js';
import { axeViolations } from './run-axe.js';

let mockUrl = '';
/** Each page's panel gets chats of its own (a panel of an earlier test may still hold its chat's lock). */
let pages = 0;

function luminance(rgb: string): number {
  const [r, g, b] = (rgb.match(/[\d.]+/g) ?? ['0', '0', '0']).slice(0, 3).map((v) => {
    const c = Number(v) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

function contrast(a: string, b: string): number {
  const [x, y] = [luminance(a), luminance(b)];
  return (Math.max(x, y) + 0.05) / (Math.min(x, y) + 0.05);
}

/** A chart with two comparisons and an indicator, a panel whose model asked a question (the card waits). */
async function everythingPage(theme: 'light' | 'dark', ask = true) {
  const { chart, panel } = await chartAndPanel(
    html`<chart-agent-panel for="c1" base-url=${mockUrl} session-store="memory" session-key=${`axe-${theme}-${++pages}`} theme=${theme} style="width:380px;height:560px"></chart-agent-panel>`,
  );
  // A page as a site would have it: one main landmark with a heading.
  const wrapper = chart.parentElement!;
  const main = document.createElement('main');
  main.innerHTML = '<h1>Everything open</h1>';
  wrapper.before(main);
  main.append(wrapper);
  // Moving the panel reconnects it: it reopens its chat before it takes a message.
  await waitFor(() => panel.connected && panel.canSend, 'panel ready again');
  chart.setAttribute('theme', theme);
  chart.setAttribute('indicators', 'MA(5,20),VOL');
  await chart.tools.execute('comparison_create', { symbol: 'NYSE:ACME' });
  await chart.tools.execute('comparison_create', { symbol: 'BTCUSDT' });
  if (!ask) {
    await chart.whenPainted();
    await chart.updateComplete;
    return { chart, panel, ended: Promise.resolve() };
  }
  await scriptMock(mockUrl.replace(/\/v1$/, ''), [
    {
      toolCalls: [
        {
          name: 'ask_user',
          arguments: JSON.stringify({
            question: 'ACME is listed on two exchanges. Which one do you mean?',
            options: [
              { label: 'NYSE:ACME', description: 'Acme Industries Inc.' },
              { label: 'XETRA:ACME', description: 'Acme Maschinenbau AG' },
            ],
          }),
        },
      ],
    },
    { text: 'Done.' },
  ]);
  const ended = nextRunEnd(panel);
  await typeAndSend(panel, 'Show ACME');
  await waitFor(() => parts(panel, 'question-option').length === 2, 'the question card', 20000);
  await chart.whenPainted();
  await chart.updateComplete;
  return { chart, panel, ended };
}

async function closeQuestion(panel: Parameters<typeof part>[0], ended: Promise<unknown>): Promise<void> {
  part<HTMLButtonElement>(panel, 'question-skip')!.click();
  await ended;
}

describe('axe-core with every surface open', function () {
  this.timeout(60000);
  before(async () => {
    document.title = 'Everything open';
    document.documentElement.lang = 'en';
    await import('openai');
    mockUrl = String(await executeServerCommand('mock-model-url'));
  });
  afterEach(async () => {
    unmountAll();
    await executeServerCommand('media-features', { features: [] });
  });

  for (const theme of ['light', 'dark'] as const) {
    it(`a question card, the indicator picker, then the palette, then the settings: no violations (${theme})`, async () => {
      const { chart, panel, ended } = await everythingPage(theme);
      const picker = chart.shadowRoot!.querySelector<IndicatorPicker>('kline-indicator-picker')!;
      picker.toggle(true);
      await picker.updateComplete;
      expect(await axeViolations(), 'question card and picker').to.deep.equal([]);
      await chart.openCommandPalette();
      expect(await axeViolations(), 'palette').to.deep.equal([]);
      (chart.shadowRoot!.querySelector('kline-command-palette') as HTMLElement & { close(): void }).close();
      await chart.openSettings();
      expect(await axeViolations(), 'settings').to.deep.equal([]);
      await closeQuestion(panel, ended);
    });

    it(`comparison lines and their legend values reach 4.5:1 against the background (${theme})`, async () => {
      const { chart } = await everythingPage(theme, false);
      const background = getComputedStyle(chart).backgroundColor;
      // The legend is a chunk of its own (components/kline-chart/comparison-legend.ts), shown once it is here.
      const legendSpans = () => chart.shadowRoot!.querySelectorAll<HTMLElement>('[data-testid="comparisons"] > span');
      await waitFor(() => legendSpans().length > 0, 'the comparisons legend');
      const spans = [...legendSpans()];
      expect(spans.length).to.equal(2);
      for (const span of spans) {
        const ratio = contrast(getComputedStyle(span).color, background);
        expect(ratio, `${span.textContent} on ${background}`).to.be.at.least(4.5);
      }
    });
  }

  it('prefers-contrast: more raises borders, secondary text and focus rings, and a question card stays axe clean', async () => {
    const { chart, panel, ended } = await everythingPage('light');
    const before = {
      border: getComputedStyle(chart).borderTopColor,
      focus: getComputedStyle(chart).getPropertyValue('--kline-focus-width').trim(),
      panelBorder: getComputedStyle(panel).borderTopColor,
    };
    await executeServerCommand('media-features', { features: [{ name: 'prefers-contrast', value: 'more' }] });
    await waitFor(() => matchMedia('(prefers-contrast: more)').matches, 'emulated prefers-contrast');
    const style = getComputedStyle(chart);
    const background = style.backgroundColor;
    expect(style.getPropertyValue('--kline-focus-width').trim()).to.equal('3px');
    expect(before.focus).to.equal('2px');
    expect(contrast(style.borderTopColor, background)).to.be.greaterThan(contrast(before.border, background));
    expect(contrast(style.borderTopColor, background), 'chart border').to.be.at.least(3);
    const panelStyle = getComputedStyle(panel);
    expect(panelStyle.borderTopColor).to.not.equal(before.panelBorder);
    await chart.whenPainted();
    // Toolbar and drawing bar buttons show their edges, as dark as the chart's border (wide enough for the
    // period buttons and the drawing bar to be shown).
    chart.style.width = '1000px';
    chart.style.flex = 'none';
    const root = chart.shadowRoot!;
    const button = (selector: string) => root.querySelector<HTMLElement>(selector);
    await waitFor(
      () => button('.toolbar button[data-period]') !== null && button('.drawing-toolbar button') !== null,
      'the period buttons and the drawing bar',
    );
    for (const selector of [
      '.toolbar button[data-period][aria-pressed="false"]',
      '.drawing-toolbar button[aria-pressed="false"]',
    ])
      expect(getComputedStyle(button(selector)!).borderTopColor, selector).to.equal(style.borderTopColor);
    // The current drawing tool keeps its own edge (its colour).
    const current = getComputedStyle(button('.drawing-toolbar button[aria-pressed="true"]')!).borderTopColor;
    expect(current, 'the current drawing tool').to.not.equal(style.borderTopColor);
    expect(parts(panel, 'question-option')).to.have.length(2);
    expect(await axeViolations()).to.deep.equal([]);
    await closeQuestion(panel, ended);
  });
});

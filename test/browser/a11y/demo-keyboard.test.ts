import { coreOf } from '../../../components/kline-chart/core-of.js';
import { expect } from '@open-wc/testing';
import { sendKeys, setViewport } from '@web/test-runner-commands';
import '../../../components/kline-chart/define.js';
import '../../../components/chart-agent-panel/define.js';
import type { CommandPalette } from '../../../components/command-palette/index.js';
import { waitFor } from '../helpers/chart-fixture.js';
import { mountDemo } from '../helpers/demo-page.js';
import { arrowToBarTool } from '../helpers/bar-tool.js';
import { deepActive } from '../helpers/keyboard.js';

function describeFocus(): string {
  const el = deepActive();
  if (!el) return 'none';
  const part = el.getAttribute('part');
  return `${el.localName}${part ? `[part=${part}]` : ''}${el.id ? `#${el.id}` : ''} "${(el.textContent ?? '').trim().slice(0, 30)}"`;
}

/**
 * Samples `document.activeElement` every frame while on, and after every key: focus must never
 * fall to `<body>` (or nowhere) between two steps of the walk.
 */
class FocusWatch {
  lost: string[] = [];
  #on = false;
  #last = '';
  start(): void {
    this.#on = true;
    const tick = () => {
      if (!this.#on) return;
      this.check();
      requestAnimationFrame(tick);
    };
    requestAnimationFrame(tick);
  }
  stop(): void {
    this.#on = false;
  }
  check(): void {
    const body = document.activeElement === document.body || document.activeElement === null;
    if (body) this.lost.push(`focus on <body> after ${this.#last}`);
    else this.#last = describeFocus();
  }
}

const watch = new FocusWatch();

async function press(key: string, times = 1): Promise<void> {
  for (let i = 0; i < times; i++) {
    await sendKeys({ press: key });
    watch.check();
  }
}

async function chord(modifier: string, key: string): Promise<void> {
  await sendKeys({ down: modifier });
  await press(key);
  await sendKeys({ up: modifier });
}

/** Focus goes back to the very start of the page, as after a page load. */
function focusPageStart(): void {
  (document.activeElement as HTMLElement | null)?.blur();
  document.body.tabIndex = -1;
  document.body.focus();
  document.body.removeAttribute('tabindex');
}

let demo: HTMLElement | undefined;

describe('the demo page by keyboard alone', () => {
  // Wide enough for the chart's whole toolbar in one row (narrower, its tools fold into "More").
  before(() => setViewport({ width: 1800, height: 900 }));
  after(async () => {
    demo?.remove();
    await setViewport({ width: 800, height: 600 });
  });

  it('reaches the assistant in ≤ 6 Tabs, adds an indicator, places a horizontal line, opens and closes the palette and the shortcut list; focus never falls to <body>', async () => {
    const { root, chart, panel } = await mountDemo();
    demo = root;

    // 1. From the page start to the assistant's input: a skip link.
    focusPageStart();
    let tabs = 0;
    while (!deepActive()?.matches('a.skip-link[href="#assistant"]') && tabs < 10) {
      await press('Tab');
      tabs++;
    }
    const skip = deepActive() as HTMLAnchorElement;
    expect(skip.textContent).to.equal('Skip to assistant');
    const rect = skip.getBoundingClientRect();
    expect(rect.top >= 0 && rect.height > 0, 'the skip link is visible while focused').to.equal(true);
    await press('Enter');
    await waitFor(() => deepActive()?.matches('textarea') ?? false, `panel input focused (${describeFocus()})`);
    expect(deepActive()!.getRootNode()).to.have.property('host', panel);
    expect(tabs).to.be.at.most(6, 'Tabs from the page start to the panel input');

    // 2. The chart: "Skip to chart", then the toolbar.
    focusPageStart();
    await press('Tab');
    expect(deepActive()?.textContent).to.equal('Skip to chart');
    await press('Enter');
    await waitFor(() => deepActive() === chart, 'the chart plot focused');
    watch.start();

    // 3. Add an indicator through the picker; focus comes back to the picker's button.
    await press('Tab');
    let guard = 0;
    while (!deepActive()?.matches('button.toggle') && guard++ < 60) await press('ArrowRight');
    await press('Enter');
    await waitFor(() => deepActive()?.localName === 'input', 'picker search focused');
    await sendKeys({ type: 'ATR' });
    await press('Enter');
    await waitFor(
      () =>
        coreOf(chart)
          .store.peek('indicators')
          .some((i) => i.definitionId === 'ATR'),
      'ATR added',
    );
    await waitFor(() => deepActive()?.matches('button.toggle') ?? false, `focus back on the picker button`);

    // 4. Place a horizontal line: Tab to the drawing bar, Down to its tool (on the demo's chart, shorter than
    //    the flat bar, in the Lines group's flyout), Enter (the plot takes focus), a bar, Enter.
    await press('Tab');
    expect(
      deepActive()?.closest('[part="drawing-toolbar"]'),
      'Tab from the toolbar reaches the drawing bar',
    ).to.not.equal(null);
    await arrowToBarTool('horizontal_line');
    await press('Enter');
    await waitFor(() => deepActive() === chart, 'plot focused for placing');
    await press('ArrowLeft', 2);
    await press('Enter');
    await waitFor(
      () =>
        coreOf(chart)
          .drawings.current()
          .some((d) => d.kind === 'horizontal_line'),
      'horizontal line placed',
    );
    await press('Escape');

    // 5. The command palette opens and closes; focus is back on the plot.
    await chord('Control', 'KeyK');
    const palette = chart.shadowRoot!.querySelector<CommandPalette>('kline-command-palette')!;
    await waitFor(() => palette.isOpen, 'palette open');
    expect(deepActive()?.localName).to.equal('input');
    await press('Escape');
    await waitFor(() => !palette.isOpen, 'palette closed');
    await waitFor(() => deepActive() === chart, `focus back on the plot (${describeFocus()})`);

    // 6. `?` lists the shortcuts in a dialog; Escape closes it and focus returns.
    await press('?');
    // The list is a lazy chunk: it arrives on the first `?`.
    const shortcuts = () => chart.shadowRoot!.querySelector<HTMLDialogElement>('dialog.shortcuts');
    await waitFor(() => shortcuts()?.open === true, 'shortcut list open');
    const dialog = shortcuts()!;
    expect(dialog.querySelectorAll('tr').length).to.be.greaterThan(8);
    expect(dialog.contains(deepActive())).to.equal(true, 'focus inside the dialog');
    await press('Escape');
    await waitFor(() => !dialog.open, 'shortcut list closed');
    await waitFor(() => deepActive() === chart, `focus back on the plot (${describeFocus()})`);

    // 7. Shift+Tab walks back out of the chart to the page's own controls, never to <body>.
    await chord('Shift', 'Tab');
    expect(chart.contains(deepActive()) || deepActive() === chart).to.equal(false);
    watch.stop();
    expect(watch.lost).to.deep.equal([]);
  });
});

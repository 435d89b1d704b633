import { expect } from '@open-wc/testing';
import { html } from 'lit';
import '../../../components/kline-chart/define.js';
import type { KlineChart } from '../../../components/kline-chart/kline-chart.js';
import { PERIODS } from '../../../src/core/data/index.js';
import { listDrawingKinds } from '../../../src/core/drawings/index.js';
import { waitFor } from '../helpers/chart-fixture.js';
import { deepActive, press } from '../helpers/keyboard.js';
import { mount, unmountAll } from '../panel/panel-fixture.js';

async function chartOf(width: number): Promise<KlineChart> {
  const main = mount(html`<main><kline-chart style=${`width:${width}px;height:420px`}></kline-chart></main>`);
  const chart = main.querySelector('kline-chart')!;
  await waitFor(() => chart.context.get() !== null, 'chart data');
  await chart.whenPainted();
  await chart.updateComplete;
  return chart;
}

/** Every action the full toolbar offers, by key. */
function allActions(): string[] {
  return [
    ...PERIODS.map((p) => `period:${p}`),
    'compare',
    'undo',
    'redo',
    'indicators',
    'tool:select',
    'tool:range-select',
    ...listDrawingKinds().map((k) => `tool:${k.id}`),
    'tool:magnet',
    'tool:copy',
    'tool:delete',
    'palette',
    'settings',
    'shortcuts',
    'data-table',
  ];
}

/** The action of a toolbar control, by its part and data attributes. */
function toolbarAction(el: HTMLElement): string | null {
  const part = el.getAttribute('part') ?? '';
  if (part === 'period-button') return `period:${el.dataset.period}`;
  if (part === 'drawing-tool') return `tool:${el.dataset.tool}`;
  if (el.localName === 'kline-indicator-picker') return 'indicators';
  const m = /^(compare|undo|redo|palette|settings|shortcuts|data-table)-button$/.exec(part);
  return m ? m[1] : null;
}

/** Actions shown in the toolbar's row: controls whose box is inside the toolbar. */
function shownInRow(chart: KlineChart): Set<string> {
  const toolbar = chart.shadowRoot!.querySelector<HTMLElement>('[part="toolbar"]')!;
  const box = toolbar.getBoundingClientRect();
  const shown = new Set<string>();
  for (const el of toolbar.querySelectorAll<HTMLElement>('button, kline-indicator-picker')) {
    const action = toolbarAction(el);
    const r = el.getBoundingClientRect();
    if (action && r.width > 0 && r.left >= box.left - 0.5 && r.right <= box.right + 0.5) shown.add(action);
  }
  return shown;
}

describe('the toolbar between 480 and 800 px', function () {
  this.timeout(30000);
  afterEach(() => unmountAll());

  for (const width of [480, 640, 800]) {
    it(`at ${width} px is one row, and what does not fit is in the "More" menu`, async () => {
      const chart = await chartOf(width);
      const root = chart.shadowRoot!;
      const toolbar = root.querySelector<HTMLElement>('[part="toolbar"]')!;
      const symbol = root.querySelector<HTMLElement>('[part="symbol-button"]')!.getBoundingClientRect();
      const rect = toolbar.getBoundingClientRect();
      expect(rect.height, 'one row: the toolbar is as tall as a button and its padding').to.be.at.most(
        symbol.height + 10,
      );
      expect(rect.width, 'within the chart').to.be.at.most(width);
      for (const el of toolbar.querySelectorAll<HTMLElement>('button')) {
        const r = el.getBoundingClientRect();
        if (r.width === 0) continue;
        expect(r.top, `${el.getAttribute('part')} on the row`).to.be.at.least(rect.top - 0.5);
        expect(r.bottom, `${el.getAttribute('part')} on the row`).to.be.at.most(rect.bottom + 0.5);
      }
      const reachable = shownInRow(chart);
      const missing = allActions().filter((a) => !reachable.has(a));
      if (missing.length) {
        // The rest is behind the "More" menu button.
        const more = root.querySelector<HTMLElement>('[part="more-button"]')!;
        expect(more, `a "More" button for ${missing.join(', ')}`).to.not.equal(null);
        expect(more.getAttribute('aria-haspopup')).to.equal('menu');
        expect(more.getAttribute('aria-expanded')).to.equal('false');
        more.click();
        await waitFor(() => root.querySelector('[part="more-menu"] [data-action]') !== null, 'the menu');
        expect(more.getAttribute('aria-expanded')).to.equal('true');
        for (const item of root.querySelectorAll<HTMLElement>('[part="more-menu"] [data-action]'))
          reachable.add(item.dataset.action!);
        more.click();
        await waitFor(() => root.querySelector('[part="more-menu"]') === null, 'the menu closed');
      }
      expect(
        allActions().filter((a) => !reachable.has(a)),
        'actions in neither the row nor the menu',
      ).to.deep.equal([]);
    });
  }

  it('at 800 px the menu is reached and driven by keyboard: Down opens, arrows move, Escape closes', async () => {
    const chart = await chartOf(800);
    const root = chart.shadowRoot!;
    chart.focus();
    await press('Tab'); // the toolbar (one tab stop)
    await press('End');
    const more = root.querySelector<HTMLElement>('[part="more-button"]')!;
    expect(deepActive()).to.equal(more);
    await press('ArrowDown');
    await waitFor(() => deepActive()?.getAttribute('role')?.startsWith('menuitem') === true, 'the first item');
    const first = deepActive();
    await press('ArrowDown');
    expect(deepActive()).to.not.equal(first);
    expect(deepActive()?.getAttribute('role')).to.match(/^menuitem/);
    await press('Escape');
    await waitFor(() => root.querySelector('[part="more-menu"]') === null, 'menu closed');
    expect(deepActive()).to.equal(more);
    expect(more.getAttribute('aria-expanded')).to.equal('false');
  });

  it('at 1400 px everything is in the row and there is no "More" button', async () => {
    const chart = await chartOf(1400);
    const root = chart.shadowRoot!;
    expect(root.querySelector('[part="more-button"]')).to.equal(null);
    expect(allActions().filter((a) => !shownInRow(chart).has(a))).to.deep.equal([]);
  });
});

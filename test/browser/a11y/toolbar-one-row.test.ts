import { expect } from '@open-wc/testing';
import { html } from 'lit';
import '../../../components/kline-chart/define.js';
import type { KlineChart } from '../../../components/kline-chart/kline-chart.js';
import { PERIODS } from '../../../src/core/data/index.js';
import { listDrawingKinds } from '../../../src/core/drawings/index.js';
import { drawingGroups } from '../../../components/drawing-toolbar/drawing-groups.js';
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
    'save-image',
    'copy-image',
    'fullscreen',
  ];
}

/** The action of a toolbar control, by its part and data attributes. */
function toolbarAction(el: HTMLElement): string | null {
  const part = el.getAttribute('part') ?? '';
  if (part === 'period-button') return `period:${el.dataset.period}`;
  if (part === 'drawing-tool') return `tool:${el.dataset.tool}`;
  if (el.localName === 'kline-indicator-picker') return 'indicators';
  const m = /^(compare|undo|redo|palette|settings|shortcuts|data-table|save-image|copy-image|fullscreen)-button$/.exec(
    part,
  );
  return m ? m[1] : null;
}

/**
 * Actions shown in the toolbar's row (controls whose box is inside the toolbar) and in the drawing bar
 * beside the plot (one column; on a chart shorter than the flat bar its kinds are in groups, each group's
 * button reaching its kinds through a flyout).
 */
function shownInRow(chart: KlineChart): Set<string> {
  const root = chart.shadowRoot!;
  const toolbar = root.querySelector<HTMLElement>('[part="toolbar"]')!;
  const box = toolbar.getBoundingClientRect();
  const shown = new Set<string>();
  for (const el of toolbar.querySelectorAll<HTMLElement>('button, kline-indicator-picker')) {
    const action = toolbarAction(el);
    const r = el.getBoundingClientRect();
    if (action && r.width > 0 && r.left >= box.left - 0.5 && r.right <= box.right + 0.5) shown.add(action);
  }
  const bar = root.querySelector<HTMLElement>('[part="drawing-toolbar"]');
  if (bar) {
    const panes = root.querySelector<HTMLElement>('[part="panes"]')!.getBoundingClientRect();
    const column = bar.getBoundingClientRect();
    expect(column.right, 'the drawing bar is left of the plot').to.be.at.most(panes.left + 0.5);
    for (const el of bar.querySelectorAll<HTMLElement>('[part="drawing-tool"]')) {
      const r = el.getBoundingClientRect();
      expect(r.left, `${el.dataset.tool} in the bar's one column`).to.be.within(column.left, column.left + 6);
      shown.add(`tool:${el.dataset.tool}`);
      const group = drawingGroups(listDrawingKinds().map((k) => k.id)).find((g) => g.id === el.dataset.group);
      for (const kind of group?.kinds ?? []) shown.add(`tool:${kind}`);
    }
    expect(bar.scrollHeight, 'the bar does not scroll').to.be.at.most(bar.clientHeight);
  }
  return shown;
}

describe('the toolbar row and the drawing bar', function () {
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

  it('at 640 px the menu is reached and driven by keyboard: Down opens, arrows move, Escape closes', async () => {
    const chart = await chartOf(640);
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

  it('at 1000 px everything is in the row or the drawing bar and there is no "More" button', async () => {
    const chart = await chartOf(1000);
    const root = chart.shadowRoot!;
    expect(root.querySelector('[part="more-button"]')).to.equal(null);
    expect(allActions().filter((a) => !shownInRow(chart).has(a))).to.deep.equal([]);
    const bar = root.querySelector<HTMLElement>('[part="drawing-toolbar"]')!;
    expect(bar.getAttribute('role')).to.equal('toolbar');
    expect(bar.getAttribute('aria-orientation')).to.equal('vertical');
  });

  it('a chart made narrower (1,000 to 640 px) folds its row again: one row, and a "More" button', async () => {
    const chart = await chartOf(1000);
    const root = chart.shadowRoot!;
    expect(root.querySelector('[part="more-button"]')).to.equal(null);
    chart.style.width = '640px';
    await waitFor(() => root.querySelector('[part="more-button"]') !== null, 'a "More" button');
    const toolbar = root.querySelector<HTMLElement>('[part="toolbar"]')!;
    await waitFor(() => toolbar.scrollWidth <= toolbar.clientWidth + 1, 'the row fits its width');
    expect(allActions().filter((a) => !shownInRow(chart).has(a)).length, 'some actions in the menu').to.be.greaterThan(
      0,
    );
  });

  it('below 480 px there is no drawing bar: the drawing tools are in the "More" menu', async () => {
    const chart = await chartOf(400);
    const root = chart.shadowRoot!;
    expect(root.querySelector('[part="drawing-toolbar"]')).to.equal(null);
    const panes = root.querySelector<HTMLElement>('[part="panes"]')!.getBoundingClientRect();
    expect(panes.left - chart.getBoundingClientRect().left, 'the plot starts at the left edge').to.be.below(2);
    root.querySelector<HTMLElement>('[part="more-button"]')!.click();
    await waitFor(() => root.querySelector('[part="more-menu"] [data-action]') !== null, 'the menu');
    const items = [...root.querySelectorAll<HTMLElement>('[part="more-menu"] [data-action]')].map(
      (i) => i.dataset.action,
    );
    expect(items).to.include.members(['tool:select', 'tool:trend_line', 'tool:magnet', 'tool:delete']);
  });

  it('the drawing bar is one Tab stop; Up and Down move between its tools', async () => {
    const chart = await chartOf(1000);
    const root = chart.shadowRoot!;
    const tools = [...root.querySelectorAll<HTMLElement>('[part="drawing-toolbar"] [part="drawing-tool"]')];
    expect(tools.filter((t) => t.tabIndex === 0).length, 'one tab stop').to.equal(1);
    tools[0].focus();
    await press('ArrowDown');
    expect(deepActive()).to.equal(tools[1]);
    await press('ArrowUp');
    await press('ArrowUp');
    const enabled = tools.filter((t) => !(t as HTMLButtonElement).disabled);
    expect(deepActive(), 'Up from the first wraps to the last enabled tool').to.equal(enabled.at(-1));
    await press('Home');
    expect(deepActive()).to.equal(tools[0]);
  });
});

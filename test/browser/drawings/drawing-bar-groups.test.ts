import { expect } from '@open-wc/testing';
import { resetMouse, sendMouse, setViewport } from '@web/test-runner-commands';
import { html } from 'lit';
import '../../../components/kline-chart/define.js';
import type { KlineChart } from '../../../components/kline-chart/kline-chart.js';
import { coreOf } from '../../../components/kline-chart/core-of.js';
import { DRAWING_KINDS, registerDrawingKind, type DrawingKindDefinition } from '../../../src/core/drawings/index.js';
import { inputReady, waitFor } from '../helpers/chart-fixture.js';
import { deepActive, press } from '../helpers/keyboard.js';
import { mount, unmountAll } from '../panel/panel-fixture.js';
import { axeViolations } from '../a11y/run-axe.js';

type Point = [number, number];
const centre = (el: Element): Point => {
  const r = el.getBoundingClientRect();
  return [Math.round(r.left + r.width / 2), Math.round(r.top + r.height / 2)];
};
const click = (position: Point) => sendMouse({ type: 'click', position });

async function shortChart(dir: 'ltr' | 'rtl' = 'ltr'): Promise<KlineChart> {
  const main = mount(
    html`<main dir=${dir}><h1>Drawing groups</h1><kline-chart style="width:1000px;height:360px"></kline-chart></main>`,
  );
  const chart = main.querySelector('kline-chart')!;
  await waitFor(() => chart.context.get() !== null, 'chart data');
  await chart.whenPainted();
  await inputReady(); // the plot's keys, touch gestures and separator drags (a chunk)
  await chart.updateComplete;
  await waitFor(() => bar(chart).querySelector('[data-group]') !== null, 'the bar folded into groups');
  return chart;
}

const bar = (chart: KlineChart) => chart.shadowRoot!.querySelector<HTMLElement>('[part="drawing-toolbar"]')!;
const group = (chart: KlineChart, id: string) =>
  chart.shadowRoot!.querySelector<HTMLButtonElement>(`button[data-group="${id}"]`)!;
const flyout = (chart: KlineChart) => chart.shadowRoot!.querySelector<HTMLElement>('[part="drawing-group-menu"]');
const chevron = (chart: KlineChart, id: string) => group(chart, id).parentElement!.querySelector('.chevron')!;

/** Two real mouse clicks on the plot, at bars `n - 30` and `n - 10`, just above their highs. */
async function placeTwoPoints(chart: KlineChart): Promise<void> {
  const panes = chart.shadowRoot!.querySelector('[part="panes"]')!.getBoundingClientRect();
  const y = Math.round(panes.top + panes.height * 0.4);
  await click([Math.round(panes.left + panes.width * 0.3), y]);
  await click([Math.round(panes.left + panes.width * 0.6), y - 30]);
  await waitFor(() => coreOf(chart).drawings.current().length === 1, 'a drawing placed with two clicks');
}

/**
 * A chart too short for the flat drawing bar (about 690 px of buttons) folds its kinds into groups, as
 * TradingView does: one button per group showing its last-used kind, and a flyout menu of the group's
 * kinds (chevron, long press or ArrowRight). A taller chart gets the flat bar back.
 */
describe('the drawing bar on a short chart', function () {
  this.timeout(60000);
  before(async () => {
    document.title = 'Drawing groups';
    document.documentElement.lang = 'en';
    await setViewport({ width: 1200, height: 800 });
  });
  afterEach(async () => {
    unmountAll();
    await resetMouse();
  });
  after(() => setViewport({ width: 800, height: 600 }));

  it('shows every tool without scrolling: each group button inside the bar, every kind in a group', async () => {
    const chart = await shortChart();
    const b = bar(chart);
    expect(b.scrollHeight, 'the bar does not scroll').to.be.at.most(b.clientHeight);
    const box = b.getBoundingClientRect();
    const buttons = [...b.querySelectorAll<HTMLElement>('button')];
    for (const button of buttons) {
      const r = button.getBoundingClientRect();
      expect(r.top, button.dataset.tool).to.be.at.least(box.top);
      expect(r.bottom, button.dataset.tool).to.be.at.most(box.bottom + 0.5);
    }
    const groups = buttons.filter((x) => x.dataset.group).map((x) => x.dataset.group);
    expect(groups).to.deep.equal(['lines', 'shapes', 'measure', 'text']);
    expect(buttons.map((x) => x.dataset.tool)).to.include.members([
      'select',
      'range-select',
      'magnet',
      'copy',
      'delete',
    ]);
    // Every kind is in one group's flyout (a one-kind group is its button).
    const reachable: string[] = [group(chart, 'text').dataset.tool!];
    for (const id of ['lines', 'shapes', 'measure']) {
      await click(centre(chevron(chart, id)));
      await waitFor(() => flyout(chart)?.dataset.group === id, `the ${id} flyout`);
      reachable.push(
        ...[...flyout(chart)!.querySelectorAll<HTMLElement>('[role=menuitemradio]')].map((i) => i.dataset.tool!),
      );
    }
    expect([...reachable].sort()).to.deep.equal([...DRAWING_KINDS].sort());
  });

  it('by mouse: the chevron opens Lines, Ray arms the ray tool, the group shows Ray, two clicks place a ray', async () => {
    const chart = await shortChart();
    const lines = group(chart, 'lines');
    expect(lines.dataset.tool).to.equal('trend_line');
    expect(lines.getAttribute('aria-haspopup')).to.equal('menu');
    expect(lines.getAttribute('aria-expanded')).to.equal('false');
    await click(centre(chevron(chart, 'lines')));
    await waitFor(() => flyout(chart) !== null, 'the flyout');
    const menu = flyout(chart)!;
    expect(menu.getAttribute('role')).to.equal('menu');
    expect(lines.getAttribute('aria-expanded')).to.equal('true');
    // Beside the bar, over the plot, not clipped by the bar.
    expect(menu.getBoundingClientRect().left).to.be.at.least(bar(chart).getBoundingClientRect().right);
    // A press outside closes it.
    const panes = chart.shadowRoot!.querySelector('[part="panes"]')!.getBoundingClientRect();
    await click([Math.round(panes.right - 100), Math.round(panes.bottom - 40)]);
    await waitFor(() => flyout(chart) === null, 'closed by a click outside');
    expect(coreOf(chart).drawings.current()).to.have.length(0, 'the closing click drew nothing');

    await click(centre(chevron(chart, 'lines')));
    await waitFor(() => flyout(chart) !== null, 'the flyout again');
    await click(centre(flyout(chart)!.querySelector('[data-tool="ray"]')!));
    await waitFor(() => flyout(chart) === null, 'the flyout closes on a choice');
    await chart.updateComplete;
    expect(group(chart, 'lines').dataset.tool).to.equal('ray');
    expect(group(chart, 'lines').getAttribute('aria-label')).to.equal('Ray');
    expect(group(chart, 'lines').getAttribute('aria-pressed')).to.equal('true');
    await placeTwoPoints(chart);
    expect(coreOf(chart).drawings.current()[0].kind).to.equal('ray');
    await chart.updateComplete;
    // The group keeps showing the last-used kind once the tool is back to select.
    expect(group(chart, 'lines').dataset.tool).to.equal('ray');
    expect(group(chart, 'lines').getAttribute('aria-pressed')).to.equal('false');
  });

  it('by keyboard: ArrowRight opens the flyout, arrows and Enter choose Ray; Escape closes it and focus returns', async () => {
    const chart = await shortChart();
    bar(chart).querySelector<HTMLElement>('[data-tool="select"]')!.focus();
    let guard = 0;
    while (deepActive()?.getAttribute('data-group') !== 'lines' && guard++ < 10) await press('ArrowDown');
    await press('ArrowRight');
    await waitFor(() => flyout(chart) !== null, 'the flyout');
    await waitFor(() => deepActive()?.getAttribute('role') === 'menuitemradio', 'focus in the flyout');
    expect(deepActive()?.getAttribute('data-tool')).to.equal('trend_line');
    expect(deepActive()?.getAttribute('aria-checked')).to.equal('true');
    await press('Escape');
    await waitFor(() => flyout(chart) === null, 'Escape closes it');
    expect(deepActive()).to.equal(group(chart, 'lines'), 'focus back on the group button');
    expect(coreOf(chart).drawings.current()).to.have.length(0);

    await press('ArrowRight');
    await waitFor(() => deepActive()?.getAttribute('role') === 'menuitemradio', 'focus in the flyout again');
    await press('ArrowDown');
    expect(deepActive()?.getAttribute('data-tool')).to.equal('ray');
    await press('Enter');
    await waitFor(() => flyout(chart) === null, 'the flyout closes on a choice');
    await chart.updateComplete;
    expect(group(chart, 'lines').dataset.tool).to.equal('ray');
    expect(group(chart, 'lines').getAttribute('aria-pressed')).to.equal('true');
    await placeTwoPoints(chart);
    expect(coreOf(chart).drawings.current()[0].kind).to.equal('ray');
  });

  it('a long press opens the flyout without choosing the shown kind', async () => {
    const chart = await shortChart();
    const [x, y] = centre(group(chart, 'measure'));
    await sendMouse({ type: 'move', position: [x, y] });
    await sendMouse({ type: 'down' });
    await waitFor(() => flyout(chart)?.dataset.group === 'measure', 'the flyout after a long press');
    // A touch long press also asks for the browser's context menu (copy image, select): not over the flyout.
    const menu = new MouseEvent('contextmenu', { bubbles: true, composed: true, cancelable: true });
    group(chart, 'measure').dispatchEvent(menu);
    expect(menu.defaultPrevented, 'no browser context menu').to.equal(true);
    await sendMouse({ type: 'up' });
    await chart.updateComplete;
    expect(flyout(chart), 'still open after the release').to.not.equal(null);
    expect(group(chart, 'measure').getAttribute('aria-pressed')).to.equal('false');
  });

  it('has no axe violations with a flyout open', async () => {
    const chart = await shortChart();
    await click(centre(chevron(chart, 'shapes')));
    await waitFor(() => flyout(chart)?.querySelector('[role=menuitemradio]') != null, 'the flyout');
    expect(await axeViolations()).to.deep.equal([]);
  });

  it("keeps a page's own drawing kinds reachable in an Other group", async () => {
    const kind = (id: string, label: string): DrawingKindDefinition => ({
      id,
      anchors: 1,
      label,
      description: `${label}, a page's own kind`,
      geometry: () => [],
    });
    const offs = [registerDrawingKind(kind('page_star', 'Star')), registerDrawingKind(kind('page_flag', 'Flag'))];
    try {
      const chart = await shortChart();
      const b = bar(chart);
      expect(b.scrollHeight, 'the bar does not scroll').to.be.at.most(b.clientHeight);
      expect(group(chart, 'other').dataset.tool).to.equal('page_star');
      await click(centre(chevron(chart, 'other')));
      await waitFor(() => flyout(chart)?.dataset.group === 'other', 'the Other flyout');
      const items = [...flyout(chart)!.querySelectorAll<HTMLElement>('[role=menuitemradio]')];
      expect(items.map((i) => i.textContent.trim())).to.deep.equal(['Star', 'Flag']);
      await click(centre(items[1]));
      await waitFor(() => group(chart, 'other').dataset.tool === 'page_flag', 'the group shows Flag');
      expect(group(chart, 'other').getAttribute('aria-pressed')).to.equal('true');
    } finally {
      for (const off of offs) off();
    }
  });

  it('unfolds into the flat bar when the chart grows taller, and folds again when it shrinks', async () => {
    const chart = await shortChart();
    chart.style.height = '800px';
    await waitFor(() => bar(chart).querySelector('[data-group]') === null, 'the flat bar');
    const tools = [...bar(chart).querySelectorAll<HTMLElement>('button')].map((x) => x.dataset.tool);
    expect(tools).to.deep.equal(['select', 'range-select', ...DRAWING_KINDS, 'magnet', 'copy', 'delete']);
    chart.style.height = '360px';
    await waitFor(() => bar(chart).querySelector('[data-group]') !== null, 'groups again');
    expect(bar(chart).scrollHeight).to.be.at.most(bar(chart).clientHeight);
  });

  it('an RTL page still has the folded bar left of the plot, the flyout opening over the plot', async () => {
    const chart = await shortChart('rtl');
    const panes = chart.shadowRoot!.querySelector('[part="panes"]')!.getBoundingClientRect();
    expect(bar(chart).getBoundingClientRect().right).to.be.at.most(panes.left + 0.5);
    await click(centre(chevron(chart, 'lines')));
    await waitFor(() => flyout(chart) !== null, 'the flyout');
    const r = flyout(chart)!.getBoundingClientRect();
    expect(r.left).to.be.at.least(panes.left);
    expect(r.right).to.be.at.most(panes.right);
  });
});

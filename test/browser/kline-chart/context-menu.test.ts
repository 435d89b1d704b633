import { expect } from '@open-wc/testing';
import { html } from 'lit';
import { resetMouse, sendKeys, sendMouse } from '@web/test-runner-commands';
import type { KlineChart } from '../../../components/kline-chart/kline-chart.js';
import type { PrimitiveScales } from '../../../components/kline-chart/chart-primitive.js';
import { coreOf } from '../../../components/kline-chart/core-of.js';
import { priceScales, readyChart, waitFor } from '../helpers/chart-fixture.js';
import { deepActive } from '../helpers/keyboard.js';
import { clickOn, item, menu, rightClick } from '../helpers/context-menu.js';
import { axeViolations } from '../a11y/run-axe.js';

type Point = [number, number];
interface ListedDrawing {
  id: string;
  kind: string;
  points: { time: number; price: number }[];
}

function over(chart: KlineChart): DOMRect {
  return chart.shadowRoot!.querySelector<HTMLElement>('.pane[data-pane-id="price"] .u-over')!.getBoundingClientRect();
}

/** Viewport px `fx` across and `fy` down the price plot. */
function plotPoint(chart: KlineChart, fx: number, fy: number): Point {
  const r = over(chart);
  return [Math.round(r.left + r.width * fx), Math.round(r.top + r.height * fy)];
}

/** The price the price axis has at viewport y. */
function priceAtY(chart: KlineChart, s: PrimitiveScales, clientY: number): number {
  return s.yToPrice(s.plot.top + (clientY - over(chart).top) * s.pixelRatio);
}

function precisionOf(chart: KlineChart): number {
  return coreOf(chart).store.peek('series')!.instrument.pricePrecision ?? 2;
}

function lastClose(chart: KlineChart): number {
  const bars = coreOf(chart).store.peek('series')!.bars;
  return bars.close[bars.length - 1];
}

async function drawings(chart: KlineChart): Promise<{ drawings: ListedDrawing[]; selectedIds: string[] }> {
  const r = await chart.tools.execute('drawings_list', {});
  return r.data as { drawings: ListedDrawing[]; selectedIds: string[] };
}

async function hline(chart: KlineChart, price: number): Promise<string> {
  const to = chart.context.get()!.dataRange.to;
  const r = await chart.tools.execute('drawing_create', { kind: 'horizontal_line', points: [{ time: to, price }] });
  expect(r.success, JSON.stringify(r)).to.equal(true);
  return (r.data as { id: string }).id;
}

describe('the chart’s context menu (right click on the plot)', function () {
  this.timeout(40000);
  let chart: KlineChart;
  const prevented: boolean[] = [];
  const record = (e: Event) => prevented.push(e.defaultPrevented);

  beforeEach(async () => {
    prevented.length = 0;
    window.addEventListener('contextmenu', record);
    chart = await readyChart(html`<kline-chart style="width:800px;height:500px" indicators="VOL,MACD"></kline-chart>`);
  });

  afterEach(async () => {
    window.removeEventListener('contextmenu', record);
    await resetMouse();
  });

  it('opens at the pointer instead of the browser’s menu, inside the chart, and flips near the edges', async () => {
    const at = plotPoint(chart, 0.3, 0.3);
    const m = await rightClick(chart, at);
    expect(prevented, 'the browser’s menu is prevented').to.deep.equal([true]);
    expect(m.getAttribute('role')).to.equal('menu');
    const box = m.getBoundingClientRect();
    expect(Math.abs(box.left - at[0])).to.be.lessThan(2);
    expect(Math.abs(box.top - at[1])).to.be.lessThan(2);
    expect(deepActive()?.getAttribute('role')).to.equal('menuitem');
    // Near the bottom-right corner it opens to the left and upwards, inside the chart.
    await sendKeys({ press: 'Escape' });
    const corner = plotPoint(chart, 0.98, 0.95);
    const flipped = (await rightClick(chart, corner)).getBoundingClientRect();
    const host = chart.getBoundingClientRect();
    expect(flipped.right).to.be.at.most(corner[0] + 1);
    expect(flipped.right).to.be.at.most(host.right);
    expect(flipped.bottom).to.be.at.most(host.bottom + 0.5);
    expect(flipped.top).to.be.at.least(host.top);
  });

  it('"Add horizontal line" draws one at the price clicked, one undo step', async () => {
    const s = await priceScales(chart);
    const at = plotPoint(chart, 0.5, 0.4);
    const expected = priceAtY(chart, s, at[1]);
    await rightClick(chart, at);
    const add = item(chart, 'add-line');
    const precision = precisionOf(chart);
    expect(add.textContent).to.contain(expected.toFixed(precision));
    await clickOn(add);
    await waitFor(() => !menu(chart), 'the menu closed');
    const list = await drawings(chart);
    expect(list.drawings.length).to.equal(1);
    expect(list.drawings[0].kind).to.equal('horizontal_line');
    // Within half a price step (the price is the instrument's precision) of the y clicked.
    expect(Math.abs(list.drawings[0].points[0].price - expected)).to.be.at.most(0.5 * 10 ** -precision + 1e-9);
    expect(deepActive()).to.equal(chart);
    chart.undo();
    expect((await drawings(chart)).drawings.length).to.equal(0);
  });

  it('"Copy price" writes the price under the pointer to the clipboard, and a refusal is no unhandled error', async () => {
    const s = await priceScales(chart);
    const written: string[] = [];
    let refuse = false;
    const clipboard = navigator.clipboard;
    const original = clipboard.writeText;
    // Captures the text (the page's own stub, this test only); the second time the browser says no.
    clipboard.writeText = (text: string) => {
      written.push(text);
      return refuse ? Promise.reject(new DOMException('denied', 'NotAllowedError')) : Promise.resolve();
    };
    const unhandled: unknown[] = [];
    const onUnhandled = (e: PromiseRejectionEvent) => {
      unhandled.push(e.reason);
      e.preventDefault();
    };
    window.addEventListener('unhandledrejection', onUnhandled);
    try {
      const at = plotPoint(chart, 0.5, 0.6);
      const precision = precisionOf(chart);
      const expected = priceAtY(chart, s, at[1]).toFixed(precision);
      await rightClick(chart, at);
      expect(item(chart, 'copy-price').textContent).to.contain(expected);
      await clickOn(item(chart, 'copy-price'));
      expect(written).to.deep.equal([expected]);
      refuse = true;
      await rightClick(chart, at);
      await clickOn(item(chart, 'copy-price'));
      await waitFor(() => !!chart.shadowRoot!.querySelector('.toast'), 'the notice');
      expect(chart.shadowRoot!.querySelector('.toast')!.textContent).to.match(/could not be copied/);
      await new Promise((r) => setTimeout(r, 50));
      expect(unhandled).to.deep.equal([]);
    } finally {
      clipboard.writeText = original;
      window.removeEventListener('unhandledrejection', onUnhandled);
    }
  });

  it('"Remove all drawings" removes them in one undo step, and is disabled without drawings', async () => {
    await rightClick(chart, plotPoint(chart, 0.5, 0.5));
    expect(item(chart, 'remove-drawings').getAttribute('aria-disabled')).to.equal('true');
    await sendKeys({ press: 'Escape' });
    const price = lastClose(chart);
    await hline(chart, price * 1.01);
    await hline(chart, price * 0.99);
    await chart.whenPainted();
    await rightClick(chart, plotPoint(chart, 0.05, 0.02));
    const remove = item(chart, 'remove-drawings');
    expect(remove.hasAttribute('aria-disabled')).to.equal(false);
    await clickOn(remove);
    await waitFor(() => !menu(chart), 'the menu closed');
    expect((await drawings(chart)).drawings.length).to.equal(0);
    chart.undo();
    expect((await drawings(chart)).drawings.length).to.equal(2);
  });

  it('"Remove all indicators" removes every study in one undo step', async () => {
    const ids = () => chart.context.get()!.activeIndicators.map((i) => i.instanceId);
    expect(ids().length).to.equal(2);
    await rightClick(chart, plotPoint(chart, 0.5, 0.5));
    await clickOn(item(chart, 'remove-indicators'));
    await waitFor(() => ids().length === 0, 'no indicators');
    chart.undo();
    expect(ids().length).to.equal(2);
  });

  it('a right click on a drawing selects it, and "Delete" removes only it', async () => {
    const price = lastClose(chart);
    const keep = await hline(chart, price * 0.97);
    const target = await hline(chart, price);
    await chart.whenPainted();
    const s = await priceScales(chart);
    const r = over(chart);
    const y = Math.round(r.top + (s.priceToY(price) - s.plot.top) / s.pixelRatio);
    await rightClick(chart, [Math.round(r.left + r.width * 0.4), y]);
    expect((await drawings(chart)).selectedIds).to.deep.equal([target]);
    expect(menu(chart)!.querySelector('[data-action="add-line"]')).to.equal(null);
    const del = item(chart, 'delete');
    expect(del.getAttribute('aria-keyshortcuts')).to.equal('Delete');
    await clickOn(del);
    const left = (await drawings(chart)).drawings.map((d) => d.id);
    expect(left).to.deep.equal([keep]);
  });

  it('Shift+F10 on the focused chart opens it; arrows move; Escape closes and focus returns to the chart', async () => {
    chart.focus();
    await sendKeys({ down: 'Shift' });
    await sendKeys({ press: 'F10' });
    await sendKeys({ up: 'Shift' });
    await waitFor(() => !!menu(chart)?.classList.contains('placed'), 'the context menu');
    const items = [...menu(chart)!.querySelectorAll<HTMLElement>('[role="menuitem"]:not([aria-disabled="true"])')];
    expect(deepActive()).to.equal(items[0]);
    await sendKeys({ press: 'ArrowDown' });
    expect(deepActive()).to.equal(items[1]);
    await sendKeys({ press: 'End' });
    expect(deepActive()).to.equal(items[items.length - 1]);
    await sendKeys({ press: 'Home' });
    expect(deepActive()).to.equal(items[0]);
    // At the plot's centre (no crosshair): the price items are there.
    expect(menu(chart)!.querySelector('[data-action="add-line"]')).to.not.equal(null);
    expect(await axeViolations(chart)).to.deep.equal([]);
    await sendKeys({ press: 'Escape' });
    await waitFor(() => !menu(chart), 'the menu closed');
    expect(deepActive()).to.equal(chart);
  });

  it('the ContextMenu key opens it too, once, and a scroll of the page closes it', async () => {
    chart.focus();
    await sendKeys({ press: 'ContextMenu' });
    await waitFor(() => !!menu(chart)?.classList.contains('placed'), 'the context menu');
    expect(chart.shadowRoot!.querySelectorAll('[part="context-menu"]').length).to.equal(1);
    expect(prevented.every((p) => p)).to.equal(true);
    const spacer = document.createElement('div');
    spacer.style.height = '3000px';
    document.body.append(spacer);
    try {
      window.scrollBy(0, 40);
      await waitFor(() => !menu(chart), 'the menu closed by the scroll');
    } finally {
      window.scrollTo(0, 0);
      spacer.remove();
    }
  });

  it('a finger’s contextmenu without a press on the plot keeps the browser’s behaviour and opens no menu', async () => {
    const [clientX, clientY] = plotPoint(chart, 0.5, 0.5);
    const target = chart.shadowRoot!.querySelector<HTMLElement>('.pane[data-pane-id="price"] .u-over')!;
    const e = new PointerEvent('contextmenu', {
      bubbles: true,
      composed: true,
      cancelable: true,
      pointerType: 'touch',
      clientX,
      clientY,
    });
    target.dispatchEvent(e);
    expect(e.defaultPrevented).to.equal(false);
    await new Promise((r) => setTimeout(r, 300));
    expect(menu(chart)).to.equal(null);
  });

  it('Shift+F10 with a drawing selected by keyboard (`]`) offers that drawing’s items', async () => {
    const id = await hline(chart, lastClose(chart));
    await chart.whenPainted();
    chart.focus();
    await sendKeys({ press: ']' });
    await waitFor(() => chart.context.get()!.drawingSelection.selectedIds.includes(id), 'the drawing selected');
    await sendKeys({ down: 'Shift' });
    await sendKeys({ press: 'F10' });
    await sendKeys({ up: 'Shift' });
    await waitFor(() => !!menu(chart)?.classList.contains('placed'), 'the context menu');
    await sendKeys({ press: 'End' });
    expect(deepActive()).to.equal(item(chart, 'delete'));
    await sendKeys({ press: 'Enter' });
    await waitFor(() => !menu(chart), 'the menu closed');
    expect((await drawings(chart)).drawings.length).to.equal(0);
    expect(deepActive()).to.equal(chart);
  });

  it('a press outside closes it', async () => {
    await rightClick(chart, plotPoint(chart, 0.5, 0.5));
    await sendMouse({ type: 'click', position: plotPoint(chart, 0.1, 0.9) });
    await waitFor(() => !menu(chart), 'the menu closed');
  });
});

describe('the context menu on a page scaled by CSS (transform: scale(0.6))', function () {
  this.timeout(40000);
  afterEach(() => resetMouse());

  it('opens at the pointer and "Add horizontal line" uses the price under it', async () => {
    const chart = await readyChart(
      html`<div style="transform:scale(0.6);transform-origin:0 0">
        <kline-chart style="width:800px;height:500px" indicators="VOL"></kline-chart>
      </div>`,
    );
    const s = await priceScales(chart);
    const at = plotPoint(chart, 0.5, 0.35);
    const r = over(chart);
    // The plot's CSS px are 0.6 viewport px: the price at the pointer's y, in the plot's own px.
    const expected = s.yToPrice(s.plot.top + ((at[1] - r.top) / 0.6) * s.pixelRatio);
    const m = await rightClick(chart, at);
    const box = m.getBoundingClientRect();
    expect(Math.abs(box.left - at[0])).to.be.lessThan(2);
    expect(Math.abs(box.top - at[1])).to.be.lessThan(2);
    await clickOn(item(chart, 'add-line'));
    await waitFor(() => !menu(chart), 'the menu closed');
    // The line is made through the drawing layer, whose chunk a new chart may still be fetching.
    let list = await drawings(chart);
    for (let tries = 0; tries < 100 && list.drawings.length === 0; tries++) {
      await new Promise((done) => setTimeout(done, 50));
      list = await drawings(chart);
    }
    expect(list.drawings.length).to.equal(1);
    const precision = precisionOf(chart);
    expect(Math.abs(list.drawings[0].points[0].price - expected)).to.be.at.most(0.5 * 10 ** -precision + 1e-9);
  });
});

describe('"Edit…" on a drawing', function () {
  this.timeout(40000);
  afterEach(() => resetMouse());

  it('selects it and moves focus into its style editor', async () => {
    const chart = await readyChart();
    const price = lastClose(chart);
    const id = await hline(chart, price);
    await chart.whenPainted();
    const s = await priceScales(chart);
    const r = over(chart);
    const y = Math.round(r.top + (s.priceToY(price) - s.plot.top) / s.pixelRatio);
    await rightClick(chart, [Math.round(r.left + r.width * 0.3), y]);
    await clickOn(item(chart, 'edit'));
    await waitFor(() => !!deepActive()?.closest('[part="drawing-editor"]'), 'focus in the drawing editor');
    expect(chart.shadowRoot!.querySelector<HTMLElement>('[part="drawing-editor"]')!.dataset.drawingId).to.equal(id);
  });
});

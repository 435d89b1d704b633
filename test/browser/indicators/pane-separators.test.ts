import { expect } from '@open-wc/testing';
import { resetMouse, sendMouse } from '@web/test-runner-commands';
import { html } from 'lit';
import type { KlineChart } from '../../../components/kline-chart/kline-chart.js';
import { readyChart, waitFor } from '../helpers/chart-fixture.js';
import { coreOf } from '../../../components/kline-chart/core-of.js';

function paneHeight(chart: KlineChart, id: string): number {
  return chart.shadowRoot!.querySelector<HTMLElement>(`.pane[data-pane-id="${id}"]`)!.getBoundingClientRect().height;
}

/** The separators the chart element owns (it follows every relayout through the renderer's onLayout). */
async function mountSeparators(chart: KlineChart): Promise<{ layer: HTMLElement; destroy(): void }> {
  await waitFor(() => !!chart.shadowRoot!.querySelector('.main .pane-separators [role="separator"]'), 'separators');
  const layer = chart.shadowRoot!.querySelector<HTMLElement>('.main .pane-separators')!;
  return { layer, destroy: () => undefined };
}

function pointer(el: Element, type: string, y: number): void {
  const r = el.getBoundingClientRect();
  el.dispatchEvent(
    new PointerEvent(type, {
      bubbles: true,
      composed: true,
      pointerId: 7,
      button: 0,
      clientX: r.left + 100,
      clientY: y,
    }),
  );
}

describe('pane separators', () => {
  it('a drag resizes the two neighbouring panes live and records one undo step', async () => {
    const chart = await readyChart(
      html`<kline-chart style="width:800px;height:500px" indicators="VOL,MACD"></kline-chart>`,
    );
    const separators = await mountSeparators(chart);
    const [price, vol, macd] = coreOf(chart)
      .store.peek('panes')
      .map((p) => p.id);
    const handles = [...separators.layer.querySelectorAll<HTMLElement>('[role="separator"]')];
    expect(handles.length).to.equal(2);
    expect(handles[0].dataset.above).to.equal(price);
    expect(handles[0].dataset.below).to.equal(vol);
    const before = { price: paneHeight(chart, price), vol: paneHeight(chart, vol), macd: paneHeight(chart, macd) };
    const layout = coreOf(chart).store.peek('panes');
    const y0 = handles[0].getBoundingClientRect().top + 3;
    let panned = 0;
    const view = coreOf(chart).store.peek('view');
    pointer(handles[0], 'pointerdown', y0);
    pointer(handles[0], 'pointermove', y0 + 20);
    pointer(handles[0], 'pointermove', y0 + 40);
    await chart.whenPainted();
    expect(paneHeight(chart, price), 'live preview').to.be.closeTo(before.price + 40, 3);
    expect(coreOf(chart).store.history.canUndo, 'the preview is not a step').to.equal(false);
    pointer(handles[0], 'pointerup', y0 + 40);
    // The release runs the pane_resize tool (queued like every mutating call).
    await waitFor(() => coreOf(chart).store.history.canUndo, 'the pane_resize step');
    await chart.whenPainted();
    if (coreOf(chart).store.peek('view') !== view) panned++;
    expect(panned, 'the drag did not pan the chart').to.equal(0);
    expect(paneHeight(chart, price)).to.be.closeTo(before.price + 40, 3);
    expect(paneHeight(chart, vol)).to.be.closeTo(before.vol - 40, 3);
    expect(paneHeight(chart, macd), 'other panes keep their height').to.be.closeTo(before.macd, 2);
    expect(coreOf(chart).store.history.undoLabel).to.equal('pane_resize');
    chart.undo();
    expect(coreOf(chart).store.peek('panes')).to.deep.equal(layout);
    expect(coreOf(chart).store.history.canUndo).to.equal(false);
    await chart.whenPainted();
    expect(paneHeight(chart, price)).to.be.closeTo(before.price, 2);
    separators.destroy();
  });

  it('a focused separator moves with the arrow keys without panning the chart; a pane is never squeezed below its minimum', async () => {
    const chart = await readyChart(
      html`<kline-chart style="width:800px;height:500px" indicators="VOL,RSI"></kline-chart>`,
    );
    const separators = await mountSeparators(chart);
    const [, vol, rsi] = coreOf(chart)
      .store.peek('panes')
      .map((p) => p.id);
    const handle = separators.layer.querySelectorAll<HTMLElement>('[role="separator"]')[1];
    const view = coreOf(chart).store.peek('view');
    const before = paneHeight(chart, vol);
    handle.focus();
    handle.dispatchEvent(new KeyboardEvent('keydown', { key: 'ArrowDown', bubbles: true, composed: true }));
    await waitFor(() => coreOf(chart).store.history.undoLabel === 'pane_resize', 'the pane_resize step');
    await chart.whenPainted();
    expect(paneHeight(chart, vol)).to.be.closeTo(before + 10, 2);
    expect(coreOf(chart).store.peek('view')).to.equal(view);
    const y0 = handle.getBoundingClientRect().top + 3;
    pointer(handle, 'pointerdown', y0);
    pointer(handle, 'pointermove', y0 + 400);
    pointer(handle, 'pointerup', y0 + 400);
    await waitFor(() => paneHeight(chart, rsi) < 90, 'RSI pane shrunk');
    await chart.whenPainted();
    // 40 px of plot plus the 26 px time axis under the last pane.
    expect(paneHeight(chart, rsi)).to.be.at.least(65);
    chart.undo();
    chart.undo();
    await chart.whenPainted();
    expect(paneHeight(chart, vol)).to.be.closeTo(before, 2);
  });

  it('each separator is named after the two panes it sits between, and follows a pane move', async () => {
    const chart = await readyChart(
      html`<kline-chart style="width:800px;height:500px" indicators="VOL,MACD"></kline-chart>`,
    );
    const separators = await mountSeparators(chart);
    const names = () =>
      [...separators.layer.querySelectorAll<HTMLElement>('[role="separator"]')].map((h) =>
        h.getAttribute('aria-label'),
      );
    const symbol = chart.context.get()!.symbol;
    // Before: both were "Resize panes", so a screen reader could not tell them apart.
    expect(names()).to.deep.equal([`Resize panes (${symbol} / VOL(5,10))`, 'Resize panes (VOL(5,10) / MACD(12,26,9))']);
    const macd = coreOf(chart).store.peek('panes')[2].id;
    expect((await chart.tools.execute('pane_move', { paneId: macd, direction: 'up' })).success).to.equal(true);
    await waitFor(() => names()[0] === `Resize panes (${symbol} / MACD(12,26,9))`, 'the names after the move');
    expect(names()[1]).to.equal('Resize panes (MACD(12,26,9) / VOL(5,10))');
    // New parameters change a title without a relayout: the name is current when the separator gets focus.
    const vol = coreOf(chart)
      .store.peek('indicators')
      .find((i) => i.definitionId === 'VOL')!;
    const updated = await chart.tools.execute('indicators_update', {
      instanceId: vol.instanceId,
      params: { periods: [5, 20] },
    });
    expect(updated.success, JSON.stringify(updated)).to.equal(true);
    separators.layer.querySelectorAll<HTMLElement>('[role="separator"]')[1].focus();
    expect(names()[1]).to.equal('Resize panes (MACD(12,26,9) / VOL(5,20))');
  });

  it("the legend's move arrows run pane_move: the pane goes down one place, one undo puts it back", async () => {
    const chart = await readyChart(
      html`<kline-chart style="width:800px;height:500px" indicators="VOL,MACD"></kline-chart>`,
    );
    const changes: { action: string; reason: string }[] = [];
    chart.addEventListener('kline-change', (e) => changes.push((e as CustomEvent).detail));
    const order = () =>
      coreOf(chart)
        .store.peek('panes')
        .map((p) => p.id);
    const [price, vol, macd] = order();
    const top = (id: string) =>
      chart.shadowRoot!.querySelector<HTMLElement>(`.pane[data-pane-id="${id}"]`)!.getBoundingClientRect().top;
    expect(top(vol)).to.be.below(top(macd));
    const down = chart.shadowRoot!.querySelector<HTMLButtonElement>('[part="legend-move-down"]')!;
    expect(down.getAttribute('aria-label')).to.match(/^Move VOL/);
    down.click();
    await waitFor(() => order()[1] === macd, 'the VOL pane moved down');
    expect(order()).to.deep.equal([price, macd, vol]);
    expect(coreOf(chart).store.history.undoLabel).to.equal('pane_move');
    expect(changes.at(-1)).to.include({ action: 'pane_move', reason: 'user' });
    await chart.whenPainted();
    await waitFor(() => top(macd) < top(vol), 'the panes swapped on screen');
    chart.undo();
    expect(order()).to.deep.equal([price, vol, macd]);
    expect(coreOf(chart).store.history.canUndo).to.equal(false);
  });

  it("shows a separator's line while it is hovered, focused or dragged (a real mouse), and hides it after", async () => {
    const chart = await readyChart(
      html`<kline-chart style="width:800px;height:500px" indicators="VOL,MACD"></kline-chart>`,
    );
    const { layer } = await mountSeparators(chart);
    const handle = layer.querySelector<HTMLElement>('[role="separator"]')!;
    const accent = getComputedStyle(chart).getPropertyValue('--kline-accent-color').trim();
    const probe = document.createElement('div');
    probe.style.color = accent;
    document.body.append(probe);
    const accentRgb = getComputedStyle(probe).color;
    probe.remove();
    const line = () => getComputedStyle(handle, '::after').backgroundColor;
    const box = handle.getBoundingClientRect();
    const x = Math.round(box.left + 100);
    const y = Math.round(box.top + 3);
    try {
      expect(line(), 'hidden at rest').to.equal('rgba(0, 0, 0, 0)');
      expect(getComputedStyle(handle, '::after').height).to.equal('1px');
      await sendMouse({ type: 'move', position: [x, y] });
      expect(line(), 'hovered').to.equal(accentRgb);
      await sendMouse({ type: 'move', position: [x, y - 60] });
      expect(line(), 'left').to.equal('rgba(0, 0, 0, 0)');
      // A drag: shown while the pointer is away from the band, hidden once lifted there.
      await sendMouse({ type: 'move', position: [x, y] });
      await sendMouse({ type: 'down' });
      await sendMouse({ type: 'move', position: [x + 200, y + 30] });
      expect(handle.classList.contains('dragging')).to.equal(true);
      expect(line(), 'dragged').to.equal(accentRgb);
      await sendMouse({ type: 'up' });
      await sendMouse({ type: 'move', position: [x + 200, y - 90] });
      expect(handle.classList.contains('dragging')).to.equal(false);
      expect(line(), 'after the drag').to.equal('rgba(0, 0, 0, 0)');
      handle.focus();
      expect(line(), 'focused').to.equal(accentRgb);
      handle.blur();
      expect(line(), 'blurred').to.equal('rgba(0, 0, 0, 0)');
    } finally {
      await resetMouse();
    }
  });
});

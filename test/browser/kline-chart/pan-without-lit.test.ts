import { expect } from '@open-wc/testing';
import { html } from 'lit';
import { canvasHash } from '../helpers/canvas-pixels.js';
import { readyChart, paneCanvas, waitFor } from '../helpers/chart-fixture.js';
import type { KlineChart } from '../../../components/kline-chart/kline-chart.js';

/** Counts the element's Lit updates (its `update()` runs once per template render). */
function countUpdates(chart: KlineChart): { readonly count: number } {
  const counter = { count: 0 };
  // `update` is protected: wrapped on the instance, the prototype's stays as it is.
  const target = chart as unknown as { update(changed: unknown): void };
  const original = target.update;
  target.update = function (this: unknown, changed: unknown) {
    counter.count++;
    original.call(this, changed);
  };
  return counter;
}

/** Records every change to the element's shadow DOM (attributes, text, nodes). */
function recordMutations(chart: KlineChart): { take(): MutationRecord[]; stop(): void } {
  const seen: MutationRecord[] = [];
  const observer = new MutationObserver((records) => seen.push(...records));
  observer.observe(chart.shadowRoot!, { subtree: true, childList: true, attributes: true, characterData: true });
  return {
    take: () => [...seen, ...observer.takeRecords()],
    stop: () => observer.disconnect(),
  };
}

const visibleKey = (chart: KlineChart) => {
  const range = chart.context.get()!.visibleRange;
  return `${range.from}..${range.to}`;
};

describe('<kline-chart> pan and zoom', () => {
  it('pans and zooms by repainting the canvases only: no Lit update, no DOM change', async () => {
    const chart = await readyChart(
      html`<kline-chart style="width:800px;height:500px" indicators="MA(20),VOL,MACD(12,26,9)"></kline-chart>`,
    );
    await chart.tools.execute('chart_set_visible_range', { lastBars: 120 });
    // Away from the newest bar first: leaving it shows the "Scroll to the most recent bar" button
    // once (latest-button.ts); the pans below then stay away from it.
    const start = chart.context.get()!.visibleRange;
    const startStep = (start.to - start.from) / (start.bars - 1);
    await chart.tools.execute('chart_set_visible_range', {
      from: start.from - 10 * startStep,
      to: start.to - 10 * startStep,
    });
    await chart.whenPainted();
    // The button is a chunk of its own (latest-button-view.ts): shown once it is here.
    await waitFor(() => !!chart.shadowRoot!.querySelector('[part="latest-button"]'), 'the most recent bar button');
    await chart.updateComplete;
    const price = paneCanvas(chart, 'price');
    const updates = countUpdates(chart);
    const mutations = recordMutations(chart);
    const hashes = new Set([canvasHash(price)]);
    const views = new Set([visibleKey(chart)]);

    // Through the public API, as a host or a model would (one undo step each).
    for (let i = 0; i < 6; i++) {
      const range = chart.context.get()!.visibleRange;
      const step = (range.to - range.from) / (range.bars - 1);
      const r = await chart.tools.execute('chart_set_visible_range', {
        from: range.from - 4 * step,
        to: range.to - 4 * step,
      });
      expect(r.success, JSON.stringify(r)).to.equal(true);
      await chart.whenPainted();
      hashes.add(canvasHash(price));
      views.add(visibleKey(chart));
    }
    // The keyboard pan of the focused plot.
    chart.focus();
    for (let i = 0; i < 3; i++) {
      chart.dispatchEvent(new KeyboardEvent('keydown', { key: 'ArrowLeft', shiftKey: true, bubbles: true }));
      await chart.whenPainted();
      hashes.add(canvasHash(price));
      views.add(visibleKey(chart));
    }
    // The wheel zoom over the panes (synthetic wheel events reach the pan/zoom controller, not uPlot's cursor).
    const panes = chart.shadowRoot!.querySelector<HTMLElement>('.panes')!;
    const box = panes.getBoundingClientRect();
    for (let i = 0; i < 4; i++) {
      panes.dispatchEvent(
        new WheelEvent('wheel', {
          deltaY: -150, // zooms in by a fifth: every step shows fewer bars
          clientX: box.left + box.width / 2,
          clientY: box.top + 100,
          bubbles: true,
          cancelable: true,
        }),
      );
      await chart.whenPainted();
      hashes.add(canvasHash(price));
      views.add(visibleKey(chart));
    }
    await chart.updateComplete;
    // Let any microtask-scheduled directive update land before reading the records.
    await new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve)));

    expect(views.size, 'every step moved the view').to.equal(14);
    expect(hashes.size, 'the canvases repainted').to.be.greaterThan(10);
    expect(updates.count, 'Lit updates of the element during the pans').to.equal(0);
    const changed = mutations.take();
    expect(
      changed.map((m) => `${m.type} ${(m.target as Element).className ?? m.target.nodeName} ${m.attributeName ?? ''}`),
      'shadow DOM changes during the pans',
    ).to.deep.equal([]);

    // The counters do see a change that the template shows: a new study adds a legend row.
    const added = await chart.tools.execute('indicators_add', { definitionId: 'RSI' });
    expect(added.success).to.equal(true);
    await waitFor(() => updates.count > 0 && mutations.take().length > 0, 'the template to follow a new study');
    mutations.stop();
  });

  it('updates the legend once per frame however many pointer moves arrive', async () => {
    const chart = await readyChart();
    const over = chart.shadowRoot!.querySelector<HTMLElement>('.pane[data-pane-id="price"] .u-over')!;
    const legend = chart.shadowRoot!.querySelector<HTMLElement>('[part="legend"]')!;
    await chart.updateComplete;
    const updates = countUpdates(chart);
    const before = legend.textContent;
    let legendChanges = 0;
    const observer = new MutationObserver(() => legendChanges++);
    observer.observe(legend, { subtree: true, childList: true, characterData: true });
    const r = over.getBoundingClientRect();
    // Twenty moves across different bars inside one task: one frame, one legend update.
    await new Promise<void>((resolve) =>
      requestAnimationFrame(() => {
        for (let i = 0; i < 20; i++)
          over.dispatchEvent(
            new MouseEvent('mousemove', {
              bubbles: true,
              composed: true,
              clientX: r.left + 40 + i * 15,
              clientY: r.top + r.height / 2,
            }),
          );
        resolve();
      }),
    );
    await waitFor(() => legend.textContent !== before, 'the legend to show the bar under the pointer');
    await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
    observer.disconnect();
    expect(updates.count, 'element updates for a crosshair move').to.equal(0);
    // One update of the legend's part: its records arrive in one batch.
    expect(legendChanges, 'legend mutation batches').to.equal(1);
  });
});

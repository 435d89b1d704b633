import { expect } from '@open-wc/testing';
import type { KlineChart } from '../../../components/kline-chart/kline-chart.js';
import { waitFor } from '../helpers/chart-fixture.js';
import {
  canvases,
  minuteBars,
  mountChart,
  newParent,
  nextFrame,
  painted,
  paneHashes,
  removeFixtures,
  streamingSource,
} from './lifecycle-fixture.js';
import { coreOf } from '../../../components/kline-chart/core-of.js';

/** Draws a trend line and zooms, so a move has a view, a drawing and undo history to keep. */
async function decorate(chart: KlineChart): Promise<void> {
  const bars = coreOf(chart).store.peek('series')!.bars;
  const n = bars.length;
  const created = await chart.tools.execute('drawing_create', {
    kind: 'trend_line',
    points: [
      { time: bars.time[n - 60], price: bars.low[n - 60] },
      { time: bars.time[n - 10], price: bars.high[n - 10] },
    ],
  });
  expect(created.success, JSON.stringify(created)).to.equal(true);
  expect((await chart.tools.execute('chart_set_visible_range', { lastBars: 80 })).success).to.equal(true);
  await chart.whenPainted();
  await chart.whenPainted();
}

function snapshot(chart: KlineChart) {
  const ctx = chart.context.get()!;
  return {
    hashes: paneHashes(chart),
    view: coreOf(chart).store.peek('view'),
    drawings: JSON.stringify(coreOf(chart).drawings.current()),
    bars: ctx.dataRange.bars,
    canUndo: coreOf(chart).store.history.canUndo,
  };
}

describe('<kline-chart> survives what frameworks do to elements', () => {
  afterEach(removeFixtures);

  for (const [name, move] of [
    ['moved into another parent (appendChild)', (chart: KlineChart) => newParent().appendChild(chart)],
    [
      'removed and re-added',
      (chart: KlineChart) => {
        const parent = chart.parentElement!;
        chart.remove();
        parent.appendChild(chart);
      },
    ],
    [
      're-parented into another shadow root',
      (chart: KlineChart) => {
        const shadow = newParent().attachShadow({ mode: 'open' });
        shadow.appendChild(chart);
      },
    ],
  ] as const) {
    it(`${name}: same candles, drawing, view and undo history on the next frame; live updates keep arriving`, async () => {
      const { chart } = mountChart();
      chart.setBars(minuteBars(300), { symbol: 'HOST', period: '1m' });
      await painted(chart);
      await decorate(chart);
      const before = snapshot(chart);
      expect(before.hashes.length).to.be.greaterThan(0);
      const paints = chart.paintCount;

      move(chart);
      await nextFrame();
      // Within one frame the canvases are back and show exactly what they showed.
      expect(canvases(chart).length, 'canvases after the move').to.equal(before.hashes.length);
      expect(chart.paintCount).to.be.greaterThan(paints);
      const after = snapshot(chart);
      expect(after.hashes).to.deep.equal(before.hashes);
      expect(after.view).to.deep.equal(before.view);
      expect(after.drawings).to.equal(before.drawings);
      expect(after.bars).to.equal(before.bars);
      expect(after.canUndo).to.equal(true);
      expect(chart.undo()).to.equal('chart_set_visible_range');

      // Live: a new bar after the move is shown and painted.
      const last = coreOf(chart).store.peek('series')!.bars;
      const t = last.time[last.length - 1] + 60_000;
      const hashes = paneHashes(chart);
      expect(chart.updateBar({ time: t, open: 101, high: 140, low: 100, close: 139, volume: 5000 })).to.equal(true);
      await chart.whenPainted();
      expect(chart.context.get()!.dataRange.bars).to.equal(before.bars + 1);
      expect(paneHashes(chart)).to.not.deep.equal(hashes);
    });
  }

  it('a live source keeps streaming after the move and after remove + re-add (one subscription, never two)', async () => {
    const source = streamingSource(minuteBars(200));
    const { chart } = mountChart({ live: 'on' });
    chart.registerDataSource(source);
    chart.setAttribute('source', 'stream');
    await waitFor(() => chart.context.get()?.source === 'stream', 'stream data');
    await painted(chart);
    expect(source.listeners).to.equal(1);
    const n0 = chart.context.get()!.dataRange.bars;
    let t = coreOf(chart).store.peek('series')!.bars.time[n0 - 1];
    const push = () => {
      t += 60_000;
      source.push({ time: t, open: 100, high: 101, low: 99, close: 100.5, volume: 10 });
    };
    newParent().appendChild(chart);
    await nextFrame();
    expect(source.listeners).to.equal(1);
    push();
    expect(chart.context.get()!.dataRange.bars).to.equal(n0 + 1);
    const parent = chart.parentElement!;
    chart.remove();
    expect(source.listeners, 'unsubscribed while detached').to.equal(0);
    parent.appendChild(chart);
    expect(source.listeners).to.equal(1);
    push();
    expect(chart.context.get()!.dataRange.bars).to.equal(n0 + 2);
    await chart.whenPainted();
    expect(canvases(chart).length).to.be.greaterThan(0);
  });

  it('autosave keeps saving after a move', async () => {
    const key = `lifecycle-move-${Math.random().toString(36).slice(2)}`;
    try {
      const { chart } = mountChart({ 'persist-key': key });
      await painted(chart);
      newParent().appendChild(chart);
      await nextFrame();
      expect((await chart.tools.execute('indicators_add', { definitionId: 'RSI' })).success).to.equal(true);
      await waitFor(
        () =>
          Object.keys(localStorage).some((k) => k.startsWith(key) && (localStorage.getItem(k) ?? '').includes('RSI')),
        'autosave after the move',
      );
    } finally {
      for (const k of Object.keys(localStorage)) if (k.startsWith(key)) localStorage.removeItem(k);
    }
  });

  it('setup is idempotent: connecting twice in a row leaves one set of canvases and one paint per frame', async () => {
    const { chart, parent } = mountChart();
    chart.setBars(minuteBars(120), { period: '1m' });
    await painted(chart);
    const count = canvases(chart).length;
    // Move twice within one task: disconnect, connect, disconnect, connect.
    newParent().appendChild(chart);
    parent.appendChild(chart);
    await nextFrame();
    await chart.whenPainted();
    expect(canvases(chart).length).to.equal(count);
    const paints = chart.paintCount;
    chart.updateBar({ ...minuteBars(121)[120] });
    await chart.whenPainted();
    expect(chart.paintCount - paints).to.equal(1);
  });
});

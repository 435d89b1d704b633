import { expect } from '@open-wc/testing';
import type { Bars } from '../../../src/core/data/index.js';
import { createDrawingStage, type DrawingStage } from './drawing-stage.js';
import { waitFor } from '../helpers/wait-for.js';

/** Plot CSS px of a bar index and a price in the stage's price pane. */
function at(stage: DrawingStage, index: number, price: number): [number, number] {
  const u = stage.plot();
  return [u.valToPos(index, 'x'), u.valToPos(price, 'price')];
}

async function create(stage: DrawingStage, input: unknown): Promise<string> {
  const r = await stage.core.tools.execute('drawing_create', input);
  if (!r.success) throw new Error(JSON.stringify(r.error));
  return (r.data as { id: string }).id;
}

describe('drawing layer pointer and keyboard (standalone renderer)', () => {
  let stage: DrawingStage;
  let bars: Bars;
  let n: number;
  beforeEach(async () => {
    stage = await createDrawingStage();
    bars = stage.core.store.peek('series')!.bars;
    n = bars.length;
  });
  afterEach(() => stage.destroy());

  it('a click on a line selects it (the chart must not pan); Shift adds; a click on empty space clears', async () => {
    const a = await create(stage, {
      kind: 'horizontal_line',
      points: [{ time: bars.time[n - 10], price: bars.high[n - 10] }],
    });
    const b = await create(stage, {
      kind: 'vertical_line',
      points: [{ time: bars.time[n - 30], price: bars.high[n - 30] }],
    });
    await stage.painted();
    const [xa, ya] = at(stage, n - 20, bars.high[n - 10]);
    const down = stage.click(xa, ya);
    expect(stage.controller.handlesPointer(down), 'the layer owns the press').to.equal(true);
    expect(stage.core.store.peek('drawingSelection')).to.deep.equal([a]);
    const [xb] = at(stage, n - 30, 0);
    stage.click(xb, 40, { shiftKey: true });
    expect(stage.core.store.peek('drawingSelection')).to.deep.equal([a, b]);
    expect(stage.core.context.get()!.drawingSelection.selectedIds).to.deep.equal([a, b]);
    const empty = stage.click(xa - 200 > 5 ? xa - 200 : 10, ya - 80 > 5 ? ya - 80 : ya + 80);
    expect(stage.controller.handlesPointer(empty), 'empty space: the chart pans').to.equal(false);
    expect(stage.core.store.peek('drawingSelection')).to.deep.equal([]);
  });

  it('Delete removes the selection, one undo step brings it back', async () => {
    const id = await create(stage, {
      kind: 'horizontal_line',
      points: [{ time: bars.time[n - 10], price: bars.high[n - 10] }],
    });
    await stage.painted();
    const [x, y] = at(stage, n - 20, bars.high[n - 10]);
    stage.click(x, y);
    const before = structuredClone(stage.core.store.peek('drawings'));
    const key = stage.key('Delete');
    expect(key.defaultPrevented).to.equal(true);
    await waitFor(() => stage.core.drawings.current().length === 0, 'the deletion');
    stage.core.undo();
    expect(stage.core.store.peek('drawings')).to.deep.equal(before);
    expect(stage.core.drawings.current()[0].id).to.equal(id);
  });

  it('places a trend line with two clicks (one undo step), the preview following the pointer', async () => {
    stage.controller.setTool('trend_line');
    const [x1, y1] = at(stage, n - 40, bars.low[n - 40]);
    const [x2, y2] = at(stage, n - 10, bars.high[n - 10]);
    const first = stage.click(x1, y1);
    expect(stage.controller.handlesPointer(first)).to.equal(true);
    stage.pointer('pointermove', x2, y2, { buttons: 0 });
    expect(stage.core.drawings.current(), 'only a preview so far').to.deep.equal([]);
    stage.click(x2, y2);
    const [d] = stage.core.drawings.current();
    expect(d.kind).to.equal('trend_line');
    expect(d.points[0].time).to.be.closeTo(bars.time[n - 40], 3600_000);
    expect(d.points[1].price).to.be.closeTo(
      bars.high[n - 10],
      Math.abs(bars.high[n - 10] - bars.low[n - 40]) * 0.01 + 1e-6,
    );
    expect(stage.controller.tool, 'back to select after placing').to.equal('select');
    expect(stage.core.store.history.undoLabel).to.equal('drawing_create');
    stage.core.undo();
    expect(stage.core.drawings.current()).to.deep.equal([]);
  });

  it("with the magnet on, a placed point snaps to the bar's open, high, low or close", async () => {
    stage.controller.setMagnet(true);
    stage.controller.setTool('horizontal_ray');
    const i = n - 15;
    const [x, y] = at(stage, i + 0.2, bars.high[i] + (bars.high[i] - bars.low[i]) * 0.1);
    stage.click(x, y);
    const [d] = stage.core.drawings.current();
    expect(d.points[0]).to.deep.equal({ time: bars.time[i], price: bars.high[i] });
  });

  it('dragging a drawing moves it in one undo step; a locked drawing does not move', async () => {
    const price = bars.close[n - 10];
    const id = await create(stage, { kind: 'horizontal_line', points: [{ time: bars.time[n - 10], price }] });
    await stage.painted();
    const [x, y] = at(stage, n - 25, price);
    stage.drag(x, y, x, y + 30);
    const moved = stage.core.drawings.current()[0];
    const u = stage.plot();
    expect(moved.points[0].price).to.be.closeTo(u.posToVal(y + 30, 'price'), 1e-6);
    expect(stage.core.store.history.undoLabel).to.equal('drawing_move');
    stage.core.undo();
    expect(stage.core.drawings.current()[0].points[0].price).to.equal(price);
    await stage.core.tools.execute('drawing_update', { id, locked: true });
    await stage.painted();
    stage.drag(x, y, x, y + 30);
    expect(stage.core.drawings.current()[0].points[0].price).to.equal(price);
  });

  it('Ctrl+C / Ctrl+V pastes copies shifted by bars as one undo step each (the drawings_copy command)', async () => {
    const id = await create(stage, {
      kind: 'trend_line',
      points: [
        { time: bars.time[n - 40], price: 50 },
        { time: bars.time[n - 30], price: 55 },
      ],
    });
    stage.core.drawings.select([id]);
    expect(stage.key('c', { ctrlKey: true }).defaultPrevented).to.equal(true);
    stage.key('v', { ctrlKey: true });
    await waitFor(() => stage.core.drawings.current().length === 2, 'the paste');
    const list = stage.core.drawings.current();
    expect(list.length).to.equal(2);
    expect(list[1].points[0].time).to.equal(bars.time[n - 35]);
    expect(stage.core.store.history.undoLabel).to.equal('drawings_copy');
    expect(stage.core.store.peek('drawingSelection')).to.deep.equal([list[1].id]);
    stage.key('v', { metaKey: true });
    await waitFor(() => stage.core.drawings.current().length === 3, 'the second paste');
    expect(stage.core.drawings.current()[2].points[0].time, 'second paste goes further').to.equal(bars.time[n - 30]);
    stage.core.undo();
    stage.core.undo();
    expect(stage.core.drawings.current().map((d) => d.id)).to.deep.equal([id]);
  });

  it('Ctrl+V on another instrument than the copy came from says so and pastes nothing', async () => {
    const id = await create(stage, {
      kind: 'trend_line',
      points: [
        { time: bars.time[n - 40], price: 50 },
        { time: bars.time[n - 30], price: 55 },
      ],
    });
    stage.core.drawings.select([id]);
    stage.key('c', { ctrlKey: true });
    stage.core.setBars(bars, { symbol: 'OTHER' });
    stage.key('v', { ctrlKey: true });
    await waitFor(() => stage.errors.length > 0, 'a message');
    expect(stage.errors).to.deep.equal(['The copied drawings belong to another instrument.']);
    expect(stage.core.drawings.current()).to.deep.equal([]);
  });

  it('Escape leaves a placing tool without creating anything', async () => {
    stage.controller.setTool('rectangle');
    const [x, y] = at(stage, n - 20, bars.close[n - 20]);
    stage.click(x, y);
    expect(stage.key('Escape').defaultPrevented).to.equal(true);
    expect(stage.controller.tool).to.equal('select');
    expect(stage.core.drawings.current()).to.deep.equal([]);
  });

  it('the range-select tool drags a time range into chart_set_selection and the context summary', async () => {
    stage.controller.setTool('range-select');
    const [x0] = at(stage, n - 30, 0);
    const [x1] = at(stage, n - 21, 0);
    const u = stage.plot();
    const y = u.bbox.height / 2 / devicePixelRatio;
    const down = stage.pointer('pointerdown', x0, y);
    expect(stage.controller.handlesPointer(down)).to.equal(true);
    for (let k = 1; k <= 4; k++) stage.pointer('pointermove', x0 + ((x1 - x0) * k) / 4, y);
    stage.pointer('pointerup', x1, y);
    await waitFor(() => stage.core.store.peek('selection') !== null, 'the selection');
    expect(stage.core.store.peek('selection')).to.deep.equal({ from: bars.time[n - 30], to: bars.time[n - 21] });
    const sel = stage.core.context.get()!.selection!;
    expect(sel.bars).to.equal(10);
    expect(sel.high).to.equal(Math.max(...Array.from(bars.high.subarray(n - 30, n - 20))));
    expect(stage.core.store.history.undoLabel).to.equal('chart_set_selection');
    expect(stage.controller.tool).to.equal('select');
  });
});

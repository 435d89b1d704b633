import { createDrawingStage } from './drawing-stage.js';
describe('dbg', () => {
  it('dbg', async () => {
    const stage = await createDrawingStage();
    const u = stage.plot();
    const m = stage.controller.mapper('price')!;
    const bars = stage.core.store.peek('series')!.bars;
    const n = bars.length;
    console.log('scales', Object.keys(u.scales), 'bbox', JSON.stringify(u.bbox), 'w', m.width, m.height, 'x', m.timeToX(bars.time[n - 5]), 'y', m.priceToY(bars.close[n - 5]));
  });
});

import { expect } from '@open-wc/testing';
import { html, render } from 'lit';
import '../../../components/kline-chart/define.js';
import type { KlineChart } from '../../../components/kline-chart/kline-chart.js';
import { DRAWING_KINDS, DRAWING_POINT_COUNTS } from '../../../src/core/drawings/index.js';
import { canvasHash } from '../helpers/canvas-pixels.js';
import { paneCanvas, waitFor } from '../helpers/chart-fixture.js';
import { coreOf } from '../../../components/kline-chart/core-of.js';

const KEY = `layout-test-${Date.now()}`;

async function mountChart(host: HTMLElement): Promise<KlineChart> {
  render(html`<kline-chart style="width:800px;height:500px" persist-key=${KEY} indicators="VOL"></kline-chart>`, host);
  const chart = host.querySelector('kline-chart')!;
  await waitFor(() => chart.context.get() !== null, 'data');
  await chart.whenPainted();
  return chart;
}

/** The symbols of the comparisons in the layout saved under KEY (none when nothing is saved). */
function savedComparisons(): string[] {
  const raw = localStorage.getItem(KEY);
  if (!raw) return [];
  const doc = JSON.parse(raw) as { comparisons?: { symbol: string }[] };
  return (doc.comparisons ?? []).map((c) => c.symbol);
}

describe('layouts survive a reload with persist-key', () => {
  afterEach(() => {
    for (const k of Object.keys(localStorage)) if (k.startsWith(KEY)) localStorage.removeItem(k);
  });

  it('restores every drawing kind, indicators, settings and comparisons, and paints them', async () => {
    const host = document.createElement('div');
    document.body.append(host);
    let chart = await mountChart(host);
    const ctx = chart.context.get()!;
    const bars = coreOf(chart).store.peek('series')!.bars;
    const n = bars.length;
    const t = (back: number) => bars.time[n - 1 - back];
    for (const [i, kind] of DRAWING_KINDS.entries()) {
      const points = Array.from({ length: DRAWING_POINT_COUNTS[kind] }, (_, k) => ({
        time: t(40 - i * 2 - k * 3),
        price: bars.close[n - 1 - i] * (1 + k * 0.01),
      }));
      const r = await chart.tools.execute('drawing_create', {
        kind,
        points,
        label: kind === 'text' ? 'hello' : undefined,
      });
      expect(r.success, `${kind}: ${JSON.stringify(r)}`).to.equal(true);
    }
    await chart.tools.execute('indicators_add', { definitionId: 'RSI', params: { period: 9 } });
    await chart.tools.execute('settings_update', { values: { candleStyle: 'hollow', grid: false } });
    await chart.tools.execute('comparison_create', { symbol: 'HKDEMO' });
    await chart.whenPainted();
    const drawingsBefore = coreOf(chart)
      .drawings.current()
      .map((d) => ({ kind: d.kind, points: d.points }));
    const hashBefore = canvasHash(paneCanvas(chart, 'price'));
    // The debounced autosave writes the last change (the comparison) on its own, without a disconnect;
    // then "reload": a new element with the same key.
    await waitFor(() => savedComparisons().includes('HKDEMO'), 'the autosave of the last change', 5000);
    render(html``, host);
    chart = await mountChart(host);
    await waitFor(() => coreOf(chart).drawings.current().length === DRAWING_KINDS.length, 'restored drawings');
    expect(
      coreOf(chart)
        .drawings.current()
        .map((d) => ({ kind: d.kind, points: d.points })),
    ).to.deep.equal(drawingsBefore);
    expect(
      coreOf(chart)
        .store.peek('indicators')
        .map((i) => i.definitionId),
    ).to.deep.equal(['VOL', 'RSI']);
    expect(coreOf(chart).store.peek('settings').candleStyle).to.equal('hollow');
    expect(chart.context.get()!.comparisons).to.deep.equal([{ symbol: 'HKDEMO', sourceId: 'sample' }]);
    await waitFor(() => coreOf(chart).comparisons.lines.get().length === 1, 'comparison data');
    await chart.whenPainted();
    await chart.whenPainted();
    expect(canvasHash(paneCanvas(chart, 'price'))).to.equal(hashBefore);
    expect(ctx.symbol).to.equal(chart.context.get()!.symbol);
    host.remove();
  });

  it('a corrupt saved layout is reported, kept aside, and the chart still loads', async () => {
    localStorage.setItem(KEY, '{"version": 1, "drawings": [oops');
    const errors: string[] = [];
    const host = document.createElement('div');
    host.addEventListener('kline-error', (e) => errors.push((e as CustomEvent<{ code: string }>).detail.code));
    document.body.append(host);
    const chart = await mountChart(host);
    expect(errors).to.include('persist_corrupt');
    const quarantined = Object.keys(localStorage).filter((k) => k.startsWith(`${KEY}:quarantine:`));
    expect(quarantined.length).to.equal(1);
    expect(localStorage.getItem(quarantined[0])).to.equal('{"version": 1, "drawings": [oops');
    expect(chart.context.get()!.dataRange.bars).to.be.greaterThan(100);
    host.remove();
  });
});

import { expect } from '@open-wc/testing';
import { html } from 'lit';
import type { KlineChart } from '../../../components/kline-chart/kline-chart.js';
import { canvasHash } from '../helpers/canvas-pixels.js';
import { paneCanvas, readyChart, waitFor } from '../helpers/chart-fixture.js';
import { coreOf } from '../../../components/kline-chart/core-of.js';

function legendText(chart: KlineChart): string {
  return [...chart.shadowRoot!.querySelectorAll('.pane-legend')].map((e) => e.textContent ?? '').join(' | ');
}

function macdBar0(chart: KlineChart): number {
  const instance = coreOf(chart)
    .store.peek('indicators')
    .find((i) => i.definitionId === 'MACD')!;
  return coreOf(chart).indicatorEngine.values(instance, coreOf(chart).store.peek('series')!)!.hist[0];
}

describe('indicator-convention attribute', () => {
  it("tdx draws 通达信 studies (three RSI lines, MACD from the first bar); switching to ta-lib redraws TA-Lib's", async () => {
    const chart = await readyChart(
      html`<kline-chart style="width:800px;height:600px" indicator-convention="tdx" indicators="MACD,RSI"></kline-chart>`,
    );
    await waitFor(() => legendText(chart).includes('RSI(6,12,24)'), 'tdx RSI label');
    expect(Number.isFinite(macdBar0(chart)), 'tdx MACD has a bar at the first candle').to.equal(true);
    const rsi = coreOf(chart)
      .store.peek('indicators')
      .find((i) => i.definitionId === 'RSI')!;
    await chart.whenPainted();
    const before = canvasHash(paneCanvas(chart, rsi.paneId));
    chart.setAttribute('indicator-convention', 'ta-lib');
    await waitFor(() => legendText(chart).includes('RSI(14)'), 'ta-lib RSI label');
    expect(Number.isNaN(macdBar0(chart)), 'TA-Lib MACD warms up').to.equal(true);
    await chart.whenPainted();
    expect(canvasHash(paneCanvas(chart, rsi.paneId)), 'the RSI pane redrew').to.not.equal(before);
  });

  it('a study that names its convention keeps it; a bad attribute value raises kline-error and changes nothing', async () => {
    const chart = await readyChart(
      html`<kline-chart style="width:800px;height:500px" indicators="MACD(12,26,9;tdx)"></kline-chart>`,
    );
    await waitFor(() => legendText(chart).includes('MACD(12,26,9;tdx)'), 'own convention in the label');
    expect(Number.isFinite(macdBar0(chart))).to.equal(true);
    const errors: string[] = [];
    chart.addEventListener('kline-error', (e) => errors.push((e as CustomEvent<{ code: string }>).detail.code));
    chart.setAttribute('indicator-convention', 'excel');
    await waitFor(() => errors.length > 0, 'kline-error');
    expect(errors[0]).to.equal('invalid_attribute');
    expect(coreOf(chart).store.peek('settings').indicatorConvention).to.equal('auto');
  });
});

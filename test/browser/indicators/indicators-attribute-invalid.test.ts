import { expect } from '@open-wc/testing';
import { html } from 'lit';
import type { KlineChart } from '../../../components/kline-chart/kline-chart.js';
import { readyChart, waitFor } from '../helpers/chart-fixture.js';

interface ErrorDetail {
  code: string;
  message: string;
}

const studies = (chart: KlineChart) => chart.context.get()!.activeIndicators.map((i) => i.definitionId);
const legendTitles = (chart: KlineChart) =>
  [...chart.shadowRoot!.querySelectorAll('[part="legend-entry"]')].map((b) => b.getAttribute('aria-label'));

describe('an invalid indicators value set at runtime', () => {
  it('keeps the studies on the chart and reports kline-error invalid_attribute; a valid value still applies', async () => {
    const chart = await readyChart(
      html`<kline-chart style="width:800px;height:500px" indicators="MA(5),VOL,MACD(12,26,9)"></kline-chart>`,
    );
    expect(studies(chart)).to.deep.equal(['MA', 'VOL', 'MACD']);
    const before = legendTitles(chart);
    expect(before).to.include('MACD(12,26,9)');
    const errors: ErrorDetail[] = [];
    chart.addEventListener('kline-error', (e) => errors.push((e as CustomEvent<ErrorDetail>).detail));

    const values: unknown[] = ['BOGUS', 'MA(5,', 'MA(5),NOPE', 'MACD(12,26,0)', 42, { list: 'MA' }];
    for (const value of values) {
      errors.length = 0;
      if (typeof value === 'string') chart.setAttribute('indicators', value);
      else chart.indicators = value as string; // a framework binding that passes the wrong type
      await waitFor(() => errors.length > 0, `kline-error for ${JSON.stringify(value)}`);
      await chart.whenPainted();
      expect(
        errors.map((e) => e.code),
        JSON.stringify(value),
      ).to.deep.equal(['invalid_attribute']);
      expect(errors[0].message).to.match(/^indicators:/);
      expect(studies(chart), JSON.stringify(value)).to.deep.equal(['MA', 'VOL', 'MACD']);
      expect(legendTitles(chart)).to.deep.equal(before);
    }
    expect(errors[0].message).to.include('[object Object]');

    errors.length = 0;
    chart.setAttribute('indicators', 'RSI(14)');
    await waitFor(() => studies(chart).join() === 'RSI', 'the valid list applied');
    expect(errors).to.deep.equal([]);
  });
});

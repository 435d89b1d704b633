import { expect } from '@open-wc/testing';
import { html } from 'lit';
import { captureText } from '../../../components/kline-chart/compose-capture.js';
import { coreOf } from '../../../components/kline-chart/core-of.js';
import { readyChart } from '../helpers/chart-fixture.js';

describe('capture(): the legend text drawn on the image', () => {
  it('keeps the spaces between a study, its lines and their values, and between the OHLC parts', async () => {
    const chart = await readyChart(
      html`<kline-chart style="width:800px;height:500px" indicators="MA(5,10),MACD(12,26,9)"></kline-chart>`,
    );
    // The same reading the capture draws (compose-capture.ts), from the chart's own legends.
    const { title, legend } = captureText(chart.shadowRoot!, coreOf(chart), chart.symbol);
    expect(title).to.match(/^DEMO · /);
    const number = String.raw`-?[\d.,]+[KMB万亿]?`;
    const ohlc = legend.find((l) => l.includes('O '))!;
    expect(ohlc, legend.join(' | ')).to.match(new RegExp(`O ${number} H ${number} L ${number} C ${number} [+-]`));
    const ma = legend.find((l) => l.startsWith('MA'))!;
    expect(ma, legend.join(' | ')).to.match(new RegExp(`^MA\\(5,10\\) MA5 ${number} MA10 ${number}$`));
    const macd = legend.find((l) => l.startsWith('MACD'))!;
    expect(macd, legend.join(' | ')).to.match(
      new RegExp(`^MACD\\(12,26,9\\) DIF ${number} DEA ${number} HIST ${number}$`),
    );
    // No control glyphs (move arrows, remove crosses) in the image's text.
    for (const line of legend) expect(line).not.to.match(/[↑↓×]/);
  });
});

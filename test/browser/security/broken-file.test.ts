import { expect, fixture } from '@open-wc/testing';
import { html } from 'lit';
import '../../../components/kline-chart/define.js';
import type { KlineChart } from '../../../components/kline-chart/kline-chart.js';
import { createCsvSource } from '../../../src/core/data/index.js';
import { canvasHash } from '../helpers/canvas-pixels.js';
import { paneCanvas, readyChart, waitFor } from '../helpers/chart-fixture.js';
import { coreOf } from '../../../components/kline-chart/core-of.js';

interface ErrorDetail {
  code: string;
  message: string;
  line?: number;
}

const fileUrl = (body: string, type: string) => URL.createObjectURL(new Blob([body], { type }));
const nextError = (chart: KlineChart) =>
  new Promise<ErrorDetail>((resolve) =>
    chart.addEventListener('kline-error', (e) => resolve((e as CustomEvent<ErrorDetail>).detail), { once: true }),
  );
const HEADER = 'time,open,high,low,close,volume\n';
const GOOD = '2024-01-02,10,11,9,10.5,100\n';

describe('a broken data file: kline-error with the line and reason, and the chart keeps what it showed', () => {
  const urls: string[] = [];
  after(() => urls.forEach((u) => URL.revokeObjectURL(u)));

  it('bad values, an empty file and unsorted rows are reported, and the previous series stays on screen', async () => {
    const chart = await readyChart();
    const shown = chart.context.get()!;
    const pixels = canvasHash(paneCanvas(chart, 'price'));
    const cases: {
      body: string;
      type: string;
      source: 'csv' | 'json';
      code: string;
      words: string[];
      line?: number;
    }[] = [
      {
        body: `${HEADER}${GOOD}2024-01-03,1e999,11,9,10.5,100\n`,
        type: 'text/csv',
        source: 'csv',
        code: 'parse_error',
        words: ['line 3', 'open', 'not a finite number'],
        line: 3,
      },
      {
        body: `${HEADER}${GOOD}2024-01-03,10,11,9,10.5,-100\n`,
        type: 'text/csv',
        source: 'csv',
        code: 'parse_error',
        words: ['line 3', 'volume is negative'],
        line: 3,
      },
      {
        body: `${HEADER}${GOOD}2024-01-03,12,11,9,10.5,100\n`,
        type: 'text/csv',
        source: 'csv',
        code: 'parse_error',
        words: ['line 3', 'open is outside [low, high]'],
        line: 3,
      },
      {
        body: `${HEADER}${GOOD}2024-01-04,10,11,9,10.5,100\n2024-01-03,10,11,9,10.5,100\n`,
        type: 'text/csv',
        source: 'csv',
        code: 'parse_error',
        words: ['line 4', 'out of order'],
        line: 4,
      },
      {
        body: `${HEADER}${GOOD}${GOOD}`,
        type: 'text/csv',
        source: 'csv',
        code: 'parse_error',
        words: ['line 3', 'duplicate time'],
        line: 3,
      },
      { body: HEADER, type: 'text/csv', source: 'csv', code: 'parse_error', words: ['line 2', 'no bars'], line: 2 },
      { body: '', type: 'text/csv', source: 'csv', code: 'parse_error', words: ['empty'], line: 1 },
      { body: '[]', type: 'application/json', source: 'json', code: 'parse_error', words: ['no bars'] },
      {
        body: '[{"time":"2024-01-02","open":10,"high":9,"low":11,"close":10}]',
        type: 'application/json',
        source: 'json',
        code: 'parse_error',
        words: ['[0].high', 'high is lower than low'],
      },
    ];
    for (const c of cases) {
      const url = fileUrl(c.body, c.type);
      urls.push(url);
      const error = nextError(chart);
      chart.setAttribute('symbol', 'FILE');
      chart.setAttribute('source', c.source);
      chart.setAttribute('src', url);
      const detail = await error;
      expect(detail.code, detail.message).to.equal(c.code);
      for (const w of c.words) expect(detail.message).to.contain(w);
      expect(detail.line).to.equal(c.line);
      // Nothing replaced what the user was looking at.
      const now = chart.context.get()!;
      expect([now.symbol, now.source, now.dataRange.bars, now.dataRange.from, now.dataRange.to]).to.deep.equal([
        shown.symbol,
        shown.source,
        shown.dataRange.bars,
        shown.dataRange.from,
        shown.dataRange.to,
      ]);
      await chart.whenPainted();
      expect(canvasHash(paneCanvas(chart, 'price')), 'the canvas still shows the previous series').to.equal(pixels);
      // The user is told too (a toast over the kept chart).
      await waitFor(
        () => chart.shadowRoot!.querySelector('.toast')?.textContent?.includes(detail.message) === true,
        'the toast',
      );
    }
  });

  it('a file that never finishes shows Loading…, then times out with an error and the request is aborted', async () => {
    let aborted = false;
    const hanging = (_url: string, init?: RequestInit) =>
      new Promise<Response>((_, reject) => {
        init?.signal?.addEventListener('abort', () => {
          aborted = true;
          reject(new DOMException('aborted', 'AbortError'));
        });
      });
    const wrapper = await fixture<HTMLElement>(
      html`<div><kline-chart source="csv" symbol="SLOW" style="width:600px;height:300px"></kline-chart></div>`,
    );
    const chart = wrapper.querySelector('kline-chart')!;
    await chart.updateComplete;
    const error = new Promise<ErrorDetail>((resolve) =>
      chart.addEventListener('kline-error', (e) => {
        const d = (e as CustomEvent<ErrorDetail>).detail;
        if (d.code === 'network') resolve(d);
      }),
    );
    chart.registerDataSource(createCsvSource('/slow.csv', { fetch: hanging, timeoutMs: 500 }));
    await waitFor(() => coreOf(chart).store.peek('loading'), 'the loading flag');
    await waitFor(() => chart.shadowRoot!.querySelector('.status')?.textContent === 'Loading…', 'the Loading… status');
    const detail = await error;
    expect(detail.message).to.contain('timed out');
    expect(aborted, 'the hanging request was aborted').to.equal(true);
    expect(coreOf(chart).store.peek('loading')).to.equal(false);
    await chart.updateComplete;
    expect(chart.shadowRoot!.querySelector('[role="alert"]')?.textContent).to.contain('timed out');
    expect(chart.context.get()).to.equal(null);
  });
});

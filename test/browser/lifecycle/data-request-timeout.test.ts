import { expect } from '@open-wc/testing';
import type { DataRequestDetail } from '../../../components/kline-chart/index.js';
import type { Bar } from '../../../src/core/data/index.js';
import { waitFor } from '../helpers/chart-fixture.js';
import { minuteBars, mountChart, painted, removeFixtures, START } from './lifecycle-fixture.js';

describe('kline-data-request that the host never answers', () => {
  afterEach(removeFixtures);

  it('times out with kline-error data_request_timeout, keeps the bars on screen, says so, and ignores a late answer', async () => {
    const { chart } = mountChart({ 'data-request-timeout': '300' });
    await painted(chart);
    chart.setBars(minuteBars(48, START, 3_600_000), { symbol: 'HOURLY', period: '1h' });
    await painted(chart);
    const errors: { code: string; message: string }[] = [];
    chart.addEventListener('kline-error', (e) =>
      errors.push((e as CustomEvent<{ code: string; message: string }>).detail),
    );
    const requests: DataRequestDetail[] = [];
    let answerLate: (bars: Bar[]) => void = () => undefined;
    chart.addEventListener('kline-data-request', (e) => {
      const detail = e.detail;
      requests.push(detail);
      // A host that takes the request and never comes back (until much too late).
      detail.respondWith(new Promise<Bar[]>((resolve) => (answerLate = resolve)));
    });
    const switching = chart.tools.execute('chart_set_period', { period: '1m' });
    await waitFor(() => errors.some((e) => e.code === 'data_request_timeout'), 'kline-error data_request_timeout');
    const result = await switching;
    expect(result.success).to.equal(false);
    expect(requests.map((r) => [r.symbol, r.period])).to.deep.equal([['HOURLY', '1m']]);
    const timeout = errors.find((e) => e.code === 'data_request_timeout')!;
    expect(timeout.message).to.include('1m');
    expect(timeout.message).to.include('HOURLY');
    // The chart is not left blank or loading: the hourly bars stay, and a notice tells the user.
    await chart.updateComplete;
    expect(chart.context.get()!.period).to.equal('1h');
    expect(chart.context.get()!.dataRange.bars).to.equal(48);
    const notice = chart.shadowRoot!.querySelector('.toast')?.textContent ?? '';
    expect(notice).to.match(/did not answer|timed out/i);
    expect(chart.shadowRoot!.querySelector('.status')).to.equal(null);
    // The late answer changes nothing: the next action (4h, folded from 1h) is what the chart shows.
    answerLate(minuteBars(90, START));
    const next = await chart.tools.execute('chart_set_period', { period: '4h' });
    expect(next.success, JSON.stringify(next)).to.equal(true);
    await chart.whenPainted();
    expect(chart.context.get()!.period).to.equal('4h');
    expect(chart.context.get()!.dataRange.bars).to.equal(12);
    expect(errors.map((e) => e.code)).to.deep.equal(['data_request_timeout']);
  });
});

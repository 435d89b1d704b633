import { expect } from '@open-wc/testing';
import { mountChart, removeFixtures } from '../lifecycle/lifecycle-fixture.js';
import { waitFor } from '../helpers/chart-fixture.js';

// Attributes a CMS writes: a value the chart cannot use is reported (`invalid_attribute`), never taken silently.

describe('hostile attribute values', () => {
  afterEach(removeFixtures);

  for (const value of ['abc', '-5', '-1e309', '0']) {
    it(`data-request-timeout="${value}" is reported`, async () => {
      const { chart } = mountChart({ 'data-request-timeout': value });
      const messages: string[] = [];
      chart.addEventListener('kline-error', (e) => {
        const d = (e as CustomEvent<{ code: string; message: string }>).detail;
        if (d.code === 'invalid_attribute') messages.push(d.message);
      });
      await waitFor(() => chart.context.get() !== null, 'the chart loaded');
      await chart.updateComplete;
      expect(messages.filter((m) => m.startsWith('data-request-timeout:'))).to.have.length(1);
    });
  }

  it('a valid data-request-timeout is not reported', async () => {
    const { chart } = mountChart({ 'data-request-timeout': '5000' });
    const codes: string[] = [];
    chart.addEventListener('kline-error', (e) => codes.push((e as CustomEvent<{ code: string }>).detail.code));
    await waitFor(() => chart.context.get() !== null, 'the chart loaded');
    await chart.updateComplete;
    expect(codes).to.deep.equal([]);
  });
});

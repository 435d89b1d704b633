import { expect } from '@open-wc/testing';
import type { Bar } from '../../../src/core/data/index.js';
import { minuteBars, mountChart, painted, removeFixtures } from './lifecycle-fixture.js';

interface ErrorDetail {
  code: string;
  reason?: string;
  message: string;
}

describe('updateBar with a time far beyond the loaded bars', () => {
  afterEach(removeFixtures);

  it('is refused with time_out_of_range and the time axis keeps its range', async () => {
    const { chart } = mountChart({ symbol: 'LIVE', period: '1m' });
    const rows = minuteBars(200);
    expect(chart.setBars(rows)).to.equal(true);
    await painted(chart);
    const errors: ErrorDetail[] = [];
    chart.addEventListener('kline-error', (e) => errors.push((e as CustomEvent<ErrorDetail>).detail));
    const last = rows[rows.length - 1];
    const at = (time: number): Bar => ({ ...last, time });
    const range = () => ({ ...chart.context.get()!.dataRange });
    const before = range();
    const far = [
      Date.UTC(9999, 0, 1), // the year 9999
      Date.UTC(2999, 0, 1), // still before the year 3000, but no 1-minute feed jumps a millennium
      Date.now() + 5 * 365 * 86_400_000, // five years from now, one minute after a 2024 bar
    ];
    for (const time of far) {
      errors.length = 0;
      expect(chart.updateBar(at(time)), new Date(time).toISOString()).to.equal(false);
      expect(errors.map((e) => e.reason)).to.deep.equal(['time_out_of_range']);
      expect(errors[0].code).to.equal('invalid_bars');
      expect(range()).to.deep.equal(before);
    }
    await chart.whenPainted();
    // A gap a market really has (a long weekend, three days later) is still a bar.
    errors.length = 0;
    expect(chart.updateBar(at(last.time + 3 * 86_400_000))).to.equal(true);
    expect(errors).to.deep.equal([]);
    expect(range().bars).to.equal(before.bars + 1);
  });
});

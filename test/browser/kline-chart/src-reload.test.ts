import { expect } from '@open-wc/testing';
import { executeServerCommand } from '@web/test-runner-commands';
import { mountChart, painted, removeFixtures } from '../lifecycle/lifecycle-fixture.js';
import { pollUntil, waitFor } from '../helpers/wait-for.js';
import { coreOf } from '../../../components/kline-chart/core-of.js';
import type { KlineChart } from '../../../components/kline-chart/kline-chart.js';

type FileState = { path: string; state: 'pending' | 'answered' | 'aborted' };

/** The last close on screen (internals: the legend shows it rounded; the test files' closes are whole numbers). */
function lastClose(chart: KlineChart): number {
  const bars = coreOf(chart).store.peek('series')!.bars;
  return bars.close[bars.length - 1];
}

describe('changing src after the chart loaded', () => {
  let files = '';
  const log = async (): Promise<FileState[]> => (await fetch(`${files}/__log`)).json() as Promise<FileState[]>;

  before(async () => {
    files = (await executeServerCommand<{ filesUrl: string }, undefined>('error-servers')).filesUrl;
  });
  afterEach(removeFixtures);

  it('loads the file at the new URL', async () => {
    const { chart } = mountChart({ source: 'csv', src: `${files}/FIRST.csv?base=100` });
    await painted(chart);
    expect(chart.context.get()!.symbol).to.equal('FIRST');
    expect(lastClose(chart)).to.equal(160);
    const loads: { symbol: string }[] = [];
    chart.addEventListener('kline-data-load', (e) => loads.push((e as CustomEvent<{ symbol: string }>).detail));
    chart.setAttribute('src', `${files}/SECOND.csv?base=500`);
    await waitFor(() => chart.context.get()?.symbol === 'SECOND', 'the second file on screen');
    expect(lastClose(chart)).to.equal(560);
    expect(chart.getAttribute('symbol')).to.equal('SECOND');
    expect(loads.map((l) => l.symbol)).to.deep.equal(['SECOND']);
  });

  it('an older file that arrives after the newer one never replaces it', async () => {
    const { chart } = mountChart({ source: 'csv', src: `${files}/FIRST.csv?base=100` });
    await painted(chart);
    const errors: unknown[] = [];
    chart.addEventListener('kline-error', (e) => errors.push((e as CustomEvent).detail));
    // A slow file, then, while it is still on its way, a fast one.
    chart.setAttribute('src', `${files}/SLOW.csv?base=900&delay=1500`);
    await pollUntil(async () => (await log()).some((f) => f.path.startsWith('/files/SLOW')), 'the slow request');
    chart.setAttribute('src', `${files}/FAST.csv?base=300`);
    await waitFor(() => chart.context.get()?.symbol === 'FAST', 'the fast file on screen');
    // The slow request has ended (cancelled, or answered late) before the chart is looked at again.
    await pollUntil(
      async () => (await log()).some((f) => f.path.startsWith('/files/SLOW') && f.state !== 'pending'),
      'the slow request to end',
    );
    await chart.whenPainted();
    await chart.whenPainted();
    expect(chart.context.get()!.symbol).to.equal('FAST');
    expect(lastClose(chart)).to.equal(360);
    expect(errors).to.deep.equal([]);
  });
});

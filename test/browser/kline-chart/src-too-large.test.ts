import { expect } from '@open-wc/testing';
import { executeServerCommand } from '@web/test-runner-commands';
import { mountChart, painted, removeFixtures } from '../lifecycle/lifecycle-fixture.js';
import { pollUntil, waitFor } from '../helpers/wait-for.js';
import { coreOf } from '../../../components/kline-chart/core-of.js';

// A file over 500 MB: Chromium's response.text() answered an empty string for one over ≈ 537 MB, and the chart
// said "JSON syntax error at line 1, column 1" or "the file is empty" after downloading all of it. Now the
// file's Content-Length is refused at once with a kline-error naming the limit and the size, the download
// is cancelled, and the chart keeps what it showed.

type FileState = { path: string; state: 'pending' | 'answered' | 'aborted' };

describe('a src file over 500 MB', () => {
  afterEach(removeFixtures);

  it('is refused at once with kline-error naming the limit and the size; the chart keeps its file', async () => {
    const files = (await executeServerCommand<{ filesUrl: string }, undefined>('error-servers')).filesUrl;
    const { chart } = mountChart({ source: 'csv', src: `${files}/FIRST.csv?base=100` });
    await painted(chart);
    const errors: { code: string; message: string }[] = [];
    chart.addEventListener('kline-error', (e) =>
      errors.push((e as CustomEvent<{ code: string; message: string }>).detail),
    );
    chart.setAttribute('src', `${files}/HUGE.csv?declare=612345678`);
    await waitFor(() => errors.length > 0, 'kline-error');
    expect(errors[0].code).to.equal('unsupported');
    expect(errors[0].message).to.contain('is 612 MB (612345678 bytes); files over 500 MB cannot be loaded');
    const bars = coreOf(chart).store.peek('series')!.bars;
    expect(chart.context.get()!.symbol).to.equal('FIRST');
    expect(bars.close[bars.length - 1]).to.equal(160);
    // The download was cancelled, not left running.
    await pollUntil(
      async () =>
        ((await (await fetch(`${files}/__log`)).json()) as FileState[]).some(
          (f) => f.path.startsWith('/files/HUGE') && f.state === 'aborted',
        ),
      'the download to be cancelled',
    );
  });
});

import { expect } from '@open-wc/testing';
import { executeServerCommand } from '@web/test-runner-commands';
import { waitFor } from '../helpers/chart-fixture.js';
import { minuteBars, mountChart, painted, removeFixtures, streamingSource } from './lifecycle-fixture.js';

// Following a source's live stream is a chunk of its own (live-feed.ts, loaded by live-feed-controller.ts once a
// source that streams is asked for). When it cannot be fetched the console says so, the chart shows the source's
// bars, and the stream starts once the chunk can be fetched (here: on the next connect, three seconds on).

const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

describe('a live source whose feed code cannot be fetched', function () {
  this.timeout(60000);
  const warned: string[] = [];
  const warn = console.warn;
  before(() => {
    console.warn = (...args: unknown[]) => {
      warned.push(args.map(String).join(' '));
      warn.apply(console, args);
    };
  });
  after(async () => {
    console.warn = warn;
    await executeServerCommand('block-requests', { pattern: null });
  });
  afterEach(removeFixtures);

  it('is warned about, shows the bars, and streams once the code loads', async () => {
    await executeServerCommand('block-requests', { pattern: '/live-feed\\.js' });
    const source = streamingSource(minuteBars(200));
    const { chart, parent } = mountChart({ live: 'on', period: '1m' });
    chart.registerDataSource(source);
    chart.setAttribute('source', 'stream');
    await waitFor(() => chart.context.get()?.source === 'stream', 'stream data');
    await painted(chart);
    await waitFor(() => warned.some((w) => /live feed .*could not be loaded/.test(w)), 'the warning');
    expect(source.listeners).to.equal(0);
    expect(chart.context.get()!.dataRange.bars).to.equal(200);

    await executeServerCommand('block-requests', { pattern: null });
    await sleep(3100);
    chart.remove();
    parent.append(chart);
    await waitFor(() => source.listeners === 1, 'the stream, once the code loads');
    const last = minuteBars(201)[200];
    source.push(last);
    expect(chart.context.get()!.dataRange.bars).to.equal(201);
  });
});

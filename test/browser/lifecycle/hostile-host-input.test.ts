import { expect } from '@open-wc/testing';
import type { KlineChart } from '../../../components/kline-chart/kline-chart.js';
import type { DataRequestDetail } from '../../../components/kline-chart/index.js';
import type { Bars } from '../../../src/core/data/index.js';
import { waitFor } from '../helpers/chart-fixture.js';
import { minuteBars, mountChart, painted, removeFixtures, START } from './lifecycle-fixture.js';

// What a page hands the chart is checked like a file's rows: anything that cannot be shown faithfully
// is refused with a kline-error that says why, and the chart keeps what it showed (QA, hostile input).

interface ErrorDetail {
  code: string;
  message: string;
  index?: number;
  reason?: string;
}

function errors(chart: KlineChart): ErrorDetail[] {
  const seen: ErrorDetail[] = [];
  chart.addEventListener('kline-error', (e) => seen.push((e as CustomEvent<ErrorDetail>).detail));
  return seen;
}

async function hostChart(attributes: Record<string, string> = {}, stepMs = 60_000) {
  const { chart } = mountChart({ source: 'custom', symbol: 'HOSTCO', period: '1m', ...attributes });
  const seen = errors(chart);
  expect(chart.setBars(minuteBars(120, START, stepMs))).to.equal(true);
  await painted(chart);
  return { chart, seen };
}

/** What a user sees of the chart: instrument, period, zone and bar count. */
function shown(chart: KlineChart) {
  const c = chart.context.get()!;
  return { symbol: c.symbol, period: c.period, timezone: c.timezone, bars: c.dataRange.bars };
}

describe('bad input from the page', () => {
  afterEach(removeFixtures);

  it('setBars refuses no bars, broken columns, microsecond times and bad options, and keeps the chart', async () => {
    const { chart, seen } = await hostChart();
    const before = shown(chart);
    const rows = minuteBars(30);
    const cases: [string, () => boolean, string][] = [
      ['[]', () => chart.setBars([]), 'empty'],
      [
        'null columns',
        () =>
          chart.setBars({
            length: 3,
            time: new Float64Array([START, START + 60_000, START + 120_000]),
            open: [1, 2],
            high: null,
            low: null,
            close: null,
            volume: null,
          } as unknown as Bars),
        'not_bars',
      ],
      ['µs times', () => chart.setBars(rows.map((b) => ({ ...b, time: b.time * 1000 }))), 'time_out_of_range'],
      ['bad zone', () => chart.setBars(rows, { timezone: 'Mars/Olympus' }), 'bad_option'],
      ['bad period', () => chart.setBars(rows, { period: 'bogus' as '1m' }), 'bad_option'],
      ['options not an object', () => chart.setBars(rows, 'x' as never), 'bad_option'],
    ];
    for (const [name, call, reason] of cases) {
      seen.length = 0;
      expect(call(), name).to.equal(false);
      expect(
        seen.map((e) => [e.code, e.reason]),
        name,
      ).to.deep.equal([['invalid_bars', reason]]);
      expect(seen[0].message, name).to.be.a('string').and.not.equal('');
      await chart.whenPainted();
      expect(shown(chart), name).to.deep.equal(before);
    }
    // Missing options (null, as some callers write) are no options.
    expect(chart.setBars(rows, null as never)).to.equal(true);
    await painted(chart);
    expect(shown(chart).bars).to.equal(30);
  });

  it('an empty kline-data-request answer is refused: the period stays and the error says why', async () => {
    const { chart, seen } = await hostChart({ period: '1h' }, 3_600_000);
    const listener = (e: Event) => (e as CustomEvent<DataRequestDetail>).detail.respondWith(Promise.resolve([]));
    chart.addEventListener('kline-data-request', listener);
    // 1m cannot be folded from hourly bars: the chart asks the page, which answers with nothing.
    const result = await chart.tools.execute('chart_set_period', { period: '1m' });
    chart.removeEventListener('kline-data-request', listener);
    expect(result.success).to.equal(false);
    expect(shown(chart).period).to.equal('1h');
    expect(shown(chart).bars).to.equal(120);
    expect(
      seen.some((e) => e.reason === 'empty' || /no bars/.test(e.message)),
      JSON.stringify(seen),
    ).to.equal(true);
  });

  it('an unknown agent value shuts the agent out instead of letting it change the chart', async () => {
    for (const value of ['readonly', 'OFF', 'none']) {
      const { chart, seen } = await hostChart({ agent: value });
      const result = await chart.tools.execute('chart_set_period', { period: '5m' }, { origin: 'agent' });
      expect(!result.success && result.error.code, value).to.equal('not_allowed');
      expect(shown(chart).period, value).to.equal('1m');
      if (value !== 'OFF')
        expect(
          seen.map((e) => e.code),
          value,
        ).to.include('invalid_attribute');
      removeFixtures();
    }
    // Case and spaces aside, the documented values work.
    const { chart } = await hostChart({ agent: ' Read-Only ' });
    const read = await chart.tools.execute('chart_get_context', {}, { origin: 'agent' });
    expect(read.success).to.equal(true);
    const write = await chart.tools.execute('chart_set_period', { period: '5m' }, { origin: 'agent' });
    expect(!write.success && write.error.code).to.equal('not_allowed');
  });

  it('an unknown theme or colour convention is reported and changes nothing', async () => {
    const { chart, seen } = await hostChart();
    chart.setAttribute('theme', 'neon');
    chart.setAttribute('color-convention', 'blue-up');
    await waitFor(() => seen.length >= 2, 'two errors');
    expect(seen.map((e) => e.code)).to.deep.equal(['invalid_attribute', 'invalid_attribute']);
    expect(seen.map((e) => e.message).join(' '))
      .to.match(/theme.*neon/)
      .and.match(/color-convention.*blue-up/);
  });

  it('a POSIX-style locale (zh_CN) is read as its BCP-47 tag, not refused', async () => {
    const { chart, seen } = await hostChart({ locale: 'zh_CN' });
    // The Chinese strings are a chunk of their own: they arrive after the first paint.
    await waitFor(
      () => chart.shadowRoot!.querySelector('[part="toolbar"]')?.getAttribute('aria-label') === '图表工具栏',
      'the toolbar in Chinese',
    );
    expect(seen.filter((e) => e.code === 'invalid_attribute')).to.deep.equal([]);
  });

  it('an unknown toolbar, wheel, live or locale value is reported, and the chart keeps its default', async () => {
    const { chart, seen } = await hostChart();
    chart.setAttribute('toolbar', 'compact');
    chart.setAttribute('wheel', 'sideways');
    chart.setAttribute('live', 'yes');
    chart.setAttribute('locale', 'en_US!!');
    await waitFor(() => seen.length >= 4, 'four errors');
    expect(seen.map((e) => e.code)).to.deep.equal(Array(4).fill('invalid_attribute'));
    expect(seen.map((e) => e.message).join(' '))
      .to.match(/toolbar: expected full, minimal or none, got 'compact'/)
      .and.match(/wheel.*sideways/)
      .and.match(/live: expected auto, on or off, got 'yes'/)
      .and.match(/locale.*en_US!!/);
    await chart.updateComplete;
    // The full toolbar (its period buttons) and a working locale, as without the attributes.
    expect(chart.shadowRoot!.querySelector('[part~="toolbar"]')).to.not.equal(null);
    expect(chart.toolbar).to.equal('full');
    expect(chart.wheel).to.equal('zoom');
    expect(chart.live).to.equal('auto');
  });
});

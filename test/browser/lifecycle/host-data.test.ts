import { expect } from '@open-wc/testing';
import type { KlineChart } from '../../../components/kline-chart/kline-chart.js';
import type { DataRequestDetail } from '../../../components/kline-chart/index.js';
import { inputReady, waitFor } from '../helpers/chart-fixture.js';
import { minuteBars, mountChart, painted, removeFixtures, START } from './lifecycle-fixture.js';
import type { Bar } from '../../../src/core/data/index.js';
import { sendKeys } from '@web/test-runner-commands';
import type { CommandPalette } from '../../../components/command-palette/index.js';
import { coreOf } from '../../../components/kline-chart/core-of.js';

interface ChangeDetail {
  action: string;
  symbol: string;
  period: string;
  source: string;
  reason: string;
}

function record<T>(chart: KlineChart, type: string): T[] {
  const seen: T[] = [];
  chart.addEventListener(type, (e) => seen.push((e as CustomEvent<T>).detail));
  return seen;
}

/** The host's first five 1m bars folded by hand: what the first 5m bar must show. */
function firstFive(rows: readonly Bar[]) {
  const five = rows.slice(0, 5);
  return {
    time: five[0].time,
    open: five[0].open,
    high: Math.max(...five.map((b) => b.high)),
    low: Math.min(...five.map((b) => b.low)),
    close: five[4].close,
    volume: five.reduce((a, b) => a + b.volume, 0),
  };
}

function firstBar(chart: KlineChart) {
  const b = coreOf(chart).store.peek('series')!.bars;
  return { time: b.time[0], open: b.open[0], high: b.high[0], low: b.low[0], close: b.close[0], volume: b.volume[0] };
}

/** A page that names its instrument in markup and gives the bars at once: the attributes label them. */
async function hostChart(): Promise<{ chart: KlineChart; rows: Bar[] }> {
  const { chart } = mountChart({ symbol: 'HOSTCO', period: '1m' });
  const rows = minuteBars(600);
  expect(chart.setBars(rows)).to.equal(true);
  await painted(chart);
  expect(chart.context.get()!.period).to.equal('1m');
  expect(chart.context.get()!.symbol).to.equal('HOSTCO');
  return { chart, rows };
}

describe('host data is a first-class source', () => {
  afterEach(removeFixtures);

  it("the toolbar's 5m button folds the host's 1m bars (not DEMO), reflects period=5m, one kline-change", async () => {
    const { chart, rows } = await hostChart();
    expect(chart.getAttribute('symbol')).to.equal('HOSTCO');
    expect(chart.getAttribute('period')).to.equal('1m');
    const changes = record<ChangeDetail>(chart, 'kline-change');
    const errors = record<{ code: string }>(chart, 'kline-error');
    chart.shadowRoot!.querySelector<HTMLButtonElement>('[part="period-button"][data-period="5m"]')!.click();
    await waitFor(() => chart.context.get()?.period === '5m', '5m bars');
    await chart.updateComplete;
    expect(chart.context.get()!.symbol).to.equal('HOSTCO');
    expect(chart.context.get()!.source).to.equal('custom');
    expect(chart.context.get()!.dataRange.bars).to.equal(120);
    expect(firstBar(chart)).to.deep.equal(firstFive(rows));
    expect(chart.getAttribute('period')).to.equal('5m');
    expect(chart.period).to.equal('5m');
    await chart.whenPainted();
    await inputReady(); // the plot's keys, touch gestures and separator drags (a chunk)
    await chart.updateComplete;
    expect(changes).to.have.length(1);
    expect(changes[0]).to.include({
      action: 'chart_set_period',
      symbol: 'HOSTCO',
      period: '5m',
      source: 'custom',
      reason: 'user',
    });
    expect(errors).to.deep.equal([]);
    // Back to 1m: the host's own bars, not a request and not DEMO.
    chart.shadowRoot!.querySelector<HTMLButtonElement>('[part="period-button"][data-period="1m"]')!.click();
    await waitFor(() => chart.context.get()?.period === '1m', '1m again');
    expect(chart.context.get()!.dataRange.bars).to.equal(600);
    expect(chart.getAttribute('source'), 'the chart never writes source').to.equal(null);
  });

  it("chart.tools.execute('chart_set_period') does the same, with reason host; undo returns to the folded bars", async () => {
    const { chart, rows } = await hostChart();
    const changes = record<ChangeDetail>(chart, 'kline-change');
    const result = await chart.tools.execute('chart_set_period', { period: '5m' });
    expect(result.success, JSON.stringify(result)).to.equal(true);
    expect(firstBar(chart)).to.deep.equal(firstFive(rows));
    await chart.updateComplete;
    expect(chart.getAttribute('period')).to.equal('5m');
    await chart.updateComplete;
    expect(changes.map((c) => c.action)).to.deep.equal(['chart_set_period']);
    expect(changes[0]).to.include({ reason: 'host', period: '5m', source: 'custom' });
    // 1d folds too (one bar per UTC day; 600 minutes fit in one day).
    expect((await chart.tools.execute('chart_set_period', { period: '1d' })).success).to.equal(true);
    expect(chart.context.get()!.dataRange.bars).to.equal(1);
    // Undo goes back to 5m, still the host's bars: one kline-change (reason undo), though the bars load after it.
    changes.length = 0;
    expect(chart.undo()).to.equal('chart_set_period');
    await waitFor(() => coreOf(chart).store.peek('series')?.period === '5m', 'undo to 5m');
    expect(firstBar(chart)).to.deep.equal(firstFive(rows));
    await chart.updateComplete;
    expect(chart.getAttribute('period')).to.equal('5m');
    await chart.updateComplete;
    expect(changes.map((c) => [c.reason, c.period])).to.deep.equal([['undo', '5m']]);
  });

  it("the command palette's chart_set_period folds the host's bars the same way (one kline-change, reason user)", async () => {
    const { chart, rows } = await hostChart();
    const changes = record<ChangeDetail>(chart, 'kline-change');
    await chart.openCommandPalette();
    const palette = chart.shadowRoot!.querySelector<CommandPalette>('kline-command-palette')!;
    await sendKeys({ type: 'set period' });
    await sendKeys({ press: 'Enter' });
    await waitFor(
      () => palette.shadowRoot!.querySelector('kline-schema-form') !== null,
      'the form of chart_set_period',
    );
    const form = palette.shadowRoot!.querySelector('kline-schema-form')!;
    const select = form.shadowRoot!.querySelector<HTMLSelectElement>('[data-field="period"] select')!;
    select.value = '30m';
    select.dispatchEvent(new Event('change', { bubbles: true, composed: true }));
    await (form as unknown as { updateComplete: Promise<unknown> }).updateComplete;
    palette.shadowRoot!.querySelector<HTMLButtonElement>('[part="run"]')!.click();
    await waitFor(() => chart.context.get()?.period === '30m', '30m bars');
    const b = coreOf(chart).store.peek('series')!.bars;
    expect(b.length).to.equal(20);
    expect(b.volume[0]).to.equal(rows.slice(0, 30).reduce((a, r) => a + r.volume, 0));
    await chart.updateComplete;
    expect(chart.getAttribute('period')).to.equal('30m');
    await chart.updateComplete;
    expect(changes).to.have.length(1);
    expect(changes[0]).to.include({ action: 'chart_set_period', reason: 'user', source: 'custom' });
  });

  it('a host changing the period attribute folds too, once; echoing the state does not load again', async () => {
    const { chart, rows } = await hostChart();
    const changes = record<ChangeDetail>(chart, 'kline-change');
    const loads = record<unknown>(chart, 'kline-data-load');
    chart.setAttribute('period', '15m');
    await waitFor(() => chart.context.get()?.period === '15m', '15m');
    expect(chart.context.get()!.dataRange.bars).to.equal(40);
    expect(firstBar(chart).volume).to.equal(rows.slice(0, 15).reduce((a, b) => a + b.volume, 0));
    await chart.updateComplete;
    expect(changes).to.have.length(1);
    expect(changes[0]).to.include({ reason: 'attribute', period: '15m' });
    // The same value again (a framework re-rendering): nothing happens.
    chart.setAttribute('period', '15m');
    await chart.updateComplete;
    await chart.whenPainted();
    await inputReady();
    expect(changes).to.have.length(1);
    expect(loads).to.have.length(1);
  });

  it('a period the bars cannot fold into is asked for with kline-data-request; respondWith answers it', async () => {
    const { chart } = mountChart();
    await painted(chart);
    const hourly = minuteBars(48, START, 3_600_000);
    chart.setBars(hourly, { symbol: 'HOURLY', period: '1h' });
    const requests: DataRequestDetail[] = [];
    const answer = minuteBars(90, START);
    const listener = (e: Event) => {
      const detail = (e as CustomEvent<DataRequestDetail>).detail;
      requests.push(detail);
      expect(e.cancelable).to.equal(true);
      detail.respondWith(new Promise((resolve) => setTimeout(() => resolve(answer), 10)));
    };
    chart.addEventListener('kline-data-request', listener);
    const result = await chart.tools.execute('chart_set_period', { period: '1m' });
    expect(result.success, JSON.stringify(result)).to.equal(true);
    expect(requests.map((r) => [r.symbol, r.period])).to.deep.equal([['HOURLY', '1m']]);
    expect(chart.context.get()!.dataRange.bars).to.equal(90);
    expect(chart.context.get()!.symbol).to.equal('HOURLY');
    // Answered once, kept: 5m now folds from the answer without asking again.
    expect((await chart.tools.execute('chart_set_period', { period: '5m' })).success).to.equal(true);
    expect(chart.context.get()!.dataRange.bars).to.equal(18);
    expect(requests).to.have.length(1);
    chart.removeEventListener('kline-data-request', listener);
  });

  it('setBars after the sample data loaded: the host owns the data from then on (never back to DEMO)', async () => {
    const { chart } = mountChart();
    await painted(chart);
    expect(chart.context.get()!.symbol).to.equal('DEMO');
    const rows = minuteBars(100);
    expect(chart.setBars(rows)).to.equal(true);
    // No period given anywhere by the host: guessed from the spacing.
    expect(chart.context.get()!.period).to.equal('1m');
    expect(chart.context.get()!.source).to.equal('custom');
    expect((await chart.tools.execute('chart_set_period', { period: '5m' })).success).to.equal(true);
    expect(chart.context.get()!.symbol).to.not.equal('DEMO');
    expect(firstBar(chart)).to.deep.equal(firstFive(rows));
  });

  it('source="custom" waits for the host\'s setBars: "Loading…", no sample data, no error; refused bars are explained; then the host\'s bars', async () => {
    const { chart } = mountChart({ source: 'custom', symbol: 'HOSTCO' });
    const errors = record<{ code: string; message: string; index?: number; reason?: string }>(chart, 'kline-error');
    const loads = record<{ source: string }>(chart, 'kline-data-load');
    await chart.updateComplete;
    // Long enough for the sample source's chunk and bars, had the chart asked for them.
    for (let i = 0; i < 20; i++) await new Promise((r) => setTimeout(r, 10));
    await chart.updateComplete;
    const status = () => chart.shadowRoot!.querySelector('.status')?.textContent?.trim() ?? null;
    expect(chart.context.get()).to.equal(null);
    expect(status()).to.equal('Loading…');
    expect(chart.shadowRoot!.querySelector('.status.error')).to.equal(null);
    expect(errors.map((e) => e.code)).to.deep.equal([]);
    expect(loads).to.deep.equal([]);
    // Bars it refuses: the status line says why instead of "Loading…" for ever; the event has the details.
    const bad = minuteBars(10);
    bad[4] = { ...bad[4], high: bad[4].low - 1 };
    expect(chart.setBars(bad)).to.equal(false);
    await chart.updateComplete;
    expect(errors.map((e) => [e.code, e.index, typeof e.reason, typeof e.message])).to.deep.equal([
      ['invalid_bars', 4, 'string', 'string'],
    ]);
    const shown = chart.shadowRoot!.querySelector('.status.error')?.textContent ?? '';
    expect(shown.length > 0 && shown === errors[0].message).to.equal(true);
    expect(status()).to.not.equal('Loading…');
    errors.length = 0;
    const rows = minuteBars(200);
    expect(chart.setBars(rows)).to.equal(true);
    await painted(chart);
    await chart.updateComplete;
    expect(chart.context.get()!.symbol).to.equal('HOSTCO');
    expect(chart.context.get()!.source).to.equal('custom');
    expect(chart.context.get()!.dataRange.bars).to.equal(200);
    expect(status()).to.equal(null);
    expect(errors.map((e) => e.code)).to.deep.equal([]);
  });

  it('nobody answers kline-data-request: kline-error explains it and the chart keeps what it shows', async () => {
    const { chart } = mountChart();
    await painted(chart);
    chart.setBars(minuteBars(30, START, 86_400_000), { symbol: 'DAILY', period: '1d' });
    await chart.whenPainted();
    await inputReady();
    const errors = record<{ code: string; message: string }>(chart, 'kline-error');
    const before = chart.context.get()!;
    chart.shadowRoot!.querySelector<HTMLButtonElement>('[part="period-button"][data-period="1h"]')!.click();
    await waitFor(() => errors.length > 0, 'kline-error');
    expect(errors[0].code).to.equal('data_unavailable');
    expect(errors[0].message).to.contain('kline-data-request');
    expect(errors[0].message).to.contain('1h');
    await chart.updateComplete;
    expect(chart.context.get()!.period).to.equal('1d');
    expect(chart.context.get()!.dataRange).to.deep.equal(before.dataRange);
    expect(chart.getAttribute('period')).to.equal('1d');
    // The user sees it too.
    await waitFor(
      () => chart.shadowRoot!.querySelector('.toast')?.textContent?.includes('kline-data-request') === true,
      'toast',
    );
    // 1w folds from 1d.
    expect((await chart.tools.execute('chart_set_period', { period: '1w' })).success).to.equal(true);
    expect(chart.context.get()!.source).to.equal('custom');
  });
});

describe('setBars and updateBar refuse bad bars and keep the chart', () => {
  afterEach(removeFixtures);

  const good = () => minuteBars(20);
  const cases: [string, () => Bar[], number, string][] = [
    ['times in seconds', () => good().map((b) => ({ ...b, time: b.time / 1000 })), 0, 'seconds_not_ms'],
    [
      'unsorted times',
      () => {
        const r = good();
        [r[5], r[6]] = [r[6], r[5]];
        return r;
      },
      6,
      'unsorted',
    ],
    [
      'duplicate times',
      () => {
        const r = good();
        r[8] = { ...r[8], time: r[7].time };
        return r;
      },
      8,
      'duplicate_time',
    ],
    [
      'NaN',
      () => {
        const r = good();
        r[3] = { ...r[3], close: Number.NaN };
        return r;
      },
      3,
      'not_finite',
    ],
    [
      'Infinity',
      () => {
        const r = good();
        r[4] = { ...r[4], high: Number.POSITIVE_INFINITY };
        return r;
      },
      4,
      'not_finite',
    ],
    [
      'high < low',
      () => {
        const r = good();
        r[9] = { ...r[9], high: r[9].low - 1 };
        return r;
      },
      9,
      'high_below_low',
    ],
    [
      'open outside [low, high]',
      () => {
        const r = good();
        r[10] = { ...r[10], open: r[10].high + 5 };
        return r;
      },
      10,
      'open_outside_range',
    ],
    [
      'close outside [low, high]',
      () => {
        const r = good();
        r[11] = { ...r[11], close: r[11].low - 5 };
        return r;
      },
      11,
      'close_outside_range',
    ],
    [
      'negative volume',
      () => {
        const r = good();
        r[12] = { ...r[12], volume: -1 };
        return r;
      },
      12,
      'negative_volume',
    ],
  ];

  it('each bad input gives kline-error {code: invalid_bars, index, reason}; the chart keeps its bars and pixels', async () => {
    const { chart } = mountChart();
    chart.setBars(minuteBars(100), { symbol: 'KEEP', period: '1m' });
    await painted(chart);
    const before = JSON.stringify(chart.context.get()!.dataRange);
    const errors = record<{ code: string; index: number; reason: string; message: string }>(chart, 'kline-error');
    for (const [name, rows, index, reason] of cases) {
      errors.length = 0;
      expect(chart.setBars(rows()), name).to.equal(false);
      expect(errors, name).to.have.length(1);
      expect(errors[0], name).to.include({ code: 'invalid_bars', index, reason });
      expect(errors[0].message, name).to.be.a('string').and.not.equal('');
      expect(JSON.stringify(chart.context.get()!.dataRange), name).to.equal(before);
      expect(chart.context.get()!.symbol).to.equal('KEEP');
    }
    // updateBar: older than the last bar, seconds, high < low.
    const bars = coreOf(chart).store.peek('series')!.bars;
    const last = bars.time[bars.length - 1];
    for (const [bar, reason] of [
      [{ time: last - 60_000, open: 1, high: 2, low: 0.5, close: 1.5, volume: 1 }, 'unsorted'],
      [{ time: (last + 60_000) / 1000, open: 1, high: 2, low: 0.5, close: 1.5, volume: 1 }, 'seconds_not_ms'],
      [{ time: last + 60_000, open: 1, high: 0.4, low: 0.5, close: 1.5, volume: 1 }, 'high_below_low'],
    ] as const) {
      errors.length = 0;
      expect(chart.updateBar({ ...bar }), reason).to.equal(false);
      expect(errors[0], reason).to.include({ code: 'invalid_bars', reason });
    }
    expect(JSON.stringify(chart.context.get()!.dataRange)).to.equal(before);
  });
});

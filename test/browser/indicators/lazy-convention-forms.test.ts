import { expect } from '@open-wc/testing';
import '../../../components/kline-chart/define.js';
import type { KlineChart } from '../../../components/kline-chart/kline-chart.js';
import { coreOf } from '../../../components/kline-chart/core-of.js';
import { waitFor } from '../helpers/chart-fixture.js';

// MACD is in the bundle itself, its tdx and tradingview forms are chunks loaded before a study follows
// that convention (src/core/indicators/lazy-indicator-registry.ts, issue #12). No frame may compute
// MACD in another convention than the chart's: each computation is recorded with the convention the
// chart had then and the definition it used.

const TALIB = 'Moving Average Convergence Divergence';
const TDX = 'Moving Average Convergence Divergence (通达信)';
const TV = 'Moving Average Convergence Divergence (TradingView)';

interface Computation {
  readonly convention: string;
  readonly def: string | undefined;
}

/** Records every MACD computation of the chart's engine (set up before the chart connects). */
function recordMacd(chart: KlineChart): Computation[] {
  const core = coreOf(chart);
  const engine = core.indicatorEngine;
  const values = engine.values.bind(engine);
  const seen: Computation[] = [];
  engine.values = (instance, series) => {
    if (instance.definitionId === 'MACD')
      seen.push({ convention: core.indicators.chartConvention(), def: engine.study(instance)?.def.name });
    return values(instance, series);
  };
  return seen;
}

function macd(chart: KlineChart) {
  const core = coreOf(chart);
  const instance = core.store.peek('indicators').find((i) => i.definitionId === 'MACD')!;
  return {
    def: core.indicatorEngine.study(instance)?.def.name,
    hist0: core.indicatorEngine.values(instance, core.store.peek('series')!)!.hist[0],
  };
}

function legendText(chart: KlineChart): string {
  return [...chart.shadowRoot!.querySelectorAll('.pane-legend')].map((e) => e.textContent ?? '').join(' | ');
}

async function mount(attributes: Record<string, string>): Promise<{ chart: KlineChart; seen: Computation[] }> {
  const chart = document.createElement('kline-chart');
  chart.style.cssText = 'display:block;width:800px;height:500px';
  for (const [name, value] of Object.entries(attributes)) chart.setAttribute(name, value);
  const seen = recordMacd(chart);
  const ready = new Promise((resolve) => chart.addEventListener('kline-ready', resolve, { once: true }));
  document.body.appendChild(chart);
  await ready;
  return { chart, seen };
}

describe('MACD in the tdx and tradingview conventions (forms loaded on demand)', function () {
  this.timeout(30000);
  afterEach(() => document.querySelectorAll('kline-chart').forEach((c) => c.remove()));

  it('a zh-CN chart computes and paints the tdx MACD from its first paint (kline-ready waits for the form)', async () => {
    const { chart, seen } = await mount({ locale: 'zh-CN', indicators: 'MA(5),MACD' });
    // At kline-ready, synchronously: the tdx MACD (its bar starts at the first candle) is what was drawn.
    const now = macd(chart);
    expect(now.def).to.equal(TDX);
    expect(Number.isFinite(now.hist0), 'tdx MACD has a bar at the first candle').to.equal(true);
    expect(seen.length, 'MACD was computed for the first paint').to.be.greaterThan(0);
    expect(seen.filter((s) => s.def !== TDX)).to.deep.equal([]);
    expect(legendText(chart)).to.include('MACD(12,26,9)');
  });

  it('indicator-convention="tdx" too; a study naming ta-lib keeps TA-Lib', async () => {
    const { chart, seen } = await mount({ 'indicator-convention': 'tdx', indicators: 'MACD,MACD(;ta-lib)' });
    const core = coreOf(chart);
    const [tdx, talib] = core.store.peek('indicators').map((i) => core.indicatorEngine.study(i)?.def.name);
    expect([tdx, talib]).to.deep.equal([TDX, TALIB]);
    expect(
      seen.some((s) => s.def === undefined),
      'no frame without its form',
    ).to.equal(false);
  });

  it('switching at run time (locale, then the settings tool) never computes another convention’s MACD', async () => {
    const { chart, seen } = await mount({ locale: 'en', indicators: 'MACD' });
    expect(macd(chart).def).to.equal(TALIB);
    expect(Number.isNaN(macd(chart).hist0), 'TA-Lib MACD warms up').to.equal(true);

    seen.length = 0;
    chart.setAttribute('locale', 'zh-CN'); // auto → tdx
    await waitFor(() => coreOf(chart).store.peek('settings').locale === 'zh-CN', 'the zh-CN locale');
    expect(macd(chart).def, 'the locale was applied with the tdx form in').to.equal(TDX);
    await chart.whenPainted();
    expect(Number.isFinite(macd(chart).hist0)).to.equal(true);
    expect(seen.filter((s) => s.convention === 'tdx' && s.def !== TDX)).to.deep.equal([]);
    expect(seen.some((s) => s.convention === 'tdx')).to.equal(true);

    seen.length = 0;
    const result = await chart.tools.execute('settings_update', { values: { indicatorConvention: 'tradingview' } });
    expect(result.success, JSON.stringify(result)).to.equal(true);
    expect(macd(chart).def, 'the form is in when the call returns').to.equal(TV);
    await chart.whenPainted();
    expect(seen.filter((s) => s.convention === 'tradingview' && s.def !== TV)).to.deep.equal([]);
    expect(seen.some((s) => s.convention === 'tradingview')).to.equal(true);

    chart.setAttribute('indicator-convention', 'ta-lib');
    await waitFor(() => macd(chart).def === TALIB, 'TA-Lib again');
  });
});

describe('the indicator picker’s index (names and categories load with it)', function () {
  this.timeout(30000);
  afterEach(() => document.querySelectorAll('kline-chart').forEach((c) => c.remove()));

  it('lists every built-in study by name and category by kline-ready', async () => {
    const { chart } = await mount({ indicators: 'VOL' });
    const picker = chart.shadowRoot!.querySelector('kline-indicator-picker') as
      | (HTMLElement & { definitions: { id: string; name: string; category: string }[] })
      | null;
    expect(picker).to.not.equal(null);
    const rsi = picker!.definitions.find((d) => d.id === 'RSI');
    expect(picker!.definitions.length).to.equal(52);
    expect(rsi).to.include({ name: 'Relative Strength Index', category: 'momentum' });
  });
});

import { Type, type Static } from '@sinclair/typebox';
import { PERIODS, type Instrument, type Period } from '../data/index.js';
import { tool, ToolCallError, toToolError, type ToolCallContext, type ToolOutput } from '../tools/index.js';
import type { CommandContext } from './command-context.js';
import { upperIndex } from './build-chart-context.js';
import { lowerBound } from './summarize-range.js';
import { parseToolTime, TimeInput, toolTime } from './tool-time.js';
import { clampView } from '../state/index.js';
import { resolveInstrument } from './resolve-instrument.js';
import { formatContextForTool, formatRangeForTool } from './format-context-for-tool.js';

const Empty = Type.Object({}, { additionalProperties: false });

const SetSymbolInput = Type.Object(
  {
    symbol: Type.String({
      minLength: 1,
      maxLength: 64,
      description:
        'Instrument code, e.g. DEMO or BTCUSDT; qualify as EXCHANGE:CODE when a code exists on several exchanges (e.g. XETRA:ACME).',
    }),
    sourceId: Type.Optional(
      Type.String({ minLength: 1, maxLength: 32, description: 'Data source id; defaults to the current source.' }),
    ),
  },
  { additionalProperties: false },
);

const SetPeriodInput = Type.Object(
  {
    period: Type.Union(
      PERIODS.map((p) => Type.Literal(p)),
      { description: 'Bar period: 1m 5m 15m 30m 1h 4h 1d 1w 1M (1M = one month).' },
    ),
  },
  { additionalProperties: false },
);

const SetVisibleRangeInput = Type.Object(
  {
    from: Type.Optional(TimeInput('First bar to show (inclusive).')),
    to: Type.Optional(TimeInput('Last bar to show (inclusive).')),
    lastBars: Type.Optional(
      Type.Integer({ minimum: 5, maximum: 100000, description: 'Show the newest N bars instead of from/to.' }),
    ),
  },
  { additionalProperties: false },
);

/**
 * The chart-level tools (docs/contracts.md "Tool catalog"): context, instrument, period, viewport. The
 * toolbar calls the same tools. Loaded with the other tools after the first paint
 * (builtin-tool-hosts.ts, issue #12); no code of the first paint calls them directly.
 */
export class ChartTools {
  readonly #ctx: Pick<CommandContext, 'store' | 'sources' | 'context' | 'loadTarget'>;

  constructor(ctx: Pick<CommandContext, 'store' | 'sources' | 'context' | 'loadTarget'>) {
    this.#ctx = ctx;
  }

  @tool({
    name: 'chart_get_context',
    label: 'Get chart context',
    description:
      'Returns what the chart shows now: instrument, period, timezone, loaded and visible ranges, the range selection with its OHLC summary, active indicators (instance ids), selected drawings and comparisons, and `replay` while a bar replay hides the bars after its time. Times are epoch ms plus text in the market timezone. Call this first when a request depends on what the user sees ("this range", "the selected drawing"). Fails with no_data while nothing is loaded.',
    parameters: Empty,
    safety: 'read-only',
  })
  getContext(_input: Static<typeof Empty>, _ctx?: ToolCallContext): ToolOutput {
    const context = this.#ctx.context.get();
    if (!context) {
      throw new ToolCallError('no_data', 'The chart has no data loaded yet.', {
        retryable: true,
        recommendedAction: 'Call chart_set_symbol to load an instrument, or wait for the data to load.',
      });
    }
    return { data: formatContextForTool(context) };
  }

  @tool({
    name: 'chart_set_symbol',
    label: 'Set symbol',
    description:
      'Switches the chart to another instrument (keeps the period). If the code matches several instruments nothing changes and the result is an `ambiguous` error with `data.candidates`: then call ask_user with one option per candidate and retry with the chosen EXCHANGE:CODE. Unknown codes return `not_found` with suggestions; use instruments_query_name to search by name. Returns the loaded instrument, period, timezone and data/visible ranges. One undo step; drawings are kept per instrument.',
    parameters: SetSymbolInput,
    safety: 'mutating',
    liveDescription: (host: ChartTools) => `Enabled source ids: ${host.#ctx.sources.ids().join(', ')}.`,
  })
  async setSymbol(input: Static<typeof SetSymbolInput>, ctx?: ToolCallContext): Promise<ToolOutput> {
    const current = this.#ctx.store.peek('target');
    const sourceId = input.sourceId ?? current?.sourceId ?? 'sample';
    const instrument = await resolveInstrument(this.#ctx.sources, sourceId, input.symbol, ctx?.signal);
    const period: Period = current?.period ?? '1d';
    const qualified = qualifiedSymbol(instrument, input.symbol);
    if (current && current.symbol === qualified && current.sourceId === sourceId) {
      return { data: this.#summary(), stateChanged: false };
    }
    await this.#load({ symbol: qualified, period, sourceId }, 'chart_set_symbol', ctx);
    return { data: this.#summary() };
  }

  @tool({
    name: 'chart_set_period',
    label: 'Set period',
    description:
      'Changes the bar period of the chart (1m 5m 15m 30m 1h 4h 1d 1w 1M). Periods the source lacks are aggregated from finer bars on market-timezone boundaries. Returns the instrument, period and the new loaded and visible ranges. One undo step; asking for the current period changes nothing. Fails with no_data when no instrument is loaded.',
    parameters: SetPeriodInput,
    safety: 'mutating',
  })
  async setPeriod(input: Static<typeof SetPeriodInput>, ctx?: ToolCallContext): Promise<ToolOutput> {
    const current = this.#ctx.store.peek('target');
    if (!current)
      throw new ToolCallError('no_data', 'No instrument is loaded.', {
        recommendedAction: 'Call chart_set_symbol first.',
      });
    if (current.period === input.period) return { data: this.#summary(), stateChanged: false };
    await this.#load({ ...current, period: input.period }, 'chart_set_period', ctx);
    return { data: this.#summary() };
  }

  @tool({
    name: 'chart_set_visible_range',
    label: 'Set visible range',
    description:
      'Zooms and scrolls the chart to show the bars between `from` and `to` (inclusive), or the newest `lastBars` bars. Times: YYYY-MM-DD, YYYY-MM-DD HH:mm (market timezone) or epoch ms. Returns the new visible range. lastBars is 5 to 100000 and cannot be combined with from/to. Out-of-range times return `out_of_range` with the loaded range. One undo step.',
    parameters: SetVisibleRangeInput,
    safety: 'mutating',
  })
  setVisibleRange(input: Static<typeof SetVisibleRangeInput>, _ctx?: ToolCallContext): ToolOutput {
    const series = this.#ctx.store.peek('series');
    if (!series || series.bars.length === 0)
      throw new ToolCallError('no_data', 'The chart has no data loaded.', {
        recommendedAction: 'Call chart_set_symbol first.',
      });
    const { bars, instrument } = series;
    const n = bars.length;
    let start: number;
    let end: number;
    if (input.lastBars !== undefined) {
      if (input.from !== undefined || input.to !== undefined) {
        throw new ToolCallError('invalid_input', 'Give either lastBars or from/to, not both.', {
          details: [{ path: 'lastBars', reason: 'not allowed together with from/to' }],
        });
      }
      start = Math.max(0, n - input.lastBars);
      end = n;
    } else {
      if (input.from === undefined || input.to === undefined) {
        throw new ToolCallError('invalid_input', 'Give from and to, or lastBars.', {
          details: [{ path: input.from === undefined ? 'from' : 'to', reason: 'required unless lastBars is given' }],
        });
      }
      const tz = instrument.timezone;
      const from = parseToolTime(input.from, tz, 'from');
      const to = parseToolTime(input.to, tz, 'to');
      if (to < from)
        throw new ToolCallError('invalid_input', "'to' is before 'from'.", {
          details: [{ path: 'to', reason: 'must not be before from' }],
        });
      const first = bars.time[0];
      const last = bars.time[n - 1];
      if (to < first || from > last) {
        const range = `${toolTime(first, tz, series.period)} to ${toolTime(last, tz, series.period)}`;
        throw new ToolCallError('out_of_range', `No bars between the given times; loaded data covers ${range}.`, {
          recommendedAction: `Choose times within ${range}.`,
        });
      }
      start = lowerBound(bars.time, from, n);
      end = upperIndex(bars.time, to, n) + 1;
      if (end - start < 2) end = Math.min(n, start + 2);
    }
    const view = clampView({ start: start - 0.5, end: end - 0.5 }, n, 2);
    this.#ctx.store.action('chart_set_visible_range', (d) => d.set('view', view), { record: ['view'] });
    const ctx = this.#ctx.context.get();
    // The visible range alone: a pan step need not write the data range's times too.
    return { data: ctx ? formatRangeForTool(ctx.visibleRange, ctx) : null };
  }

  async #load(
    target: { symbol: string; period: Period; sourceId: string },
    label: string,
    ctx?: ToolCallContext,
  ): Promise<void> {
    try {
      await this.#ctx.loadTarget(target, label, ctx?.signal, undefined, ctx?.progress);
    } catch (error) {
      throw toToolError(error);
    }
  }

  #summary() {
    const ctx = this.#ctx.context.get();
    if (!ctx) return null;
    const f = formatContextForTool(ctx);
    return {
      symbol: f.symbol,
      symbolName: f.symbolName,
      exchange: f.exchange,
      source: f.source,
      period: f.period,
      timezone: f.timezone,
      dataRange: f.dataRange,
      visibleRange: f.visibleRange,
    };
  }
}

/** The code to load: qualified when the user qualified it or when the plain code is ambiguous. */
function qualifiedSymbol(instrument: Instrument, asked: string): string {
  return asked.includes(':') ? `${instrument.exchange}:${instrument.symbol}` : instrument.symbol;
}

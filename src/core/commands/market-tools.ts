import { Type, type Static } from '@sinclair/typebox';
import { PERIODS, sliceBars, type Bars, type Period, type Series } from '../data/index.js';
import type { ReplayState } from '../state/index.js';
import { tool, ToolCallError, toToolError, type ToolCallContext, type ToolOutput } from '../tools/index.js';
import type { CommandContext } from './command-context.js';
import { upperIndex } from './build-chart-context.js';
import { lowerBound } from './summarize-range.js';
import { loadSeries } from './load-series.js';
import { resolveInstrument, toCandidate } from './resolve-instrument.js';
import { seriesMatchesTarget } from './series-matches-target.js';
import { replayNote } from './replay-note.js';
import { parseToolTime, TimeInput, toolTime } from './tool-time.js';

const BarsQueryInput = Type.Object(
  {
    symbol: Type.Optional(
      Type.String({
        minLength: 1,
        maxLength: 64,
        description: 'Instrument code (EXCHANGE:CODE when ambiguous); defaults to the chart instrument.',
      }),
    ),
    sourceId: Type.Optional(
      Type.String({ minLength: 1, maxLength: 32, description: 'Data source id; defaults to the chart source.' }),
    ),
    period: Type.Optional(
      Type.Union(
        PERIODS.map((p) => Type.Literal(p)),
        { description: 'Bar period; defaults to the chart period.' },
      ),
    ),
    from: Type.Optional(TimeInput('First bar time (inclusive).')),
    to: Type.Optional(TimeInput('Last bar time (inclusive).')),
    limit: Type.Integer({
      minimum: 1,
      maximum: 1000,
      default: 20,
      description: 'At most this many bars (the newest within the range). Keep it small.',
    }),
  },
  { additionalProperties: false },
);

const InstrumentsQueryInput = Type.Object(
  {
    query: Type.String({ minLength: 1, maxLength: 64, description: 'Code or part of a name, e.g. ACME or "moutai".' }),
    sourceId: Type.Optional(
      Type.String({ minLength: 1, maxLength: 32, description: 'Data source id; defaults to the chart source.' }),
    ),
    limit: Type.Integer({ minimum: 1, maximum: 50, default: 10, description: 'Maximum number of matches.' }),
  },
  { additionalProperties: false },
);

/**
 * The read-only market-data tools (docs/contracts.md "Tool catalog"): bars of any instrument and
 * instrument search. Loaded with the other tools after the first paint (builtin-tool-hosts.ts, issue #12).
 */
export class MarketTools {
  readonly #ctx: Pick<CommandContext, 'store' | 'sources'>;

  constructor(ctx: Pick<CommandContext, 'store' | 'sources'>) {
    this.#ctx = ctx;
  }

  @tool({
    name: 'market_bars_query',
    label: 'Query bars',
    description:
      'Returns OHLCV bars of any instrument and period WITHOUT changing the chart, as compact text: a header line, then one row per bar `time,open,high,low,close,volume` with times in the market timezone. Defaults to the chart instrument and period and the newest 20 bars; limit is 1 to 1000 (the newest bars within from/to). Use it to read prices before drawing or answering; keep limit small. Ambiguous codes fail with `ambiguous` and candidates, unknown ones with not_found.',
    parameters: BarsQueryInput,
    safety: 'read-only',
    liveDescription: (host: MarketTools) => `Enabled source ids: ${host.#ctx.sources.ids().join(', ')}.`,
  })
  async barsQuery(input: Static<typeof BarsQueryInput>, ctx?: ToolCallContext): Promise<ToolOutput> {
    const target = this.#ctx.store.peek('target');
    const sourceId = input.sourceId ?? target?.sourceId ?? 'sample';
    const period: Period = input.period ?? target?.period ?? '1d';
    let series: Series;
    try {
      const loaded = this.#ctx.store.peek('series');
      const symbol = input.symbol ?? target?.symbol;
      if (!symbol)
        throw new ToolCallError('no_data', 'No instrument is loaded and none was given.', {
          recommendedAction: 'Pass symbol.',
        });
      if (loaded && seriesMatchesTarget(loaded, { symbol, period, sourceId })) {
        series = loaded;
      } else {
        const instrument = await resolveInstrument(this.#ctx.sources, sourceId, symbol, ctx?.signal);
        const code = symbol.includes(':') ? symbol : instrument.symbol;
        series = await loadSeries(this.#ctx.sources, { symbol: code, period, sourceId }, ctx?.signal, ctx?.progress);
      }
    } catch (error) {
      throw toToolError(error);
    }
    const { instrument } = series;
    const replay = this.#ctx.store.peek('replay');
    const bars = replayCut(series, replay, target?.period);
    const tz = instrument.timezone;
    const note = replayNote(replay, tz, target?.period ?? period);
    if (bars.length === 0) throw new ToolCallError('no_data', `No ${period} bars for ${instrument.symbol}.`);
    const from = input.from !== undefined ? parseToolTime(input.from, tz, 'from') : -Infinity;
    const to = input.to !== undefined ? parseToolTime(input.to, tz, 'to') : Infinity;
    const a = Number.isFinite(from) ? lowerBound(bars.time, from, bars.length) : 0;
    const b = Number.isFinite(to) ? upperIndex(bars.time, to, bars.length) : bars.length - 1;
    if (b < a) {
      const range = `${toolTime(bars.time[0], tz, period)} to ${toolTime(bars.time[bars.length - 1], tz, period)}`;
      throw new ToolCallError(
        'out_of_range',
        `No bars in the requested range; available: ${range}.${note ? ` ${note.text}` : ''}`,
        {
          recommendedAction: `Use times within ${range}.`,
        },
      );
    }
    const start = Math.max(a, b - input.limit + 1);
    const text = barsText(
      bars,
      start,
      b,
      tz,
      period,
      `${instrument.exchange}:${instrument.symbol} ${instrument.name} period=${period} tz=${tz}`,
      b - a + 1,
    );
    return {
      data: {
        symbol: instrument.symbol,
        exchange: instrument.exchange,
        period,
        timezone: tz,
        returned: b - start + 1,
        inRange: b - a + 1,
        ...(note ? { replay: note.replay } : {}),
      },
      text: note ? `${note.text}\n${text}` : text,
      stateChanged: false,
    };
  }

  @tool({
    name: 'instruments_query_name',
    label: 'Search instruments',
    description:
      'Finds instruments by code or name. Exact code matches come first. If MORE THAN ONE instrument matches what the user named (the same code on several exchanges, or several similar names), do not pick one yourself: call ask_user with one option per candidate (label = qualifiedSymbol and name) and use the chosen qualifiedSymbol. Returns `candidates` (symbol, qualifiedSymbol EXCHANGE:CODE, name, market, timezone, sourceId) and `exactMatches`, plus one text line per match; limit 1 to 50 (default 10). An unknown sourceId fails with not_found.',
    parameters: InstrumentsQueryInput,
    safety: 'read-only',
    liveDescription: (host: MarketTools) => `Enabled source ids: ${host.#ctx.sources.ids().join(', ')}.`,
  })
  async queryName(input: Static<typeof InstrumentsQueryInput>, ctx?: ToolCallContext): Promise<ToolOutput> {
    const sourceId = input.sourceId ?? this.#ctx.store.peek('target')?.sourceId ?? 'sample';
    const source = this.#ctx.sources.get(sourceId);
    if (!source) {
      throw new ToolCallError('not_found', `Unknown data source '${sourceId}'.`, {
        details: [{ path: 'sourceId', reason: `expected one of ${this.#ctx.sources.ids().join(', ')}` }],
        recommendedAction: `Use one of: ${this.#ctx.sources.ids().join(', ')}.`,
      });
    }
    let found;
    try {
      found = await source.searchInstruments(input.query, { limit: input.limit, signal: ctx?.signal });
    } catch (error) {
      throw toToolError(error);
    }
    const q = input.query.trim().toUpperCase();
    const candidates = found.slice(0, input.limit).map(toCandidate);
    const exactMatches = candidates.filter(
      (c) => c.symbol.toUpperCase() === q || c.qualifiedSymbol.toUpperCase() === q,
    ).length;
    const lines = candidates.map((c) => `${c.qualifiedSymbol}\t${c.name}\t${c.market}\t${c.timezone}`);
    const hint =
      exactMatches > 1 || (exactMatches === 0 && candidates.length > 1)
        ? 'Several instruments match: ask the user with ask_user before choosing.'
        : '';
    return {
      data: { candidates, exactMatches },
      text: [`${candidates.length} match(es) for "${input.query}" in ${sourceId}`, ...lines, hint]
        .filter(Boolean)
        .join('\n'),
      stateChanged: false,
    };
  }
}

/**
 * During a bar replay no tool sees a bar after the replay point: of any instrument and period, only the
 * bars that opened at or before the replay bar; of a period longer than the chart's, not the one still
 * open then either (it holds later prices).
 */
export function replayCut(series: Series, replay: ReplayState | null, chartPeriod: Period | undefined): Bars {
  const bars = series.bars;
  if (!replay) return bars;
  let n = upperIndex(bars.time, replay.time, bars.length) + 1;
  if (n > 0 && chartPeriod && PERIODS.indexOf(series.period) > PERIODS.indexOf(chartPeriod)) n--;
  return n >= bars.length ? bars : sliceBars(bars, 0, n);
}

/** Header + one compact row per bar. */
export function barsText(
  bars: Bars,
  start: number,
  end: number,
  tz: string,
  period: Period,
  title: string,
  inRange: number,
): string {
  const rows: string[] = [`${title} bars=${end - start + 1} of ${inRange} in range`, 'time,open,high,low,close,volume'];
  for (let i = start; i <= end; i++) {
    rows.push(
      `${toolTime(bars.time[i], tz, period)},${num(bars.open[i])},${num(bars.high[i])},${num(bars.low[i])},${num(bars.close[i])},${Math.round(bars.volume[i])}`,
    );
  }
  return rows.join('\n');
}

function num(v: number): string {
  return Number.isFinite(v) ? String(Math.round(v * 1e6) / 1e6) : '';
}

import type { ChartCore } from '../../src/core/commands/chart-core.js';
import type { AgentEvent } from '../../src/protocol/index.js';
import type { MockStep } from '../mock-model/mock-step.js';

/** What a grader sees after a case ran. */
export interface EvalOutcome {
  readonly core: ChartCore;
  readonly events: readonly AgentEvent[];
  /** The last assistant message's text. */
  readonly answer: string;
}

/** One canonical request, graded from the chart's state afterwards (never from the wording of the answer). */
export interface EvalCase {
  readonly id: string;
  /** User messages, sent one after the other in one session. */
  readonly prompts: readonly string[];
  /** Puts the chart in the state the request assumes. */
  setup?(core: ChartCore): Promise<void>;
  /** When the model asks (`ask_user`), the option whose label matches is picked. */
  readonly answer?: RegExp;
  /** Why it failed, or null when it passed. */
  grade(outcome: EvalOutcome): string | null;
  /** Replies of a model that does it right, for the mock-model run in `npm test`. */
  mock(core: ChartCore): MockStep[];
}

const call = (name: string, args: unknown): MockStep => ({ toolCalls: [{ name, arguments: JSON.stringify(args) }] });
const say = (text: string): MockStep => ({ text });

function bars(core: ChartCore) {
  const series = core.store.peek('series');
  if (!series) throw new Error('no series loaded');
  return series.bars;
}

function highOfLast(core: ChartCore, n: number): number {
  const b = bars(core);
  let high = -Infinity;
  for (let i = Math.max(0, b.length - n); i < b.length; i++) high = Math.max(high, b.high[i]);
  return high;
}

/** The last March the loaded data covers entirely, as `YYYY`. */
function lastFullMarch(core: ChartCore): number {
  const b = bars(core);
  const last = new Date(b.time[b.length - 1]);
  return last.getUTCMonth() >= 3 ? last.getUTCFullYear() : last.getUTCFullYear() - 1;
}

function studies(core: ChartCore): string[] {
  return core.store.peek('indicators').map((i) => i.definitionId);
}

function drawingsOf(core: ChartCore) {
  return Object.values(core.store.peek('drawings')).flat();
}

function usedTool(events: readonly AgentEvent[], names: readonly string[]): boolean {
  return events.some((e) => e.type === 'tool.started' && names.includes(e.name));
}

export const EVAL_CASES: readonly EvalCase[] = [
  {
    id: 'weekly chart',
    prompts: ['Show me the weekly chart'],
    grade: ({ core }) =>
      core.store.peek('target')?.period === '1w' ? null : `period is ${core.store.peek('target')?.period}`,
    mock: () => [call('chart_set_period', { period: '1w' }), say('Switched to weekly.')],
  },
  {
    id: 'add MACD and RSI',
    prompts: ['Add MACD and RSI'],
    grade: ({ core }) => {
      const s = studies(core);
      return s.includes('MACD') && s.includes('RSI') ? null : `studies: ${s.join(', ') || 'none'}`;
    },
    mock: () => [
      call('indicators_add', { definitionId: 'MACD' }),
      call('indicators_add', { definitionId: 'RSI' }),
      say('Added MACD and RSI.'),
    ],
  },
  {
    id: 'faster MACD signal',
    prompts: ['Make the MACD signal line faster'],
    async setup(core) {
      await core.tools.execute('indicators_add', { definitionId: 'MACD', params: { fast: 12, slow: 26, signal: 9 } });
    },
    grade: ({ core }) => {
      const macd = core.store.peek('indicators').filter((i) => i.definitionId === 'MACD');
      if (macd.length !== 1) return `${macd.length} MACD studies`;
      const signal = Number(macd[0].params.signal);
      return signal < 9 && signal >= 1 ? null : `signal is ${signal}`;
    },
    mock: (core) => [
      call('indicators_update', {
        instanceId: core.store.peek('indicators')[0]?.instanceId ?? '?',
        params: { signal: 5 },
      }),
      say('Signal 5.'),
    ],
  },
  {
    id: 'mark the high of the last 20 bars',
    prompts: ['Mark the high of the last 20 bars with a horizontal line'],
    grade: ({ core }) => {
      const high = highOfLast(core, 20);
      const prices = drawingsOf(core).flatMap((d) => d.points.map((p) => p.price));
      return prices.some((p) => Math.abs(p - high) <= high * 0.001)
        ? null
        : `high ${high}, drawn at ${prices.join(', ') || 'nothing'}`;
    },
    mock: (core) => {
      const b = bars(core);
      return [
        call('drawing_create', {
          kind: 'horizontal_line',
          points: [{ time: b.time[b.length - 1], price: highOfLast(core, 20) }],
        }),
        say('Marked.'),
      ];
    },
  },
  {
    id: 'compare with ETH',
    prompts: ['Compare with ETH'],
    grade: ({ core }) =>
      core.store.peek('comparisons').some((c) => c.symbol === 'ETHUSDT') ? null : 'no ETHUSDT comparison',
    mock: () => [call('comparison_create', { symbol: 'ETHUSDT' }), say('Comparing with ETHUSDT.')],
  },
  {
    id: 'the ACME I mean',
    prompts: ['Switch to ACME'],
    answer: /XETRA/,
    grade: ({ core }) => {
      const series = core.store.peek('series');
      return series?.instrument.symbol === 'ACME' && series.instrument.exchange === 'XETRA'
        ? null
        : `showing ${series?.instrument.exchange}:${series?.instrument.symbol}`;
    },
    mock: () => [
      call('instruments_query_name', { query: 'ACME' }),
      call('ask_user', { question: 'Which ACME?', options: [{ label: 'NYSE:ACME' }, { label: 'XETRA:ACME' }] }),
      call('chart_set_symbol', { symbol: 'XETRA:ACME' }),
      say('Showing ACME on XETRA.'),
    ],
  },
  {
    id: 'remove all drawings',
    prompts: ['Remove all drawings'],
    async setup(core) {
      const b = bars(core);
      for (const k of [0.98, 1.02]) {
        await core.tools.execute('drawing_create', {
          kind: 'horizontal_line',
          points: [{ time: b.time[b.length - 1], price: b.close[b.length - 1] * k }],
        });
      }
    },
    grade: ({ core }) => (drawingsOf(core).length === 0 ? null : `${drawingsOf(core).length} drawings left`),
    mock: () => [call('drawings_clear', {}), say('Removed.')],
  },
  {
    id: 'undo that',
    prompts: ['Show me the weekly chart', 'Undo that'],
    grade: ({ core, events }) => {
      const runs = [...new Set(events.filter((e) => e.type === 'run.started').map((e) => e.runId))];
      const changed = (runId: string | undefined) =>
        events.some(
          (e) => e.runId === runId && e.type === 'tool.finished' && e.result.success && e.result.stateChanged,
        );
      if (!changed(runs[0])) return 'the first request changed nothing';
      if (!changed(runs[1])) return '"undo that" changed nothing';
      return core.store.peek('target')?.period === '1d' ? null : `period is ${core.store.peek('target')?.period}`;
    },
    mock: () => [
      call('chart_set_period', { period: '1w' }),
      say('Weekly.'),
      call('history_undo_run', {}),
      say('Undone.'),
    ],
  },
  {
    id: 'summarize the last 20 bars',
    prompts: ['Summarize the last 20 bars'],
    grade: ({ core, events, answer }) => {
      if (events.some((e) => e.type === 'tool.finished' && e.result.success && e.result.stateChanged))
        return 'the chart was changed';
      if (!usedTool(events, ['market_bars_query', 'chart_get_context', 'indicators_query'])) return 'no data was read';
      if (answer.trim().length < 20) return 'no summary';
      return core.store.peek('target')?.period === '1d' ? null : 'the chart moved';
    },
    mock: () => [
      call('market_bars_query', { limit: 20 }),
      say('Over the last 20 bars the price rose with falling volume.'),
    ],
  },
  {
    id: 'zoom to March',
    prompts: ['Zoom to March'],
    grade: ({ core }) => {
      const ctx = core.context.get();
      if (!ctx) return 'no context';
      const from = new Date(ctx.visibleRange.from);
      const to = new Date(ctx.visibleRange.to);
      const inMarch = (d: Date) =>
        d.getUTCMonth() === 2 ||
        (d.getUTCMonth() === 1 && d.getUTCDate() >= 25) ||
        (d.getUTCMonth() === 3 && d.getUTCDate() <= 5);
      return inMarch(from) && inMarch(to) && to.getTime() - from.getTime() < 45 * 86_400_000
        ? null
        : `visible ${from.toISOString().slice(0, 10)} … ${to.toISOString().slice(0, 10)}`;
    },
    mock: (core) => {
      const year = lastFullMarch(core);
      return [
        call('chart_set_visible_range', { from: `${year}-03-01`, to: `${year}-03-31` }),
        say(`Showing March ${year}.`),
      ];
    },
  },
];

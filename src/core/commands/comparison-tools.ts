import { Type, type Static } from '@sinclair/typebox';
import type { Series } from '../data/index.js';
import { tool, ToolCallError, toToolError, type ToolCallContext, type ToolOutput } from '../tools/index.js';
import type { ComparisonEntry } from '../state/index.js';
import type { ComparisonCommands } from './comparison-commands.js';
import { loadSeries } from './load-series.js';
import { resolveInstrument, toCandidate } from './resolve-instrument.js';
import { ScaleInput } from './scale-input.js';

const CreateInput = Type.Object(
  {
    symbol: Type.String({
      minLength: 1,
      maxLength: 64,
      description: 'Instrument to overlay, e.g. ETHUSDT; EXCHANGE:CODE when the code is ambiguous.',
    }),
    sourceId: Type.Optional(
      Type.String({ minLength: 1, maxLength: 32, description: 'Data source id; defaults to the chart source.' }),
    ),
    scale: Type.Optional(ScaleInput),
  },
  { additionalProperties: false },
);
const RemoveInput = Type.Object(
  {
    symbol: Type.String({
      minLength: 1,
      maxLength: 64,
      description: 'Symbol of the comparison to remove, as comparisons_list shows it.',
    }),
  },
  { additionalProperties: false },
);
const Empty = Type.Object({}, { additionalProperties: false });

/** The colours comparisons get, in order: the first one no shown comparison uses. */
const COLORS = ['#ff9800', '#9c27b0', '#00bcd4', '#e91e63', '#8bc34a'];
export const MAX_COMPARISONS = 5;

/**
 * The `comparison*` tools (docs/contracts.md "Tool catalog"): other instruments overlaid as percent
 * change from the first visible bar, drawn from {@link ComparisonCommands.lines}. The toolbar's
 * compare button runs them. Loaded with the other tools after the first paint (builtin-tool-hosts.ts,
 * issue #12).
 */
export class ComparisonTools {
  readonly #comparisons: ComparisonCommands;

  constructor(comparisons: ComparisonCommands) {
    this.#comparisons = comparisons;
  }

  @tool({
    name: 'comparison_create',
    label: 'Compare symbol',
    description:
      'Overlays another instrument on the price pane as percent change from the first visible bar, aligned by time, with its own legend entry and colour (at most 5). If the code matches several instruments nothing is added and the result is `ambiguous` with candidates: ask the user with ask_user, then retry with EXCHANGE:CODE. Returns the symbol, name, exchange, sourceId and colour of the overlay; adding one that is already shown changes nothing. Fails with not_found for an unknown code or source, out_of_range when 5 are shown already, no_data when the chart has nothing loaded. One undo step.',
    parameters: CreateInput,
    safety: 'mutating',
    liveDescription: (host: ComparisonTools) =>
      `Enabled source ids: ${host.#comparisons.ctx.sources.ids().join(', ')}. ${host.activeText()}`,
  })
  async create(input: Static<typeof CreateInput>, ctx?: ToolCallContext): Promise<ToolOutput> {
    const { store, sources } = this.#comparisons.ctx;
    const main = store.peek('series');
    if (!main)
      throw new ToolCallError('no_data', 'Load an instrument before comparing.', {
        recommendedAction: 'Call chart_set_symbol first.',
      });
    const sourceId = input.sourceId ?? main.instrument.sourceId;
    let series: Series;
    let symbol: string;
    try {
      const instrument = await resolveInstrument(sources, sourceId, input.symbol, ctx?.signal);
      symbol = input.symbol.includes(':') ? `${instrument.exchange}:${instrument.symbol}` : instrument.symbol;
      const existing = store.peek('comparisons');
      if (existing.some((c) => c.symbol === symbol && c.sourceId === sourceId)) {
        return { data: { symbol, sourceId, comparisons: existing.map((c) => c.symbol) }, stateChanged: false };
      }
      if (existing.length >= MAX_COMPARISONS) {
        throw new ToolCallError('out_of_range', `At most ${MAX_COMPARISONS} comparisons can be shown.`, {
          recommendedAction: 'Remove one with comparison_remove first.',
        });
      }
      series = await loadSeries(sources, { symbol, period: main.period, sourceId }, ctx?.signal);
      await this.#comparisons.ready();
    } catch (error) {
      throw toToolError(error);
    }
    ctx?.assertTarget();
    const used = new Set(store.peek('comparisons').map((c) => c.color));
    const entry: ComparisonEntry = {
      symbol,
      sourceId,
      color: COLORS.find((c) => !used.has(c)) ?? COLORS[0],
      ...(input.scale === 'left' ? { scale: 'left' as const } : {}),
    };
    this.#comparisons.remember(entry, series);
    store.action('comparison_create', (d) => d.set('comparisons', [...d.get('comparisons'), entry]));
    return {
      data: {
        symbol,
        name: series.instrument.name,
        exchange: series.instrument.exchange,
        sourceId,
        color: entry.color,
        candidate: toCandidate(series.instrument),
      },
    };
  }

  @tool({
    name: 'comparison_remove',
    label: 'Remove comparison',
    description:
      'Removes an instrument overlaid with comparison_create, by the symbol comparisons_list shows (a plain code also matches EXCHANGE:CODE). Returns `removed` (the symbol). One undo step. An unknown symbol fails with not_found and the active symbols.',
    parameters: RemoveInput,
    safety: 'mutating',
    liveDescription: (host: ComparisonTools) => host.activeText(),
  })
  remove(input: Static<typeof RemoveInput>, _ctx?: ToolCallContext): ToolOutput {
    const store = this.#comparisons.ctx.store;
    const list = store.peek('comparisons');
    const match =
      list.find((c) => c.symbol.toUpperCase() === input.symbol.toUpperCase()) ??
      list.find((c) => c.symbol.toUpperCase().endsWith(`:${input.symbol.toUpperCase()}`));
    if (!match) {
      throw new ToolCallError('not_found', `No comparison '${input.symbol}'.`, {
        recommendedAction: list.length
          ? `Active comparisons: ${list.map((c) => c.symbol).join(', ')}.`
          : 'There are no comparisons.',
      });
    }
    store.action('comparison_remove', (d) =>
      d.set(
        'comparisons',
        d.get('comparisons').filter((c) => c !== match),
      ),
    );
    return { data: { removed: match.symbol } };
  }

  @tool({
    name: 'comparisons_list',
    label: 'List comparisons',
    description:
      'Lists the instruments overlaid on the price pane (comparison_create) as `comparisons`: symbol, sourceId, colour, scale (right: percent change on the main scale; left: its own prices on the left price scale) and visibleChangePct, the change over the visible range in percent (null while its data loads). An empty list means nothing is compared; never fails.',
    parameters: Empty,
    safety: 'read-only',
  })
  list(_input?: Static<typeof Empty>, _ctx?: ToolCallContext): ToolOutput {
    const store = this.#comparisons.ctx.store;
    const view = store.peek('view');
    const lines = this.#comparisons.lines.get();
    const data = store.peek('comparisons').map((c) => {
      const line = lines.find((l) => l.symbol === c.symbol);
      let changePct: number | null = null;
      if (line && view) {
        const n = line.closes.length;
        const a = Math.max(0, Math.ceil(view.start));
        const b = Math.min(n - 1, Math.ceil(view.end) - 1);
        const first = line.closes[a];
        const last = line.closes[b];
        if (Number.isFinite(first) && Number.isFinite(last) && first !== 0)
          changePct = Math.round((last / first - 1) * 10000) / 100;
      }
      return {
        symbol: c.symbol,
        sourceId: c.sourceId,
        color: c.color,
        scale: c.scale ?? 'right',
        visibleChangePct: changePct,
      };
    });
    return { data: { comparisons: data } };
  }

  /** The active comparisons' symbols, for descriptions. */
  activeText(): string {
    const list = this.#comparisons.ctx.store.peek('comparisons');
    return `Active comparisons: ${list.length ? list.map((c) => c.symbol).join(', ') : 'none'}.`;
  }
}

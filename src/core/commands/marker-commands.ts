import { Type, type Static } from '@sinclair/typebox';
import { isCssColor } from '../drawings/index.js';
import { resolveParams, type IndicatorDefinition } from '../indicators/index.js';
import { tool, ToolCallError, type ToolCallContext, type ToolOutput } from '../tools/index.js';
import type { Series } from '../data/index.js';
import type { CommandContext } from './command-context.js';
import { instrumentKey, withKey, type ChartMarker, type MarkerPosition, type MarkerShape } from '../state/index.js';
import { upperIndex } from './build-chart-context.js';
import { closeIndicatorIds } from './indicator-close-ids.js';
import { CONDITION_OPS, evaluateCondition } from './evaluate-condition.js';
import { parseToolTime, TimeInput, toolTime } from './tool-time.js';

/** Most markers one instrument holds (and one call creates). */
export const MAX_MARKERS = 10_000;
export const MAX_MARKER_TEXT = 20;
const DEFAULT_COLOR = '#2962ff';
const BULL_COLOR = '#26a69a';
const BEAR_COLOR = '#ef5350';

const lit = <T extends string>(values: readonly T[], description: string) =>
  Type.Union(
    values.map((v) => Type.Literal(v)),
    { description },
  );

const Position = (d: string) => lit(['above', 'below', 'on'] as const, d);
const Shape = (d: string) => lit(['arrow', 'circle', 'square', 'flag'] as const, d);
const Color = (d: string) => Type.String({ minLength: 1, maxLength: 64, description: d });
const Text = (d: string) => Type.String({ maxLength: MAX_MARKER_TEXT, description: d });

const MarkerInput = Type.Object(
  {
    time: TimeInput('Bar time the marker belongs to; a time inside a bar snaps to that bar.'),
    position: Position('above the bar high, below the bar low, or on the close.'),
    shape: Shape('arrow (points at the bar), circle, square or flag.'),
    color: Type.Optional(Color('CSS colour, e.g. #26a69a or red; default blue.')),
    text: Type.Optional(Text('Short label next to the marker, at most 20 characters.')),
  },
  { additionalProperties: false },
);

const CreateInput = Type.Object(
  {
    markers: Type.Array(MarkerInput, {
      minItems: 1,
      maxItems: MAX_MARKERS,
      description: 'Markers to add to the current instrument (1 to 10000).',
    }),
  },
  { additionalProperties: false },
);

const ListInput = Type.Object(
  {
    limit: Type.Optional(
      Type.Integer({
        minimum: 1,
        maximum: MAX_MARKERS,
        description: 'Return at most this many markers (the newest); default 100. `total` counts all.',
      }),
    ),
  },
  { additionalProperties: false },
);

const RemoveInput = Type.Object(
  {
    ids: Type.Optional(
      Type.Array(Type.String({ minLength: 1, maxLength: 32, description: 'A marker id.' }), {
        minItems: 1,
        maxItems: MAX_MARKERS,
        description: 'Ids of the markers to remove (markers_list); all markers of the instrument when omitted.',
      }),
    ),
  },
  { additionalProperties: false },
);

const ConditionInput = Type.Object(
  {
    definitionId: Type.String({
      minLength: 1,
      maxLength: 32,
      description: 'Study definition id from indicators_list, e.g. MACD or RSI (any case).',
    }),
    params: Type.Optional(
      Type.Record(Type.String({ maxLength: 32 }), Type.Unknown(), {
        description: 'Study params by name; omitted keys take the defaults, e.g. {"fast":12,"slow":26,"signal":9}.',
      }),
    ),
    left: Type.String({
      minLength: 1,
      maxLength: 32,
      description: 'Output key of the study on the left side, e.g. macd (MACD) or rsi (RSI).',
    }),
    op: lit(
      CONDITION_OPS,
      'crosses_above / crosses_below: left crosses right; > < >= <=: where the comparison becomes true (one marker per run, not per bar).',
    ),
    right: Type.Union(
      [
        Type.String({ minLength: 1, maxLength: 32, description: 'Another output key of the same study, e.g. signal.' }),
        Type.Number({ description: 'A constant level, e.g. 70.' }),
      ],
      { description: 'Output key of the same study, or a number.' },
    ),
    position: Type.Optional(
      Position('Where the markers sit; default below for crosses_above, > and >=, above otherwise.'),
    ),
    shape: Type.Optional(Shape('Marker shape; default arrow.')),
    color: Type.Optional(Color('CSS colour; default green for crosses_above, > and >=, red otherwise.')),
    text: Type.Optional(Text('Label on every marker, at most 20 characters.')),
  },
  { additionalProperties: false },
);

/** A marker as tools return it: time also in the market timezone. */
export interface MarkerSummary extends ChartMarker {
  readonly timeText: string;
}

/**
 * Markers on bars (tools: markers_create, markers_list, markers_remove, markers_from_condition).
 * They belong to the loaded instrument (`state.markers[instrumentKey]`), are kept sorted by time,
 * and every mutating call is one store action, so one undo step.
 */
export class MarkerCommands {
  #counter = 0;

  readonly #ctx: Pick<CommandContext, 'store' | 'indicatorRegistry'>;

  constructor(ctx: Pick<CommandContext, 'store' | 'indicatorRegistry'>) {
    this.#ctx = ctx;
  }

  /** Storage key of the loaded instrument, or null while nothing is loaded. */
  currentKey(): string | null {
    const series = this.#ctx.store.peek('series');
    return series ? instrumentKey(series.instrument.sourceId, series.instrument.symbol) : null;
  }

  /** Markers of the loaded instrument, sorted by time. */
  current(): readonly ChartMarker[] {
    const key = this.currentKey();
    return key ? (this.#ctx.store.peek('markers')[key] ?? []) : [];
  }

  @tool({
    name: 'markers_create',
    label: 'Add markers',
    description:
      'Adds markers (small arrows, circles, squares or flags with optional text of at most 20 characters) at bars of the current instrument, e.g. to show signals or trades: up to 10000 per call and per instrument. Each needs time (a bar time in the market timezone, or epoch ms; a time inside a bar snaps to it), position (above|below|on) and shape; color and text are optional. Returns the new `ids` in input order. One undo step; kept with the layout. Fails with no_data when nothing is loaded, invalid_input for a bad colour or time (nothing is added), out_of_range past 10000 markers.',
    parameters: CreateInput,
    safety: 'mutating',
    liveDescription: (host: MarkerCommands) => `Markers on this instrument: ${host.current().length}.`,
  })
  create(input: Static<typeof CreateInput>, _ctx?: ToolCallContext): ToolOutput {
    const { series, key } = this.#loaded();
    const tz = series.instrument.timezone;
    const made: ChartMarker[] = [];
    const ids = this.#idMaker();
    // 10,000 markers usually share a few colours: each distinct one is checked once.
    const colors = new Set<string>();
    input.markers.forEach((m, i) => {
      const color = m.color ?? DEFAULT_COLOR;
      if (!colors.has(color) && !isCssColor(color)) {
        throw new ToolCallError(
          'invalid_input',
          `markers[${i}].color '${String(color).slice(0, 40)}' is not a CSS colour.`,
          {
            details: [
              { path: `markers[${i}].color`, reason: 'expected a CSS colour such as #26a69a, rgb(38,166,154) or red' },
            ],
          },
        );
      }
      colors.add(color);
      const time = snapToBar(series, parseToolTime(m.time, tz, `markers[${i}].time`));
      made.push({ id: ids(), time, position: m.position, shape: m.shape, color, ...(m.text ? { text: m.text } : {}) });
    });
    this.#add(key, made, 'markers_create');
    return { data: { ids: made.map((m) => m.id), count: made.length } };
  }

  @tool({
    name: 'markers_list',
    label: 'List markers',
    description:
      'Lists the markers of the current instrument, oldest first: id, time (epoch ms and timeText in the market timezone), position, shape, color, text; `total` counts all, `markers` holds the newest `limit` (default 100). Use the ids with markers_remove. Never fails (empty when nothing is loaded).',
    parameters: ListInput,
    safety: 'read-only',
  })
  list(input: Static<typeof ListInput>, _ctx?: ToolCallContext): ToolOutput {
    const series = this.#ctx.store.peek('series');
    const all = this.current();
    const limit = input.limit ?? 100;
    const tz = series?.instrument.timezone ?? 'UTC';
    const period = series?.period ?? '1d';
    const markers: MarkerSummary[] = all
      .slice(Math.max(0, all.length - limit))
      .map((m) => ({ ...m, timeText: toolTime(m.time, tz, period) }));
    return { data: { total: all.length, markers }, stateChanged: false };
  }

  @tool({
    name: 'markers_remove',
    label: 'Remove markers',
    description:
      'Removes markers of the current instrument by id (from markers_list), or all of them when `ids` is omitted. Returns `removed` (the count). One undo step. An unknown id fails with not_found and nothing is removed.',
    parameters: RemoveInput,
    safety: 'mutating',
  })
  remove(input: Static<typeof RemoveInput>, _ctx?: ToolCallContext): ToolOutput {
    const key = this.currentKey();
    const list = this.current();
    if (!key || list.length === 0) {
      if (input.ids)
        throw new ToolCallError('not_found', 'There are no markers on this instrument.', {
          details: [{ path: 'ids', reason: 'no markers exist' }],
        });
      return { data: { removed: 0 }, stateChanged: false };
    }
    let next: ChartMarker[] = [];
    if (input.ids) {
      const drop = new Set(input.ids);
      const known = new Set(list.map((m) => m.id));
      const unknown = input.ids.filter((id) => !known.has(id));
      if (unknown.length) {
        throw new ToolCallError(
          'not_found',
          `Unknown marker id${unknown.length > 1 ? 's' : ''}: ${unknown.slice(0, 10).join(', ')}.`,
          {
            details: unknown.slice(0, 10).map((id) => ({ path: 'ids', reason: `no marker '${id}'` })),
            recommendedAction: 'Call markers_list for the ids.',
          },
        );
      }
      next = list.filter((m) => !drop.has(m.id));
    }
    const removed = list.length - next.length;
    this.#ctx.store.action('markers_remove', (d) => d.set('markers', withKey(d.get('markers'), key, next)));
    return { data: { removed } };
  }

  @tool({
    name: 'markers_from_condition',
    label: 'Markers from condition',
    description:
      "Places markers on the bars of the loaded data where a condition on a study's outputs holds, computed over ALL loaded bars, e.g. MACD macd crosses_above signal (golden crosses) or RSI rsi > 70. left is an output key, right an output key of the same study or a number; op crosses_above|crosses_below marks each cross, > < >= <= mark only the bar where the comparison becomes true. Returns `count`, `times` (market timezone, up to 500) and `ids`. One undo step; nothing is added when count is 0. Fails with not_found for an unknown study, invalid_input for an unknown output key or bad params (details name the allowed keys), no_data when nothing is loaded.",
    parameters: ConditionInput,
    safety: 'mutating',
    liveDescription: (host: MarkerCommands) =>
      `Study ids: ${host.#ctx.indicatorRegistry
        .list()
        .map((d) => d.id)
        .join(', ')}.`,
  })
  fromCondition(input: Static<typeof ConditionInput>, _ctx?: ToolCallContext): ToolOutput {
    const { series, key } = this.#loaded();
    const def = this.#definition(input.definitionId);
    const resolved = resolveParams(def, input.params ?? {});
    if (!resolved.ok) {
      throw new ToolCallError('invalid_input', `Invalid params for ${def.id}.`, {
        details: resolved.errors.map((e) => ({ path: e.path ? `params.${e.path}` : 'params', reason: e.reason })),
        recommendedAction: `${def.id} accepts ${Object.keys(def.params.properties).join(', ') || 'no params'}.`,
      });
    }
    const params = resolved.params;
    const { bars } = series;
    const n = bars.length;
    const values = def.compute({ ...bars, length: n, timezone: series.instrument.timezone }, params);
    const keys = def
      .outputs(params as never)
      .map((o) => o.key)
      .filter((k) => values[k] !== undefined);
    const output = (k: string, path: string): Float64Array => {
      const v = values[k] ?? values[keys.find((x) => x.toLowerCase() === k.toLowerCase()) ?? ''];
      if (v) return v;
      throw new ToolCallError('invalid_input', `${def.id} has no output '${k}'.`, {
        details: [{ path, reason: `expected one of ${keys.join(', ')}` }],
        recommendedAction: `Use an output key of ${def.id}: ${keys.join(', ')}.`,
      });
    };
    const left = output(input.left, 'left');
    const right = typeof input.right === 'number' ? input.right : output(input.right, 'right');
    const op = input.op;
    const bullish = op === 'crosses_above' || op === '>' || op === '>=';
    const color = input.color ?? (bullish ? BULL_COLOR : BEAR_COLOR);
    if (!isCssColor(color)) {
      throw new ToolCallError('invalid_input', `color '${String(color).slice(0, 40)}' is not a CSS colour.`, {
        details: [{ path: 'color', reason: 'expected a CSS colour' }],
      });
    }
    const hits = evaluateCondition(left, op, right, n);
    const tz = series.instrument.timezone;
    const times = hits.map((i) => toolTime(bars.time[i], tz, series.period));
    if (hits.length === 0) return { data: { count: 0, times: [], ids: [] }, stateChanged: false };
    const ids = this.#idMaker();
    const position: MarkerPosition = input.position ?? (bullish ? 'below' : 'above');
    const shape: MarkerShape = input.shape ?? 'arrow';
    const made: ChartMarker[] = hits.map((i) => ({
      id: ids(),
      time: bars.time[i],
      position,
      shape,
      color,
      ...(input.text ? { text: input.text } : {}),
    }));
    this.#add(key, made, 'markers_from_condition');
    return { data: { count: made.length, times: times.slice(0, 500), ids: made.map((m) => m.id) } };
  }

  #loaded(): { series: Series; key: string } {
    const series = this.#ctx.store.peek('series');
    if (!series || series.bars.length === 0) {
      throw new ToolCallError('no_data', 'The chart has no data loaded.', {
        retryable: true,
        recommendedAction: 'Call chart_set_symbol first, or wait for the data to load.',
      });
    }
    return { series, key: instrumentKey(series.instrument.sourceId, series.instrument.symbol) };
  }

  #add(key: string, made: readonly ChartMarker[], label: string): void {
    const existing = this.#ctx.store.peek('markers')[key] ?? [];
    if (existing.length + made.length > MAX_MARKERS) {
      throw new ToolCallError(
        'out_of_range',
        `An instrument holds at most ${MAX_MARKERS} markers; ${existing.length} exist and ${made.length} were asked for.`,
        {
          recommendedAction: 'Remove markers with markers_remove first.',
        },
      );
    }
    const next = [...existing, ...made].sort((a, b) => a.time - b.time);
    this.#ctx.store.action(label, (d) => d.set('markers', withKey(d.get('markers'), key, next)));
  }

  /** Fresh ids (`mk-<n>`) that no marker of any instrument uses. */
  #idMaker(): () => string {
    const taken = new Set<string>();
    for (const list of Object.values(this.#ctx.store.peek('markers'))) for (const m of list) taken.add(m.id);
    return () => {
      let id: string;
      do id = `mk-${++this.#counter}`;
      while (taken.has(id));
      return id;
    };
  }

  #definition(id: string): IndicatorDefinition {
    const def = this.#ctx.indicatorRegistry.get(id);
    if (def) return def;
    const close = closeIndicatorIds(id, this.#ctx.indicatorRegistry.list());
    throw new ToolCallError(
      'not_found',
      `Unknown indicator '${id}'.${close.length ? ` Did you mean ${close.join(', ')}?` : ''}`,
      {
        details: [{ path: 'definitionId', reason: 'unknown indicator definition id' }],
        recommendedAction: 'Call indicators_list for the known ids.',
      },
    );
  }
}

/** A time inside the loaded bars snaps to the start of its bar; others stay as given. */
function snapToBar(series: Series, time: number): number {
  const { time: t, length: n } = series.bars;
  if (n === 0 || time < t[0] || time > t[n - 1]) return time;
  const i = upperIndex(t, time, n);
  return t[i];
}

/** Index range `[a, b)` of markers (sorted by time) within `[from, to]`. */
export function markerRange(markers: readonly ChartMarker[], from: number, to: number): [number, number] {
  let lo = 0;
  let hi = markers.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (markers[mid].time < from) lo = mid + 1;
    else hi = mid;
  }
  let b = lo;
  while (b < markers.length && markers[b].time <= to) b++;
  return [lo, b];
}

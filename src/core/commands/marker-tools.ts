import { Type, type Static } from '@sinclair/typebox';
import { tool, type ToolCallContext, type ToolOutput } from '../tools/index.js';
import type { CommandContext } from './command-context.js';
import type { ChartMarker } from '../state/index.js';
import { CONDITION_OPS } from './condition-ops.js';
import { lazyModule } from '../tools/lazy-module.js';
import { MAX_MARKERS, type MarkerCommands } from './marker-commands.js';
import { TimeInput } from './tool-time.js';

const MAX_MARKER_TEXT = 20;

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

export type MarkerCreateInput = Static<typeof CreateInput>;
export type MarkerListInput = Static<typeof ListInput>;
export type MarkerRemoveInput = Static<typeof RemoveInput>;
export type MarkerConditionInput = Static<typeof ConditionInput>;

/** What the lazily loaded tool bodies (marker-ops.ts) work on. */
export interface MarkerOpsState {
  readonly ctx: Pick<CommandContext, 'store' | 'indicatorRegistry'>;
  /** Last number used in a `mk-<n>` id. */
  counter: number;
}

const ops = lazyModule(() => import('./marker-ops.js'));

/**
 * The `markers_*` tools (docs/contracts.md "Tool catalog": markers_create, markers_list,
 * markers_remove, markers_from_condition) on the markers {@link MarkerCommands} keeps. Every mutating
 * call is one store action, so one undo step. Loaded with the other tools after the first paint
 * (builtin-tool-hosts.ts, issue #12); their bodies are marker-ops.ts, loaded on the first call.
 */
export class MarkerTools {
  readonly #markers: MarkerCommands;

  readonly #state: MarkerOpsState;

  constructor(markers: MarkerCommands) {
    this.#markers = markers;
    this.#state = { ctx: markers.ctx, counter: 0 };
  }

  @tool({
    name: 'markers_create',
    label: 'Add markers',
    description:
      'Adds markers (small arrows, circles, squares or flags with optional text of at most 20 characters) at bars of the current instrument, e.g. to show signals or trades: up to 10000 per call and per instrument. Each needs time (a bar time in the market timezone, or epoch ms; a time inside a bar snaps to it), position (above|below|on) and shape; color and text are optional. Returns the new `ids` in input order. One undo step; kept with the layout. Fails with no_data when nothing is loaded, invalid_input for a bad colour or time (nothing is added), out_of_range past 10000 markers.',
    parameters: CreateInput,
    safety: 'mutating',
    liveDescription: (host: MarkerTools) => `Markers on this instrument: ${host.#markers.current().length}.`,
  })
  async create(input: Static<typeof CreateInput>, _ctx?: ToolCallContext): Promise<ToolOutput> {
    return (await ops()).createMarkers(this.#state, input);
  }

  @tool({
    name: 'markers_list',
    label: 'List markers',
    description:
      'Lists the markers of the current instrument, oldest first: id, time (epoch ms and timeText in the market timezone), position, shape, color, text; `total` counts all, `markers` holds the newest `limit` (default 100). Use the ids with markers_remove. Never fails (empty when nothing is loaded).',
    parameters: ListInput,
    safety: 'read-only',
  })
  async list(input: Static<typeof ListInput>, _ctx?: ToolCallContext): Promise<ToolOutput> {
    return (await ops()).listMarkers(this.#state, input);
  }

  @tool({
    name: 'markers_remove',
    label: 'Remove markers',
    description:
      'Removes markers of the current instrument by id (from markers_list), or all of them when `ids` is omitted. Returns `removed` (the count). One undo step. An unknown id fails with not_found and nothing is removed.',
    parameters: RemoveInput,
    safety: 'mutating',
  })
  async remove(input: Static<typeof RemoveInput>, _ctx?: ToolCallContext): Promise<ToolOutput> {
    return (await ops()).removeMarkers(this.#state, input);
  }

  @tool({
    name: 'markers_from_condition',
    label: 'Markers from condition',
    description:
      "Places markers on the bars of the loaded data where a condition on a study's outputs holds, computed over ALL loaded bars, e.g. MACD macd crosses_above signal (golden crosses) or RSI rsi > 70. left is an output key, right an output key of the same study or a number; op crosses_above|crosses_below marks each cross, > < >= <= mark only the bar where the comparison becomes true. Returns `count`, `times` (market timezone, up to 500) and `ids`. One undo step; nothing is added when count is 0. Fails with not_found for an unknown study, invalid_input for an unknown output key or bad params (details name the allowed keys), no_data when nothing is loaded.",
    parameters: ConditionInput,
    safety: 'mutating',
    liveDescription: (host: MarkerTools) =>
      `Study ids: ${host.#state.ctx.indicatorRegistry
        .list()
        .map((d) => d.id)
        .join(', ')}.`,
  })
  async fromCondition(input: Static<typeof ConditionInput>, _ctx?: ToolCallContext): Promise<ToolOutput> {
    return (await ops()).markersFromCondition(this.#state, input);
  }
}

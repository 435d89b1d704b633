import { Type, type Static } from '@sinclair/typebox';
import {
  adaptParams,
  formatIndicatorLabel,
  INDICATOR_CONVENTIONS,
  type IndicatorConvention,
  resolveParams,
  type IndicatorDefinition,
  type ParamError,
  type IndicatorValues,
  ValueErrorKind,
} from '../indicators/index.js';
import { tool, ToolCallError, type ToolCallContext, type ToolOutput } from '../tools/index.js';
import { DEFAULT_PANE_WEIGHT, type IndicatorInstance, type OutputStyle, type PaneLayout } from '../state/index.js';
import { orderedPaneLayout } from '../state/ordered-pane-layout.js';
import { isCssColor } from '../drawings/index.js';
import { upperIndex } from './build-chart-context.js';
import { lowerBound } from './summarize-range.js';
import { closeIndicatorIds } from './indicator-close-ids.js';
import { indicatorDefinitionLine } from './indicator-definition-line.js';
import { indicatorValuesText } from './indicator-values-text.js';
import { MAX_PANES, MAX_STUDIES, type IndicatorCommands } from './indicator-commands.js';
import { loadStudiesForTool } from '../indicators/load-studies-for-tool.js';
// The words of a refused study parameter (resolveParams' reasons), passed in: in the bundle they come
// with this chunk, while the eager part loads them only for an `indicators` list it refuses (issue #12).
import { paramErrors } from '../indicators/param-errors.js';
import { replayNote } from './replay-note.js';
import { parseToolTime, TimeInput, toolTime } from './tool-time.js';
import { ScaleInput } from './scale-input.js';

const Empty = Type.Object({}, { additionalProperties: false });

const DefinitionIdInput = (description: string) => Type.String({ minLength: 1, maxLength: 32, description });

const ParamsInput = (description: string) =>
  Type.Record(Type.String({ maxLength: 32 }), Type.Unknown(), { description });

const ConventionInput = (description: string) =>
  Type.Union(
    INDICATOR_CONVENTIONS.map((c) => Type.Literal(c)),
    { description },
  );

const CONVENTION_TEXT =
  "ta-lib = TA-Lib's formulas; tdx = 通达信's (MACD bar = (DIF−DEA)×2, EMAs seeded from the first bar, RSI 6/12/24 lines, KDJ/WR/DMI/BOLL/CCI… as TDX, OBV+MAOBV, ROC+MAROC); tradingview = Pine built-ins (HV).";

const InstanceIdInput = (description: string) => Type.String({ minLength: 1, maxLength: 64, description });

const QueryInput = Type.Object(
  {
    definitionId: Type.Optional(
      DefinitionIdInput('Definition id from indicators_list, e.g. MACD or RSI (any case). Give this or instanceId.'),
    ),
    instanceId: Type.Optional(
      InstanceIdInput(
        'Id of an active indicator (from indicators_list): query it with its current params. Give this or definitionId.',
      ),
    ),
    params: Type.Optional(
      ParamsInput(
        'Params by name, e.g. {"fast":12,"slow":26,"signal":9}; omitted keys take the defaults (or the instance\'s values with instanceId).',
      ),
    ),
    convention: Type.Optional(
      ConventionInput(
        `Whose formulas to use; default the instance's, else the chart's (indicators_list shows it). ${CONVENTION_TEXT} Params differ by convention (tdx RSI takes periods [6,12,24]).`,
      ),
    ),
    from: Type.Optional(TimeInput('First bar time (inclusive).')),
    to: Type.Optional(TimeInput('Last bar time (inclusive).')),
    limit: Type.Integer({
      minimum: 1,
      maximum: 2000,
      default: 20,
      description: 'At most this many rows (the newest within from/to). Keep it small.',
    }),
  },
  { additionalProperties: false },
);

const AddInput = Type.Object(
  {
    definitionId: DefinitionIdInput('Definition id from indicators_list, e.g. MACD, MA, RSI (any case).'),
    params: Type.Optional(
      ParamsInput(
        'Params by name; omitted keys take the defaults, e.g. {"periods":[5,20]} for MA or {"signal":5} for MACD.',
      ),
    ),
    paneId: Type.Optional(
      Type.String({
        minLength: 1,
        maxLength: 80,
        description:
          "An existing pane id to share (see panes_list), or 'price' to overlay on the candles. Default: overlays go on the price pane, other studies get a new pane.",
      }),
    ),
    convention: Type.Optional(
      ConventionInput(
        `Whose formulas this study follows, kept whatever the chart's convention; omit to follow the chart's (indicators_list shows it). ${CONVENTION_TEXT} Params are those of that convention.`,
      ),
    ),
    scale: Type.Optional(ScaleInput),
  },
  { additionalProperties: false },
);

const StylesInput = Type.Record(
  Type.String({ minLength: 1, maxLength: 32 }),
  Type.Object(
    {
      color: Type.Optional(Type.String({ minLength: 1, maxLength: 64, description: 'CSS colour, e.g. #ff00ff.' })),
      width: Type.Optional(Type.Integer({ minimum: 1, maximum: 4, description: 'Line width in px, 1 to 4.' })),
      visible: Type.Optional(Type.Boolean({ description: 'false hides this line and its legend value.' })),
    },
    { additionalProperties: false },
  ),
  {
    description:
      'Style of output lines by output key (indicators_list shows the keys after ->), e.g. {"signal":{"color":"#ff00ff","width":2}} or {"signal":{"visible":false}}; given fields replace the current ones, lines left out keep theirs. Histogram outputs keep their up/down colours.',
  },
);

const UpdateInput = Type.Object(
  {
    instanceId: InstanceIdInput('Id of the active indicator to change (from indicators_list), e.g. macd-2.'),
    params: Type.Optional(
      ParamsInput('Only the params to change, by name, e.g. {"signal":5}; keys left out keep their current value.'),
    ),
    convention: Type.Optional(
      ConventionInput(
        `Switch the study to this convention (kept whatever the chart's). ${CONVENTION_TEXT} Params it does not accept take its defaults.`,
      ),
    ),
    styles: Type.Optional(StylesInput),
    visible: Type.Optional(
      Type.Boolean({ description: 'false hides the whole study (its legend title stays); true shows it.' }),
    ),
  },
  { additionalProperties: false },
);

const RemoveInput = Type.Object(
  {
    instanceId: InstanceIdInput('Id of the active indicator to remove (from indicators_list).'),
  },
  { additionalProperties: false },
);

/** An active indicator as `indicators_list` reports it. */
export interface ActiveIndicator {
  readonly instanceId: string;
  readonly definitionId: string;
  readonly label: string;
  readonly params: Readonly<Record<string, unknown>>;
  readonly paneId: string;
  readonly scale: 'right' | 'left';
  readonly convention: IndicatorConvention;
}

/** The active indicators with their labels, params and conventions (`indicators_list`, `panes_list`). */
export function activeSummaries(indicators: IndicatorCommands): ActiveIndicator[] {
  return indicators.ctx.store.peek('indicators').map((i) => {
    const study = indicators.study(i);
    return {
      instanceId: i.instanceId,
      definitionId: i.definitionId,
      label: indicators.labelOf(i),
      params: study?.params ?? i.params,
      paneId: i.paneId,
      scale: i.scale ?? ('right' as const),
      convention: study?.convention ?? indicators.chartConvention(),
    };
  });
}

/** The live part of the `indicators_*` and `panes_list` descriptions: active instance ids and pane ids. */
export function indicatorsLiveText(indicators: IndicatorCommands): string {
  const active = activeSummaries(indicators);
  const panes = orderedPaneLayout(indicators.ctx.store.peek('panes'), indicators.ctx.store.peek('indicators')).map(
    (p) => p.id,
  );
  return `Active indicator instance ids: ${active.length ? active.map((a) => `${a.instanceId} (${a.label})`).join(', ') : 'none'}. Pane ids: ${panes.join(', ')}.`;
}

/**
 * The `indicators_*` tools (docs/contracts.md "Tool catalog"): list, query, add, update and remove
 * studies; the active ones are kept by {@link IndicatorCommands}. The picker, the legend and the
 * settings popover call these same tools. Loaded with the other tools after the first paint
 * (builtin-tool-hosts.ts, issue #12).
 */
export class IndicatorTools {
  readonly #indicators: IndicatorCommands;
  readonly #ctx: IndicatorCommands['ctx'];

  constructor(indicators: IndicatorCommands) {
    this.#indicators = indicators;
    this.#ctx = indicators.ctx;
    const { store, indicatorRegistry } = indicators.ctx;
    indicators.beforeTool = (name, input) =>
      loadStudiesForTool(indicatorRegistry, name, input, {
        indicators: () => store.peek('indicators'),
        settings: () => store.peek('settings'),
      });
  }

  @tool({
    name: 'indicators_list',
    label: 'List indicators',
    description:
      'Lists every indicator definition the chart knows, one line each: `ID category placement "name" param=default[min..max] … -> outputKey:label …` (placement `overlay` draws on the price pane, `pane` in its own pane), followed by the ACTIVE indicators with their instanceId, label such as MACD(12,26,9), params, paneId and scale (right, or left for an overlay on the left price scale). Call it before indicators_update/indicators_remove to find the instanceId, and before indicators_add to check ids and bounds.',
    parameters: Empty,
    safety: 'read-only',
    liveDescription: (host: IndicatorTools) => indicatorsLiveText(host.#indicators),
  })
  list(_input: Static<typeof Empty>, _ctx?: ToolCallContext): ToolOutput {
    const defs = this.#ctx.indicatorRegistry.list();
    const active = activeSummaries(this.#indicators);
    const store = this.#ctx.store.peek('indicators');
    const convention = this.#indicators.chartConvention();
    const lines = [
      `Definitions (${defs.length}):`,
      ...defs.map((d) => indicatorDefinitionLine(this.#ctx.indicatorRegistry.resolve(d.id, convention) ?? d)),
      `Active (${active.length}):`,
      ...(active.length
        ? active.map(
            (a) =>
              `${a.instanceId} ${a.label} pane=${a.paneId}${a.scale === 'left' ? ' scale=left' : ''} params=${JSON.stringify(a.params)}${styleText(store.find((i) => i.instanceId === a.instanceId))}`,
          )
        : ['(none)']),
      `Convention: ${convention} (definitions above in its form; setting ${this.#ctx.store.peek('settings').indicatorConvention}). Pass convention ta-lib|tdx|tradingview to indicators_add/update/query for one study.`,
    ];
    return {
      data: { definitionIds: defs.map((d) => d.id), convention, active },
      text: lines.join('\n'),
      stateChanged: false,
    };
  }

  @tool({
    name: 'indicators_query',
    label: 'Query indicator values',
    description:
      'Computes an indicator over ALL loaded bars of the chart (without adding it) and returns compact text: a header, then `time,<output keys>` rows, times in the market timezone, empty cells during warm-up. Give definitionId (+ optional params; omitted params take the defaults) or the instanceId of an active indicator. Returns the newest `limit` rows within from/to (limit 1 to 2000, default 20). Keep limit small. Fails with no_data while nothing is loaded, out_of_range for times outside the loaded data.',
    parameters: QueryInput,
    safety: 'read-only',
    liveDescription: (host: IndicatorTools) => indicatorsLiveText(host.#indicators),
  })
  query(input: Static<typeof QueryInput>, _ctx?: ToolCallContext): ToolOutput {
    let def: IndicatorDefinition;
    let base: Readonly<Record<string, unknown>> = {};
    let instance: IndicatorInstance | undefined;
    let convention: IndicatorConvention;
    if (input.instanceId !== undefined) {
      instance = this.#instance(input.instanceId);
      convention = input.convention ?? instance.convention ?? this.#indicators.chartConvention();
      def = this.#definition(instance.definitionId, 'instanceId', convention);
      if (input.definitionId !== undefined && this.#ctx.indicatorRegistry.get(input.definitionId)?.id !== def.id) {
        throw new ToolCallError(
          'invalid_input',
          `Instance '${instance.instanceId}' is a ${def.id}, not the definitionId given.`,
          {
            details: [{ path: 'definitionId', reason: `does not match the instance (${def.id})` }],
            recommendedAction: 'Give either instanceId or definitionId, not both.',
          },
        );
      }
      base = adaptParams(def, instance.params);
    } else if (input.definitionId !== undefined) {
      convention = input.convention ?? this.#indicators.chartConvention();
      def = this.#definition(input.definitionId, 'definitionId', convention);
    } else {
      throw new ToolCallError('invalid_input', 'Give definitionId or instanceId.', {
        details: [{ path: 'definitionId', reason: 'required unless instanceId is given' }],
        recommendedAction:
          'Call indicators_list for ids, then pass definitionId (e.g. "MACD") or an active instanceId.',
      });
    }
    const params = this.#resolve(def, { ...base, ...(input.params ?? {}) });
    const series = this.#ctx.store.peek('series');
    if (!series || series.bars.length === 0) {
      throw new ToolCallError('no_data', 'The chart has no data loaded.', {
        retryable: true,
        recommendedAction: 'Call chart_set_symbol first, or wait for the data to load.',
      });
    }
    const { bars, instrument, period } = series;
    const tz = instrument.timezone;
    const n = bars.length;
    const note = replayNote(this.#ctx.store.peek('replay'), tz, period);
    const from = input.from !== undefined ? parseToolTime(input.from, tz, 'from') : -Infinity;
    const to = input.to !== undefined ? parseToolTime(input.to, tz, 'to') : Infinity;
    if (to < from)
      throw new ToolCallError('invalid_input', "'to' is before 'from'.", {
        details: [{ path: 'to', reason: 'must not be before from' }],
      });
    const a = Number.isFinite(from) ? lowerBound(bars.time, from, n) : 0;
    const b = Number.isFinite(to) ? upperIndex(bars.time, to, n) : n - 1;
    if (b < a) {
      const range = `${toolTime(bars.time[0], tz, period)} to ${toolTime(bars.time[n - 1], tz, period)}`;
      throw new ToolCallError(
        'out_of_range',
        `No bars in the requested range; loaded data covers ${range}.${note ? ` ${note.text}` : ''}`,
        {
          recommendedAction: `Use times within ${range}.`,
        },
      );
    }
    // Reuse the engine's cached (incrementally updated) values when an active study has these params.
    const match = this.#ctx.store.peek('indicators').find((i) => {
      const study = this.#indicators.study(i);
      return study !== undefined && study.def === def && sameParams(study.params, params);
    });
    const values: IndicatorValues =
      (match ? this.#ctx.indicatorEngine.values(match, series) : null) ??
      def.compute({ ...bars, length: n, timezone: tz }, params);
    const outputs = def.outputs(params);
    const keys = outputs.map((o) => o.key).filter((k) => values[k] !== undefined);
    const start = Math.max(a, b - input.limit + 1);
    const label = formatIndicatorLabel(
      def,
      params,
      convention === this.#indicators.chartConvention() ? undefined : convention,
    );
    const text = indicatorValuesText(
      `${label} ${instrument.symbol} ${period} tz=${tz} (${outputs.map((o) => `${o.key}=${o.label}`).join(' ')})`,
      bars,
      values,
      keys,
      { start, end: b, inRange: b - a + 1 },
      tz,
      period,
    );
    return {
      data: {
        definitionId: def.id,
        ...(match ? { instanceId: match.instanceId } : {}),
        label,
        params,
        convention,
        outputs: outputs.map((o) => ({ key: o.key, label: o.label })),
        returned: b - start + 1,
        inRange: b - a + 1,
        ...(note ? { replay: note.replay } : {}),
      },
      text: note ? `${note.text}\n${text}` : text,
      stateChanged: false,
    };
  }

  @tool({
    name: 'indicators_add',
    label: 'Add indicator',
    description:
      'Adds an indicator to the chart (one undo step). Overlays (placement overlay, e.g. MA, BOLL) go on the price pane; other studies (MACD, RSI, VOL…) get a new pane below unless paneId names an existing pane to share. Params are validated against the definition bounds; omitted params take the defaults. Returns { instanceId, label, paneId }. An unknown definitionId fails with not_found and close ids, params out of bounds with invalid_input naming the param, an unknown paneId with not_found.',
    parameters: AddInput,
    safety: 'mutating',
    liveDescription: (host: IndicatorTools) => indicatorsLiveText(host.#indicators),
  })
  add(input: Static<typeof AddInput>, _ctx?: ToolCallContext): ToolOutput {
    const def = this.#definition(
      input.definitionId,
      'definitionId',
      input.convention ?? this.#indicators.chartConvention(),
    );
    const params = this.#resolve(def, input.params ?? {});
    const panes = this.#ctx.store.peek('panes');
    if (input.paneId !== undefined && !panes.some((p) => p.id === input.paneId)) {
      const ids = panes.map((p) => p.id);
      throw new ToolCallError('not_found', `No pane '${input.paneId}'.`, {
        details: [{ path: 'paneId', reason: `expected one of ${ids.join(', ')}` }],
        recommendedAction: `Use one of the pane ids ${ids.join(', ')}, or omit paneId to get a new pane.`,
      });
    }
    const instances = this.#ctx.store.peek('indicators');
    if (instances.length >= MAX_STUDIES)
      throw new ToolCallError('out_of_range', `The chart already shows ${MAX_STUDIES} studies, the most it keeps.`, {
        recommendedAction: 'Remove a study (indicators_remove) before adding another.',
      });
    const instanceId = this.#indicators.newInstanceId(def, new Set(instances.map((i) => i.instanceId)));
    const paneId = input.paneId ?? (def.placement === 'overlay' ? 'price' : `pane-${instanceId}`);
    if (!panes.some((p) => p.id === paneId) && panes.length - 1 >= MAX_PANES)
      throw new ToolCallError(
        'out_of_range',
        `The chart already has ${MAX_PANES} indicator panes, the most it keeps.`,
        {
          recommendedAction: `Add the study to an existing pane (paneId: ${panes
            .slice(1)
            .map((p) => p.id)
            .join(', ')}) or remove a pane's study first.`,
        },
      );
    const instance: IndicatorInstance = {
      instanceId,
      definitionId: def.id,
      params,
      paneId,
      ...(input.convention ? { convention: input.convention } : {}),
      ...(input.scale === 'left' && paneId === 'price' ? { scale: 'left' as const } : {}),
    };
    this.#commit(
      'indicators_add',
      [...instances, instance],
      panes.some((p) => p.id === paneId) ? panes : [...panes, { id: paneId, weight: DEFAULT_PANE_WEIGHT }],
    );
    const label = formatIndicatorLabel(def, params, input.convention);
    return { data: { instanceId, label, paneId }, text: `Added ${label} as ${instanceId} on pane ${paneId}.` };
  }

  @tool({
    name: 'indicators_update',
    label: 'Change indicator',
    description:
      'Changes params, line styles or visibility of an active indicator (one undo step): pass only the keys to change, e.g. params {"signal":5} makes the MACD signal line faster; the others keep their value. The result is validated against the bounds. styles sets each output line\'s colour, width (1-4) and visible by output key, e.g. {"signal":{"color":"#ff00ff"}}; visible:false hides the whole study. Returns { instanceId, previous, params, label } (+ styles, visible when given) — previous holds the old params, so the change can be explained or reverted.',
    parameters: UpdateInput,
    safety: 'mutating',
    liveDescription: (host: IndicatorTools) => indicatorsLiveText(host.#indicators),
  })
  update(input: Static<typeof UpdateInput>, _ctx?: ToolCallContext): ToolOutput {
    if (
      input.params === undefined &&
      input.convention === undefined &&
      input.styles === undefined &&
      input.visible === undefined
    ) {
      throw new ToolCallError('invalid_input', 'Give params to change, a convention, styles or visible.', {
        details: [{ path: 'params', reason: 'required unless convention, styles or visible is given' }],
        recommendedAction: 'Pass params with only the keys to change, e.g. {"signal":5}, or convention "tdx".',
      });
    }
    const instance = this.#instance(input.instanceId);
    const before = this.#indicators.study(instance);
    const conventionGiven = input.convention ?? instance.convention;
    const def = this.#definition(
      instance.definitionId,
      'instanceId',
      conventionGiven ?? this.#indicators.chartConvention(),
    );
    const params = this.#resolve(def, { ...adaptParams(def, instance.params), ...(input.params ?? {}) });
    const label = formatIndicatorLabel(def, params, conventionGiven);
    const previousLabel = before
      ? formatIndicatorLabel(before.def, before.params, instance.convention)
      : instance.definitionId;
    const styles = input.styles ? mergeStyles(def, params, instance.styles, input.styles) : instance.styles;
    const hidden = input.visible === undefined ? instance.hidden : input.visible ? undefined : (true as const);
    const data = {
      instanceId: instance.instanceId,
      previous: instance.params,
      params,
      label,
      ...(input.styles ? { styles: styles ?? {} } : {}),
      ...(input.visible !== undefined ? { visible: !hidden } : {}),
    };
    if (
      sameParams(instance.params, params) &&
      conventionGiven === instance.convention &&
      JSON.stringify(styles ?? {}) === JSON.stringify(instance.styles ?? {}) &&
      hidden === instance.hidden
    ) {
      return { data, text: `${label} already has these settings; nothing changed.`, stateChanged: false };
    }
    const next = this.#ctx.store.peek('indicators').map((i) => {
      if (i.instanceId !== instance.instanceId) return i;
      const { styles: _s, hidden: _h, ...rest } = i;
      return {
        ...rest,
        params,
        ...(conventionGiven ? { convention: conventionGiven } : {}),
        ...(styles && Object.keys(styles).length ? { styles } : {}),
        ...(hidden ? { hidden } : {}),
      };
    });
    this.#commit('indicators_update', next, this.#ctx.store.peek('panes'));
    return { data, text: `${previousLabel} → ${label}.` };
  }

  @tool({
    name: 'indicators_remove',
    label: 'Remove indicator',
    description:
      'Removes an active indicator by instanceId (one undo step); its pane goes too when nothing else is in it. Returns { instanceId, label, removedPaneId }. An unknown instanceId fails with not_found and the active ids.',
    parameters: RemoveInput,
    safety: 'mutating',
    liveDescription: (host: IndicatorTools) => indicatorsLiveText(host.#indicators),
  })
  remove(input: Static<typeof RemoveInput>, _ctx?: ToolCallContext): ToolOutput {
    const instance = this.#instance(input.instanceId);
    const label = this.#indicators.labelOf(instance);
    const rest = this.#ctx.store.peek('indicators').filter((i) => i.instanceId !== instance.instanceId);
    const emptied = instance.paneId !== 'price' && !rest.some((i) => i.paneId === instance.paneId);
    const panes = this.#ctx.store.peek('panes');
    this.#commit('indicators_remove', rest, emptied ? panes.filter((p) => p.id !== instance.paneId) : panes);
    return {
      data: { instanceId: instance.instanceId, label, removedPaneId: emptied ? instance.paneId : null },
      text: `Removed ${label}.`,
    };
  }

  // ---- internals ----

  #commit(name: string, indicators: readonly IndicatorInstance[], panes: readonly PaneLayout[]): void {
    this.#ctx.store.action(name, (d) => {
      d.set('indicators', indicators);
      if (panes !== this.#ctx.store.peek('panes')) d.set('panes', panes);
    });
  }

  #definition(id: string, field: string, convention: IndicatorConvention): IndicatorDefinition {
    const def = this.#ctx.indicatorRegistry.resolve(id, convention);
    if (def) return def;
    const defs = this.#ctx.indicatorRegistry.list();
    const close = closeIndicatorIds(id, defs);
    throw new ToolCallError(
      'not_found',
      `Unknown indicator '${id}'.${close.length ? ` Did you mean ${close.join(', ')}?` : ''}`,
      {
        details: [{ path: field, reason: 'unknown indicator definition id' }],
        recommendedAction: close.length
          ? `Use one of ${close.join(', ')}, or call indicators_list for all ids.`
          : 'Call indicators_list for the known ids.',
        data: { candidates: close },
      },
    );
  }

  #instance(instanceId: string): IndicatorInstance {
    const instances = this.#ctx.store.peek('indicators');
    const found = instances.find((i) => i.instanceId === instanceId);
    if (found) return found;
    const ids = instances.map((i) => i.instanceId);
    throw new ToolCallError('not_found', `No active indicator '${instanceId}'.`, {
      details: [
        { path: 'instanceId', reason: ids.length ? `expected one of ${ids.join(', ')}` : 'no indicator is active' },
      ],
      recommendedAction: ids.length
        ? `Use one of the active instance ids: ${ids.join(', ')} (indicators_list shows their labels).`
        : 'No indicator is active; add one with indicators_add.',
      data: { activeInstanceIds: ids },
    });
  }

  #resolve(def: IndicatorDefinition, partial: Readonly<Record<string, unknown>>): Record<string, unknown> {
    const resolved = resolveParams(def, partial, paramErrors);
    if (resolved.ok) return resolved.params;
    const props = Object.keys(def.params.properties);
    throw new ToolCallError('invalid_input', `Invalid params for ${def.id}.`, {
      details: resolved.errors.map((e) => ({
        path: e.path ? `params.${e.path}` : 'params',
        reason: boundsReason(def, e),
      })),
      recommendedAction: `Fix the params named in details; ${def.id} accepts ${props.map((k) => describeBounds(def, k)).join(', ') || 'no params'}.`,
    });
  }
}

/**
 * `must be >= 1` style reasons for numeric bounds, chosen by TypeBox's error kind (never by its
 * English message); TypeBox's own message otherwise.
 */
function boundsReason(def: IndicatorDefinition, error: ParamError): string {
  const m = /^([A-Za-z_][A-Za-z0-9_]*)(\[\d+\])?$/.exec(error.path);
  if (!m) return error.reason;
  const top = def.params.properties[m[1]] as Record<string, unknown> | undefined;
  const schema = (m[2] ? top?.items : top) as Record<string, unknown> | undefined;
  if (!schema) return error.reason;
  const fallback = error.reason.charAt(0).toLowerCase() + error.reason.slice(1);
  switch (error.kind) {
    case ValueErrorKind.NumberMinimum:
    case ValueErrorKind.IntegerMinimum:
      return typeof schema.minimum === 'number' ? `must be >= ${schema.minimum}` : fallback;
    case ValueErrorKind.NumberMaximum:
    case ValueErrorKind.IntegerMaximum:
      return typeof schema.maximum === 'number' ? `must be <= ${schema.maximum}` : fallback;
    case ValueErrorKind.Integer:
      return schema.type === 'integer' ? 'must be an integer' : fallback;
    default:
      return fallback;
  }
}

function describeBounds(def: IndicatorDefinition, key: string): string {
  const s = def.params.properties[key] as Record<string, unknown>;
  if (s.type === 'array') return `${key} (list of ${String(s.minItems ?? 0)}-${String(s.maxItems ?? '∞')} periods)`;
  if (typeof s.minimum === 'number' || typeof s.maximum === 'number')
    return `${key} ${String(s.minimum ?? '')}..${String(s.maximum ?? '')}`;
  return key;
}

/**
 * The instance's styles with `patch` laid over, line by line; unknown output keys and colours that are
 * not CSS colours are refused with the path and the keys the study has.
 */
function mergeStyles(
  def: IndicatorDefinition,
  params: Readonly<Record<string, unknown>>,
  current: Readonly<Record<string, OutputStyle>> | undefined,
  patch: Readonly<Record<string, OutputStyle>>,
): Record<string, OutputStyle> {
  const keys = def.outputs(params).map((o) => o.key);
  const out: Record<string, OutputStyle> = { ...(current ?? {}) };
  for (const [key, style] of Object.entries(patch)) {
    if (!keys.includes(key))
      throw new ToolCallError('invalid_input', `${def.id} has no output '${key.slice(0, 32)}'.`, {
        details: [{ path: `styles.${key.slice(0, 32)}`, reason: `expected one of ${keys.join(', ')}` }],
        recommendedAction: `Use the output keys ${keys.join(', ')}.`,
      });
    if (style.color !== undefined && !isCssColor(style.color))
      throw new ToolCallError('invalid_input', `'${String(style.color).slice(0, 40)}' is not a CSS colour.`, {
        details: [
          { path: `styles.${key}.color`, reason: 'expected a CSS colour such as #ff00ff, rgb(255,0,255) or magenta' },
        ],
      });
    const merged = { ...out[key], ...style };
    if (merged.visible === true) delete merged.visible;
    if (Object.keys(merged).length) out[key] = merged;
    else delete out[key];
  }
  return out;
}

/** ` hidden styles={…}` for a study with its own line styles or hidden, else nothing. */
function styleText(instance: IndicatorInstance | undefined): string {
  if (!instance) return '';
  const styles =
    instance.styles && Object.keys(instance.styles).length ? ` styles=${JSON.stringify(instance.styles)}` : '';
  return `${instance.hidden ? ' hidden' : ''}${styles}`;
}

/** Params equality independent of key order (arrays compared element-wise). */
function sameParams(a: Readonly<Record<string, unknown>>, b: Readonly<Record<string, unknown>>): boolean {
  const ka = Object.keys(a);
  if (ka.length !== Object.keys(b).length) return false;
  return ka.every((k) => JSON.stringify(a[k]) === JSON.stringify(b[k]));
}

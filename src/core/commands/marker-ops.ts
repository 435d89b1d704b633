import { isCssColor } from '../drawings/index.js';
import { resolveParams, type IndicatorDefinition } from '../indicators/index.js';
// The words of a refused study parameter (resolveParams' reasons), passed in: in the bundle they come
// with this chunk, while the eager part loads them only for an `indicators` list it refuses (issue #12).
import { paramErrors } from '../indicators/param-errors.js';
import { ToolCallError, type ToolOutput } from '../tools/index.js';
import { stripBidiControls, type Series } from '../data/index.js';
import { instrumentKey, withKey, type ChartMarker, type MarkerPosition, type MarkerShape } from '../state/index.js';
import { upperIndex } from './build-chart-context.js';
import { closeIndicatorIds } from './indicator-close-ids.js';
import { evaluateCondition } from './evaluate-condition.js';
import { parseToolTime, toolTime } from './tool-time.js';
import { currentMarkers, MAX_MARKERS } from './marker-commands.js';
import type {
  MarkerConditionInput,
  MarkerCreateInput,
  MarkerListInput,
  MarkerOpsState,
  MarkerRemoveInput,
  MarkerSummary,
} from './marker-tools.js';

// The bodies of the markers_* tools (src/core/commands/marker-tools.ts keeps their schemas and
// descriptions): a lazy chunk in the bundle, loaded by the first marker call.

const DEFAULT_COLOR = '#2962ff';
const BULL_COLOR = '#26a69a';
const BEAR_COLOR = '#ef5350';

export function createMarkers(s: MarkerOpsState, input: MarkerCreateInput): ToolOutput {
  const { series, key } = loaded(s);
  const tz = series.instrument.timezone;
  const made: ChartMarker[] = [];
  const ids = idMaker(s);
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
    made.push({ id: ids(), time, position: m.position, shape: m.shape, color, ...markerText(m.text) });
  });
  add(s, key, made, 'markers_create');
  return { data: { ids: made.map((m) => m.id), count: made.length } };
}

export function listMarkers(s: MarkerOpsState, input: MarkerListInput): ToolOutput {
  const series = s.ctx.store.peek('series');
  const all = currentMarkers(s.ctx.store);
  const limit = input.limit ?? 100;
  const tz = series?.instrument.timezone ?? 'UTC';
  const period = series?.period ?? '1d';
  const markers: MarkerSummary[] = all
    .slice(Math.max(0, all.length - limit))
    .map((m) => ({ ...m, timeText: toolTime(m.time, tz, period) }));
  return { data: { total: all.length, markers }, stateChanged: false };
}

export function removeMarkers(s: MarkerOpsState, input: MarkerRemoveInput): ToolOutput {
  const series = s.ctx.store.peek('series');
  const key = series ? instrumentKey(series.instrument.sourceId, series.instrument.symbol) : null;
  const list = currentMarkers(s.ctx.store);
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
  s.ctx.store.action('markers_remove', (d) => d.set('markers', withKey(d.get('markers'), key, next)));
  return { data: { removed } };
}

export function markersFromCondition(s: MarkerOpsState, input: MarkerConditionInput): ToolOutput {
  const { series, key } = loaded(s);
  const def = definition(s, input.definitionId);
  const resolved = resolveParams(def, input.params ?? {}, paramErrors);
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
    // Only the study's own outputs: `__proto__` or `constructor` must not reach Object.prototype.
    const key = keys.includes(k) ? k : keys.find((x) => x.toLowerCase() === k.toLowerCase());
    const v = key !== undefined && Object.prototype.hasOwnProperty.call(values, key) ? values[key] : undefined;
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
  const ids = idMaker(s);
  const position: MarkerPosition = input.position ?? (bullish ? 'below' : 'above');
  const shape: MarkerShape = input.shape ?? 'arrow';
  const made: ChartMarker[] = hits.map((i) => ({
    id: ids(),
    time: bars.time[i],
    position,
    shape,
    color,
    ...markerText(input.text),
  }));
  add(s, key, made, 'markers_from_condition');
  return { data: { count: made.length, times: times.slice(0, 500), ids: made.map((m) => m.id) } };
}

/** A marker's text without bidi controls (one left open reorders the canvas text after it); none when empty. */
function markerText(text: string | undefined): { text?: string } {
  const clean = text ? stripBidiControls(text) : '';
  return clean ? { text: clean } : {};
}

function loaded(s: MarkerOpsState): { series: Series; key: string } {
  const series = s.ctx.store.peek('series');
  if (!series || series.bars.length === 0) {
    throw new ToolCallError('no_data', 'The chart has no data loaded.', {
      retryable: true,
      recommendedAction: 'Call chart_set_symbol first, or wait for the data to load.',
    });
  }
  return { series, key: instrumentKey(series.instrument.sourceId, series.instrument.symbol) };
}

function add(s: MarkerOpsState, key: string, made: readonly ChartMarker[], label: string): void {
  const existing = s.ctx.store.peek('markers')[key] ?? [];
  if (existing.length + made.length > MAX_MARKERS) {
    throw new ToolCallError(
      'out_of_range',
      `An instrument holds at most ${MAX_MARKERS} markers; ${existing.length} exist and ${made.length} were asked for.`,
      { recommendedAction: 'Remove markers with markers_remove first.' },
    );
  }
  const next = [...existing, ...made].sort((a, b) => a.time - b.time);
  s.ctx.store.action(label, (d) => d.set('markers', withKey(d.get('markers'), key, next)));
}

/** Fresh ids (`mk-<n>`) that no marker of any instrument uses. */
function idMaker(s: MarkerOpsState): () => string {
  const taken = new Set<string>();
  for (const list of Object.values(s.ctx.store.peek('markers'))) for (const m of list) taken.add(m.id);
  return () => {
    let id: string;
    do id = `mk-${++s.counter}`;
    while (taken.has(id));
    return id;
  };
}

function definition(s: MarkerOpsState, id: string): IndicatorDefinition {
  const def = s.ctx.indicatorRegistry.get(id);
  if (def) return def;
  const close = closeIndicatorIds(id, s.ctx.indicatorRegistry.list());
  throw new ToolCallError(
    'not_found',
    `Unknown indicator '${id}'.${close.length ? ` Did you mean ${close.join(', ')}?` : ''}`,
    {
      details: [{ path: 'definitionId', reason: 'unknown indicator definition id' }],
      recommendedAction: 'Call indicators_list for the known ids.',
    },
  );
}

/** A time inside the loaded bars snaps to the start of its bar; others stay as given. */
function snapToBar(series: Series, time: number): number {
  const { time: t, length: n } = series.bars;
  if (n === 0 || time < t[0] || time > t[n - 1]) return time;
  const i = upperIndex(t, time, n);
  return t[i];
}

import type { Static } from '@sinclair/typebox';
import type { Series } from '../data/index.js';
import { stripBidiControls } from '../data/strip-bidi-controls.js';
import {
  copyDrawings as copyDrawingGroup,
  describeDrawingKinds,
  normalizeStyle,
  type Drawing,
  type DrawingKind,
  type DrawingStyle,
} from '../drawings/index.js';
import { tool, ToolCallError, type ToolCallContext, type ToolOutput } from '../tools/index.js';
import { summarizeRange } from './summarize-range.js';
import type { TimeSelection } from '../state/index.js';
import { assertPointCount } from './assert-point-count.js';
import { loadedRangeText, toDrawingPoints } from './drawing-points.js';
import type { DrawingCommands } from './drawing-commands.js';
import {
  assertPane,
  assertStyle,
  insertDrawing,
  maxZ,
  newDrawingId,
  replaceDrawing,
  requireKey,
  requireSeries,
  withLabel,
} from './drawing-edits.js';
import {
  DrawingCreateInput,
  DrawingDeleteInput,
  DrawingsCopyInput,
  DrawingUpdateInput,
  liveDrawingCreateInput,
  NoInput,
  SetSelectionInput,
} from './drawing-tool-inputs.js';
import { parseToolTime, toolTime } from './tool-time.js';

/** A drawing as tools return it: times also written in the market timezone. */
export interface DrawingSummary {
  readonly id: string;
  readonly kind: DrawingKind;
  readonly paneId: string;
  readonly points: readonly { readonly time: number; readonly timeText: string; readonly price: number }[];
  readonly style: DrawingStyle;
  readonly label?: string;
  readonly locked: boolean;
}

/**
 * The drawing and selection tools (drawing_*, drawings_*, chart_set_selection; docs/contracts.md
 * "Tool catalog") over the drawings kept by {@link DrawingCommands}. Loaded with the other tools
 * after the first paint (builtin-tool-hosts.ts, issue #12). Each mutating call is one undo step.
 */
export class DrawingTools {
  readonly #drawings: DrawingCommands;

  constructor(drawings: DrawingCommands) {
    this.#drawings = drawings;
  }

  @tool({
    name: 'drawings_list',
    label: 'List drawings',
    description:
      'Lists the drawings on the current instrument: id, kind, pane, points (epoch ms plus text in the market timezone), style, label and whether it is locked, plus the ids the user has selected. Use the ids with drawing_update, drawing_delete and drawings_copy.',
    parameters: NoInput,
    safety: 'read-only',
  })
  list(_input: Static<typeof NoInput>, _ctx?: ToolCallContext): ToolOutput {
    const store = this.#drawings.ctx.store;
    const series = store.peek('series');
    const drawings = series ? this.#drawings.current().map((d) => summarize(d, series)) : [];
    return { data: { drawings, selectedIds: [...store.peek('drawingSelection')] } };
  }

  @tool({
    name: 'drawing_create',
    label: 'Create drawing',
    description: `Draws on the chart of the current instrument and returns the new drawing's id. Points are {time, price}; times are YYYY-MM-DD, YYYY-MM-DD HH:mm (market timezone) or epoch ms and must lie inside the loaded data. The kinds and their points are listed at the end. To mark a level of the user's range selection, read it from chart_get_context (selection.high, selection.low, selection.from).`,
    parameters: DrawingCreateInput,
    safety: 'mutating',
    liveDescription: (host: DrawingTools) =>
      `Kinds and their points:\n${describeDrawingKinds()}\n${host.liveDescription()}`,
    liveParameters: () => liveDrawingCreateInput(),
  })
  create(input: Static<typeof DrawingCreateInput>, _ctx?: ToolCallContext): ToolOutput {
    const drawings = this.#drawings;
    const series = requireSeries(drawings);
    assertPane(drawings, input.paneId);
    assertPointCount(input.kind, input.points.length);
    const points = toDrawingPoints(input.points, series, true);
    assertStyle(input.style);
    const drawing = insertDrawing(drawings, 'drawing_create', {
      kind: input.kind,
      points,
      paneId: input.paneId,
      style: input.style,
      label: input.label === undefined ? undefined : stripBidiControls(input.label),
    });
    return { data: { id: drawing.id, drawing: summarize(drawing, series) } };
  }

  @tool({
    name: 'drawing_update',
    label: 'Update drawing',
    description:
      'Changes a drawing: its points (the same count its kind needs, inside the loaded data), style (partial: colour, width, dash), label (empty string removes it) or locked flag. Returns the previous values. A locked drawing refuses changes unless the same call sets locked to false.',
    parameters: DrawingUpdateInput,
    safety: 'mutating',
    liveDescription: (host: DrawingTools) => host.liveDrawingIds(),
  })
  update(input: Static<typeof DrawingUpdateInput>, _ctx?: ToolCallContext): ToolOutput {
    const series = requireSeries(this.#drawings);
    const drawing = this.#find(input.id, 'id');
    const edits = input.points !== undefined || input.style !== undefined || input.label !== undefined;
    if (drawing.locked && edits && input.locked !== false) {
      throw new ToolCallError(
        'not_allowed',
        `Drawing '${drawing.id}' is locked; its points, style and label cannot change.`,
        {
          details: [
            { path: 'locked', reason: 'the drawing is locked; pass locked: false to unlock it in the same call' },
          ],
          recommendedAction: `Call drawing_update with { id: '${drawing.id}', locked: false } (plus your changes), or leave it as it is.`,
        },
      );
    }
    let points = drawing.points;
    if (input.points !== undefined) {
      assertPointCount(drawing.kind, input.points.length);
      points = toDrawingPoints(input.points, series, true);
    }
    assertStyle(input.style);
    const next: Drawing = withLabel(
      {
        ...drawing,
        points,
        style: input.style ? normalizeStyle({ ...drawing.style, ...input.style }) : drawing.style,
        locked: input.locked ?? drawing.locked,
      },
      input.label === undefined ? drawing.label : stripBidiControls(input.label),
    );
    const previous = {
      points: drawing.points.map((p) => ({ ...p })),
      style: drawing.style,
      label: drawing.label ?? '',
      locked: drawing.locked,
    };
    const changed = replaceDrawing(this.#drawings, 'drawing_update', next);
    return { data: { id: drawing.id, previous, drawing: summarize(next, series) }, stateChanged: changed };
  }

  @tool({
    name: 'drawing_delete',
    label: 'Delete drawings',
    description:
      'Deletes drawings by id (one undo step for the whole list) and returns the deleted ids. Unknown ids fail with not_found and nothing is deleted; see drawings_list for the ids. Use drawings_clear to delete all of them.',
    parameters: DrawingDeleteInput,
    safety: 'mutating',
    liveDescription: (host: DrawingTools) => host.liveDrawingIds(),
  })
  delete(input: Static<typeof DrawingDeleteInput>, _ctx?: ToolCallContext): ToolOutput {
    requireSeries(this.#drawings);
    input.ids.forEach((id, i) => this.#find(id, `ids[${i}]`));
    const remove = new Set(input.ids);
    const key = requireKey(this.#drawings);
    this.#drawings.ctx.store.action('drawing_delete', (d) => {
      const all = d.get('drawings');
      d.set('drawings', { ...all, [key]: (all[key] ?? []).filter((x) => !remove.has(x.id)) });
      d.set(
        'drawingSelection',
        d.get('drawingSelection').filter((id) => !remove.has(id)),
      );
    });
    return { data: { deleted: [...remove] } };
  }

  @tool({
    name: 'drawings_copy',
    label: 'Copy drawings',
    description:
      'Duplicates drawings as one group (one undo step), optionally shifted by whole bars (offsetBars, skipping gaps like weekends) and by a price (offsetPrice). The copies are selected and drawn on top. Returns the new ids in the order of `ids`. The toolbar copy button and Ctrl/Cmd+V run this same command.',
    parameters: DrawingsCopyInput,
    safety: 'mutating',
    liveDescription: (host: DrawingTools) => host.liveDrawingIds(),
  })
  copy(input: Static<typeof DrawingsCopyInput>, _ctx?: ToolCallContext): ToolOutput {
    const drawings = this.#drawings;
    const series = requireSeries(drawings);
    const originals = input.ids.map((id, i) => this.#find(id, `ids[${i}]`));
    const key = requireKey(drawings);
    const existing = drawings.current();
    const copies = copyDrawingGroup(originals, {
      offsetBars: input.offsetBars ?? 0,
      offsetPrice: input.offsetPrice ?? 0,
      barTimes: series.bars.time.subarray(0, series.bars.length),
      newId: () => newDrawingId(drawings),
      baseZ: maxZ(existing) + 1,
    }).map((c) => ({ ...c, locked: false }));
    drawings.ctx.store.action('drawings_copy', (d) => {
      const all = d.get('drawings');
      d.set('drawings', { ...all, [key]: [...(all[key] ?? []), ...copies] });
      d.set(
        'drawingSelection',
        copies.map((c) => c.id),
      );
    });
    return { data: { ids: copies.map((c) => c.id), drawings: copies.map((c) => summarize(c, series)) } };
  }

  @tool({
    name: 'drawings_clear',
    label: 'Clear drawings',
    description:
      'Deletes every drawing of the current instrument (one undo step; history_undo brings them back) and returns how many were deleted. Drawings of other instruments stay. Ask the user before clearing drawings they made themselves.',
    parameters: NoInput,
    safety: 'mutating',
  })
  clear(_input: Static<typeof NoInput>, _ctx?: ToolCallContext): ToolOutput {
    requireSeries(this.#drawings);
    const key = requireKey(this.#drawings);
    const count = this.#drawings.current().length;
    if (count === 0) return { data: { deleted: 0 }, stateChanged: false };
    this.#drawings.ctx.store.action('drawings_clear', (d) => {
      const all = { ...d.get('drawings') };
      delete all[key];
      d.set('drawings', all);
      d.set('drawingSelection', []);
    });
    return { data: { deleted: count } };
  }

  @tool({
    name: 'chart_set_selection',
    label: 'Set range selection',
    description:
      'Sets the confirmed range selection to the bars between `from` and `to` (inclusive; snapped to the bars inside) and returns its summary (bars, open, high, low, close, changePct, volume); or removes it with {clear: true}. Times: YYYY-MM-DD, YYYY-MM-DD HH:mm (market timezone) or epoch ms. The selection is what chart_get_context reports as `selection`. One undo step. Times outside the loaded data fail with out_of_range and the loaded range.',
    parameters: SetSelectionInput,
    safety: 'mutating',
  })
  setSelection(input: Static<typeof SetSelectionInput>, _ctx?: ToolCallContext): ToolOutput {
    const store = this.#drawings.ctx.store;
    if (input.clear) {
      if (input.from !== undefined || input.to !== undefined) {
        throw new ToolCallError('invalid_input', 'Give either clear or from/to, not both.', {
          details: [{ path: 'clear', reason: 'not allowed together with from/to' }],
        });
      }
      if (store.peek('selection') === null) return { data: { selection: null }, stateChanged: false };
      store.action('chart_set_selection', (d) => d.set('selection', null));
      return { data: { selection: null } };
    }
    if (input.from === undefined || input.to === undefined) {
      throw new ToolCallError('invalid_input', 'Give from and to, or clear: true.', {
        details: [{ path: input.from === undefined ? 'from' : 'to', reason: 'required unless clear is true' }],
      });
    }
    const series = requireSeries(this.#drawings);
    const tz = series.instrument.timezone;
    const from = parseToolTime(input.from, tz, 'from');
    const to = parseToolTime(input.to, tz, 'to');
    if (to < from)
      throw new ToolCallError('invalid_input', "'to' is before 'from'.", {
        details: [{ path: 'to', reason: 'must not be before from' }],
      });
    const summary = summarizeRange(series.bars, { from, to });
    if (!summary) {
      const range = loadedRangeText(series);
      throw new ToolCallError('out_of_range', `No bars between the given times; the loaded data covers ${range}.`, {
        details: [{ path: 'from', reason: `no bars from here to 'to'; use times within ${range}` }],
        recommendedAction: `Choose times within ${range}.`,
      });
    }
    const selection: TimeSelection = { from: summary.from, to: summary.to };
    const current = store.peek('selection');
    const changed = current?.from !== selection.from || current?.to !== selection.to;
    if (changed) store.action('chart_set_selection', (d) => d.set('selection', selection));
    return {
      data: {
        selection: {
          ...summary,
          fromText: toolTime(summary.from, tz, series.period),
          toText: toolTime(summary.to, tz, series.period),
        },
      },
      stateChanged: changed,
    };
  }

  /** The ids of the current instrument's drawings (first 30) with their kinds, for descriptions. */
  liveDrawingIds(): string {
    const list = this.#drawings.current();
    if (list.length === 0) return 'Drawing ids on this instrument: none.';
    // Labels stay out: they are free text, and a description is read as instructions.
    const shown = list.slice(0, 30).map((d) => `${d.id} (${d.kind}${d.locked ? ', locked' : ''})`);
    return `Drawing ids on this instrument: ${shown.join(', ')}${list.length > 30 ? ` and ${list.length - 30} more (see drawings_list)` : ''}.`;
  }

  /** Pane ids and the loaded range, appended to drawing_create's description. */
  liveDescription(): string {
    const store = this.#drawings.ctx.store;
    const panes = store
      .peek('panes')
      .map((p) => p.id)
      .join(', ');
    const series = store.peek('series');
    const range = series && series.bars.length > 0 ? ` Loaded data: ${loadedRangeText(series)}.` : '';
    return `Pane ids: ${panes}.${range}`;
  }

  #find(id: string, field: string): Drawing {
    const list = this.#drawings.current();
    const drawing = list.find((d) => d.id === id);
    if (drawing) return drawing;
    const ids = list.map((d) => d.id);
    throw new ToolCallError('not_found', `No drawing '${id}' on this instrument.`, {
      details: [
        {
          path: field,
          reason: ids.length
            ? `unknown drawing id; existing ids: ${ids.slice(0, 20).join(', ')}`
            : 'unknown drawing id; this instrument has no drawings',
        },
      ],
      recommendedAction: 'Call drawings_list for the current ids.',
    });
  }
}

function summarize(d: Drawing, series: Series): DrawingSummary {
  const tz = series.instrument.timezone;
  return {
    id: d.id,
    kind: d.kind,
    paneId: d.paneId,
    points: d.points.map((p) => ({ time: p.time, timeText: toolTime(p.time, tz, series.period), price: p.price })),
    style: d.style,
    ...(d.label ? { label: d.label } : {}),
    locked: d.locked,
  };
}

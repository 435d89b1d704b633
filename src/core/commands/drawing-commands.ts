import type { Static } from '@sinclair/typebox';
import type { Series } from '../data/index.js';
import {
  copyDrawings as copyDrawingGroup,
  describeDrawingKinds,
  normalizeStyle,
  validateDrawingStyle,
  type Drawing,
  type DrawingKind,
  type DrawingPoint,
  type DrawingStyle,
} from '../drawings/index.js';
import { tool, ToolCallError, type ToolCallContext, type ToolOutput } from '../tools/index.js';
import { summarizeRange } from './build-chart-context.js';
import type { CommandContext } from './command-context.js';
import { instrumentKey, type TimeSelection } from '../state/index.js';
import { assertPointCount, loadedRangeText, toDrawingPoints } from './drawing-points.js';
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

/** What the pointer layer hands to `createDrawing` (times already UTC ms). */
export interface NewDrawingSpec {
  readonly kind: DrawingKind;
  readonly points: readonly DrawingPoint[];
  readonly paneId?: string;
  readonly style?: Partial<DrawingStyle>;
  readonly label?: string;
}

/**
 * Drawing and selection commands (tools: drawing_*, drawings_*, chart_set_selection; undo and
 * redo: history-commands.ts). Drawings belong to the instrument of the loaded series
 * (`state.drawings[instrumentKey(sourceId, symbol)]`); each mutating call is one action, so one
 * undo step, whoever made it. The pointer layer uses the same methods (`createDrawing`,
 * `moveDrawing`, `select`, and the tools themselves for delete and copy).
 */
export class DrawingCommands {
  #counter = 0;

  readonly #ctx: Pick<CommandContext, 'store'>;

  constructor(ctx: Pick<CommandContext, 'store'>) {
    this.#ctx = ctx;
    // Undo, redo and symbol switches can remove selected drawings; the selection must not name ghosts.
    ctx.store.onCommit(() => this.#pruneSelection());
  }

  /** Storage key of the loaded instrument's drawings, or null while nothing is loaded. */
  currentKey(): string | null {
    const series = this.#ctx.store.peek('series');
    return series ? instrumentKey(series.instrument.sourceId, series.instrument.symbol) : null;
  }

  /** Drawings of the loaded instrument (all panes). */
  current(): readonly Drawing[] {
    const key = this.currentKey();
    return key ? (this.#ctx.store.peek('drawings')[key] ?? []) : [];
  }

  // ---------------------------------------------------------------- tools

  @tool({
    name: 'drawings_list',
    label: 'List drawings',
    description:
      'Lists the drawings on the current instrument: id, kind, pane, points (epoch ms plus text in the market timezone), style, label and whether it is locked, plus the ids the user has selected. Use the ids with drawing_update, drawing_delete and drawings_copy.',
    parameters: NoInput,
    safety: 'read-only',
  })
  list(_input: Static<typeof NoInput>, _ctx?: ToolCallContext): ToolOutput {
    const series = this.#ctx.store.peek('series');
    const drawings = series ? this.current().map((d) => summarize(d, series)) : [];
    return { data: { drawings, selectedIds: [...this.#ctx.store.peek('drawingSelection')] } };
  }

  @tool({
    name: 'drawing_create',
    label: 'Create drawing',
    description: `Draws on the chart of the current instrument and returns the new drawing's id. Points are {time, price}; times are YYYY-MM-DD, YYYY-MM-DD HH:mm (market timezone) or epoch ms and must lie inside the loaded data. The kinds and their points are listed at the end. To mark a level of the user's range selection, read it from chart_get_context (selection.high, selection.low, selection.from).`,
    parameters: DrawingCreateInput,
    safety: 'mutating',
    liveDescription: (host: DrawingCommands) =>
      `Kinds and their points:\n${describeDrawingKinds()}\n${host.liveDescription()}`,
    liveParameters: () => liveDrawingCreateInput(),
  })
  create(input: Static<typeof DrawingCreateInput>, _ctx?: ToolCallContext): ToolOutput {
    const series = this.#requireSeries();
    this.#assertPane(input.paneId);
    assertPointCount(input.kind, input.points.length);
    const points = toDrawingPoints(input.points, series, true);
    this.#assertStyle(input.style);
    const drawing = this.#insertNew('drawing_create', {
      kind: input.kind,
      points,
      paneId: input.paneId,
      style: input.style,
      label: input.label,
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
    liveDescription: (host: DrawingCommands) => host.liveDrawingIds(),
  })
  update(input: Static<typeof DrawingUpdateInput>, _ctx?: ToolCallContext): ToolOutput {
    const series = this.#requireSeries();
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
    this.#assertStyle(input.style);
    const next: Drawing = withLabel(
      {
        ...drawing,
        points,
        style: input.style ? normalizeStyle({ ...drawing.style, ...input.style }) : drawing.style,
        locked: input.locked ?? drawing.locked,
      },
      input.label === undefined ? drawing.label : input.label,
    );
    const previous = {
      points: drawing.points.map((p) => ({ ...p })),
      style: drawing.style,
      label: drawing.label ?? '',
      locked: drawing.locked,
    };
    const changed = this.#replace('drawing_update', next);
    return { data: { id: drawing.id, previous, drawing: summarize(next, series) }, stateChanged: changed };
  }

  @tool({
    name: 'drawing_delete',
    label: 'Delete drawings',
    description:
      'Deletes drawings by id (one undo step for the whole list) and returns the deleted ids. Unknown ids fail with not_found and nothing is deleted; see drawings_list for the ids. Use drawings_clear to delete all of them.',
    parameters: DrawingDeleteInput,
    safety: 'mutating',
    liveDescription: (host: DrawingCommands) => host.liveDrawingIds(),
  })
  delete(input: Static<typeof DrawingDeleteInput>, _ctx?: ToolCallContext): ToolOutput {
    this.#requireSeries();
    input.ids.forEach((id, i) => this.#find(id, `ids[${i}]`));
    const remove = new Set(input.ids);
    const key = this.currentKey()!;
    this.#ctx.store.action('drawing_delete', (d) => {
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
    liveDescription: (host: DrawingCommands) => host.liveDrawingIds(),
  })
  copy(input: Static<typeof DrawingsCopyInput>, _ctx?: ToolCallContext): ToolOutput {
    const series = this.#requireSeries();
    const originals = input.ids.map((id, i) => this.#find(id, `ids[${i}]`));
    const key = this.currentKey()!;
    const existing = this.current();
    const copies = copyDrawingGroup(originals, {
      offsetBars: input.offsetBars ?? 0,
      offsetPrice: input.offsetPrice ?? 0,
      barTimes: series.bars.time.subarray(0, series.bars.length),
      newId: () => this.#newId(),
      baseZ: maxZ(existing) + 1,
    }).map((c) => ({ ...c, locked: false }));
    this.#ctx.store.action('drawings_copy', (d) => {
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
    this.#requireSeries();
    const key = this.currentKey()!;
    const count = this.current().length;
    if (count === 0) return { data: { deleted: 0 }, stateChanged: false };
    this.#ctx.store.action('drawings_clear', (d) => {
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
    if (input.clear) {
      if (input.from !== undefined || input.to !== undefined) {
        throw new ToolCallError('invalid_input', 'Give either clear or from/to, not both.', {
          details: [{ path: 'clear', reason: 'not allowed together with from/to' }],
        });
      }
      if (this.#ctx.store.peek('selection') === null) return { data: { selection: null }, stateChanged: false };
      this.#ctx.store.action('chart_set_selection', (d) => d.set('selection', null));
      return { data: { selection: null } };
    }
    if (input.from === undefined || input.to === undefined) {
      throw new ToolCallError('invalid_input', 'Give from and to, or clear: true.', {
        details: [{ path: input.from === undefined ? 'from' : 'to', reason: 'required unless clear is true' }],
      });
    }
    const series = this.#requireSeries();
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
    const current = this.#ctx.store.peek('selection');
    const changed = current?.from !== selection.from || current?.to !== selection.to;
    if (changed) this.#ctx.store.action('chart_set_selection', (d) => d.set('selection', selection));
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

  // ------------------------------------------------------ pointer-layer API

  /**
   * Adds a drawing placed with the pointer (one undo step) and selects it. Unlike
   * `drawing_create`, times may lie beyond the loaded bars (the empty future area). Returns the
   * new drawing, or throws `ToolCallError` for a wrong point count or an unknown pane.
   */
  createDrawing(spec: NewDrawingSpec): Drawing {
    this.#requireSeries();
    this.#assertPane(spec.paneId);
    assertPointCount(spec.kind, spec.points.length);
    this.#assertStyle(spec.style);
    const drawing = this.#insertNew('drawing_create', spec);
    this.select([drawing.id]);
    return drawing;
  }

  /** Moves a drawing to `points` (a drag: one undo step). False when it is unknown, locked or unchanged. */
  moveDrawing(id: string, points: readonly DrawingPoint[]): boolean {
    const drawing = this.current().find((d) => d.id === id);
    if (!drawing || drawing.locked || points.length !== drawing.points.length) return false;
    if (!points.every((p) => Number.isFinite(p.time) && Number.isFinite(p.price))) return false;
    return this.#replace('drawing_move', { ...drawing, points: points.map((p) => ({ time: p.time, price: p.price })) });
  }

  /** Sets the selected drawings (not an undo step). Unknown ids are dropped. */
  select(ids: readonly string[]): void {
    const known = new Set(this.current().map((d) => d.id));
    const next = [...new Set(ids)].filter((id) => known.has(id));
    const now = this.#ctx.store.peek('drawingSelection');
    if (next.length === now.length && next.every((id, i) => id === now[i])) return;
    this.#ctx.store.action('drawing_select', (d) => d.set('drawingSelection', next), { undoable: false });
  }

  // ------------------------------------------------------------ internals

  #requireSeries(): Series {
    const series = this.#ctx.store.peek('series');
    if (!series || series.bars.length === 0) {
      throw new ToolCallError('no_data', 'The chart has no data loaded.', {
        retryable: true,
        recommendedAction: 'Call chart_set_symbol first, or wait for the data to load.',
      });
    }
    return series;
  }

  #assertPane(paneId: string | undefined): void {
    if (paneId === undefined) return;
    const ids = this.#ctx.store.peek('panes').map((p) => p.id);
    if (ids.includes(paneId)) return;
    throw new ToolCallError('not_found', `There is no pane '${paneId}'. Existing panes: ${ids.join(', ')}.`, {
      details: [{ path: 'paneId', reason: `unknown pane id; use one of ${ids.join(', ')}` }],
      recommendedAction: 'Leave paneId out to draw on the price pane, or use an id from panes_list.',
    });
  }

  #assertStyle(style: unknown): void {
    const errors = validateDrawingStyle(style);
    if (errors.length === 0) return;
    throw new ToolCallError('invalid_input', `Invalid style: ${errors[0].reason}.`, {
      details: errors.slice(0, 5),
      recommendedAction: 'Fix the style fields named in details.',
    });
  }

  #find(id: string, field: string): Drawing {
    const drawing = this.current().find((d) => d.id === id);
    if (drawing) return drawing;
    const ids = this.current().map((d) => d.id);
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

  #insertNew(action: string, spec: NewDrawingSpec): Drawing {
    const key = this.currentKey()!;
    const drawing = withLabel(
      {
        id: this.#newId(),
        kind: spec.kind,
        points: spec.points.map((p) => ({ time: p.time, price: p.price })),
        paneId: spec.paneId ?? 'price',
        style: normalizeStyle(spec.style),
        locked: false,
        z: maxZ(this.current()) + 1,
      },
      spec.label,
    );
    this.#ctx.store.action(action, (d) => {
      const all = d.get('drawings');
      d.set('drawings', { ...all, [key]: [...(all[key] ?? []), drawing] });
    });
    return drawing;
  }

  /** Writes `next` in place of the drawing with its id. False when nothing changed. */
  #replace(action: string, next: Drawing): boolean {
    const key = this.currentKey()!;
    const list = this.current();
    const prev = list.find((d) => d.id === next.id);
    if (!prev || JSON.stringify(prev) === JSON.stringify(next)) return false;
    this.#ctx.store.action(action, (d) => {
      const all = d.get('drawings');
      d.set('drawings', { ...all, [key]: list.map((x) => (x.id === next.id ? next : x)) });
    });
    return true;
  }

  /** A fresh id, unique among the drawings of every instrument (persisted ones included). */
  #newId(): string {
    const taken = new Set(Object.values(this.#ctx.store.peek('drawings')).flatMap((list) => list.map((d) => d.id)));
    let id: string;
    do id = `d${(++this.#counter).toString(36)}`;
    while (taken.has(id));
    return id;
  }

  #pruneSelection(): void {
    const selected = this.#ctx.store.peek('drawingSelection');
    if (selected.length === 0) return;
    const known = new Set(this.current().map((d) => d.id));
    if (selected.every((id) => known.has(id))) return;
    this.#ctx.store.action(
      'drawing_select',
      (d) =>
        d.set(
          'drawingSelection',
          selected.filter((id) => known.has(id)),
        ),
      { undoable: false },
    );
  }

  /** After undo/redo of a symbol or period change the series reloads; the tool answers once it has. */

  /** The ids of the current instrument's drawings (first 30) with their kinds, for descriptions. */
  liveDrawingIds(): string {
    const list = this.current();
    if (list.length === 0) return 'Drawing ids on this instrument: none.';
    // Labels stay out: they are free text, and a description is read as instructions.
    const shown = list.slice(0, 30).map((d) => `${d.id} (${d.kind}${d.locked ? ', locked' : ''})`);
    return `Drawing ids on this instrument: ${shown.join(', ')}${list.length > 30 ? ` and ${list.length - 30} more (see drawings_list)` : ''}.`;
  }

  /** Pane ids and the loaded range, appended to drawing_create's description. */
  liveDescription(): string {
    const panes = this.#ctx.store
      .peek('panes')
      .map((p) => p.id)
      .join(', ');
    const series = this.#ctx.store.peek('series');
    const range = series && series.bars.length > 0 ? ` Loaded data: ${loadedRangeText(series)}.` : '';
    return `Pane ids: ${panes}.${range}`;
  }
}

function maxZ(drawings: readonly Drawing[]): number {
  return drawings.reduce((m, d) => Math.max(m, d.z), 0);
}

/** `drawing` with `label` set, or without the property when the label is empty. */
function withLabel(drawing: Drawing, label: string | undefined): Drawing {
  const { label: _old, ...rest } = drawing;
  return label ? { ...rest, label } : rest;
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

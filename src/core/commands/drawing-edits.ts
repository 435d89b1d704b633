import type { Series } from '../data/index.js';
import { normalizeStyle, validateDrawingStyle, type Drawing, type DrawingPoint } from '../drawings/index.js';
import { instrumentKey } from '../state/index.js';
import { ToolCallError } from '../tools/index.js';
import { assertPointCount } from './assert-point-count.js';
import type { DrawingCommands, NewDrawingSpec } from './drawing-commands.js';

// Adding and changing drawings in the store (`DrawingCommands` keeps the state readers): what the
// pointer and keyboard layer (components/kline-chart/drawing-layer-parts.ts) and the drawing tools
// (drawing-tools.ts) share. A module of its own, loaded with them and not with the first paint
// (issue #12), since its style checks pull in the drawing validation.

/**
 * Adds a drawing placed with the pointer (one undo step) and selects it. Unlike `drawing_create`,
 * times may lie beyond the loaded bars (the empty future area). Returns the new drawing, or throws
 * `ToolCallError` for a wrong point count or an unknown pane.
 */
export function createDrawing(drawings: DrawingCommands, spec: NewDrawingSpec): Drawing {
  requireSeries(drawings);
  assertPane(drawings, spec.paneId);
  assertPointCount(spec.kind, spec.points.length);
  assertStyle(spec.style);
  const drawing = insertDrawing(drawings, 'drawing_create', spec);
  drawings.select([drawing.id]);
  return drawing;
}

/** Moves a drawing to `points` (a drag: one undo step). False when it is unknown, locked or unchanged. */
export function moveDrawingTo(drawings: DrawingCommands, id: string, points: readonly DrawingPoint[]): boolean {
  const drawing = drawings.current().find((d) => d.id === id);
  if (!drawing || drawing.locked || points.length !== drawing.points.length) return false;
  if (!points.every((p) => Number.isFinite(p.time) && Number.isFinite(p.price))) return false;
  return replaceDrawing(drawings, 'drawing_move', {
    ...drawing,
    points: points.map((p) => ({ time: p.time, price: p.price })),
  });
}

/** The loaded instrument's key (the drawings' bucket); no series fails as {@link requireSeries} does. */
export function requireKey(drawings: DrawingCommands): string {
  const key = drawings.currentKey();
  if (key !== null) return key;
  const series = requireSeries(drawings);
  return instrumentKey(series.instrument.sourceId, series.instrument.symbol);
}

/** The loaded series; `no_data` when it is missing or empty. */
export function requireSeries(drawings: DrawingCommands): Series {
  const series = drawings.ctx.store.peek('series');
  if (!series || series.bars.length === 0) {
    throw new ToolCallError('no_data', 'The chart has no data loaded.', {
      retryable: true,
      recommendedAction: 'Call chart_set_symbol first, or wait for the data to load.',
    });
  }
  return series;
}

/** `not_found` unless `paneId` is left out or names a pane. */
export function assertPane(drawings: DrawingCommands, paneId: string | undefined): void {
  if (paneId === undefined) return;
  const ids = drawings.ctx.store.peek('panes').map((p) => p.id);
  if (ids.includes(paneId)) return;
  throw new ToolCallError('not_found', `There is no pane '${paneId}'. Existing panes: ${ids.join(', ')}.`, {
    details: [{ path: 'paneId', reason: `unknown pane id; use one of ${ids.join(', ')}` }],
    recommendedAction: 'Leave paneId out to draw on the price pane, or use an id from panes_list.',
  });
}

/** `invalid_input` for a bad partial style. */
export function assertStyle(style: unknown): void {
  const errors = validateDrawingStyle(style);
  if (errors.length === 0) return;
  throw new ToolCallError('invalid_input', `Invalid style: ${errors[0].reason}.`, {
    details: errors.slice(0, 5),
    recommendedAction: 'Fix the style fields named in details.',
  });
}

/** Adds a new drawing on top of the loaded instrument's as the action `action` (one undo step). */
export function insertDrawing(drawings: DrawingCommands, action: string, spec: NewDrawingSpec): Drawing {
  const key = requireKey(drawings);
  const drawing = withLabel(
    {
      id: newDrawingId(drawings),
      kind: spec.kind,
      points: spec.points.map((p) => ({ time: p.time, price: p.price })),
      paneId: spec.paneId ?? 'price',
      style: normalizeStyle(spec.style),
      locked: false,
      z: maxZ(drawings.current()) + 1,
    },
    spec.label,
  );
  drawings.ctx.store.action(action, (d) => {
    const all = d.get('drawings');
    d.set('drawings', { ...all, [key]: [...(all[key] ?? []), drawing] });
  });
  return drawing;
}

/** Writes `next` in place of the drawing with its id as the action `action`. False when nothing changed. */
export function replaceDrawing(drawings: DrawingCommands, action: string, next: Drawing): boolean {
  const key = requireKey(drawings);
  const list = drawings.current();
  const prev = list.find((d) => d.id === next.id);
  if (!prev || JSON.stringify(prev) === JSON.stringify(next)) return false;
  drawings.ctx.store.action(action, (d) => {
    const all = d.get('drawings');
    d.set('drawings', { ...all, [key]: list.map((x) => (x.id === next.id ? next : x)) });
  });
  return true;
}

/** A fresh drawing id, unique among the drawings of every instrument (persisted ones included). */
export function newDrawingId(drawings: DrawingCommands): string {
  const store = drawings.ctx.store;
  const taken = new Set(Object.values(store.peek('drawings')).flatMap((list) => list.map((d) => d.id)));
  let id: string;
  do id = `d${(++drawings.idCounter).toString(36)}`;
  while (taken.has(id));
  return id;
}

/** The highest z of `drawings` (0 when none): a new drawing goes above it. */
export function maxZ(drawings: readonly Drawing[]): number {
  return drawings.reduce((m, d) => Math.max(m, d.z), 0);
}

/** `drawing` with `label` set, or without the property when the label is empty. */
export function withLabel(drawing: Drawing, label: string | undefined): Drawing {
  const { label: _old, ...rest } = drawing;
  return label ? { ...rest, label } : rest;
}

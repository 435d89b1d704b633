import { normalizeStyle, validateDrawingStyle, type Drawing } from '../drawings/index.js';
import { ToolCallError } from '../tools/index.js';
import { assertPointCount } from './assert-point-count.js';
import type { DrawingCommands, NewDrawingSpec } from './drawing-commands.js';

// Adding drawings: what the pointer layer (components/kline-chart/drawing-layer-parts.ts) and the
// drawing tools (drawing-tools.ts) share. A module of its own, loaded with them and not with the
// first paint (issue #12), since its style checks pull in the drawing validation.

/**
 * Adds a drawing placed with the pointer (one undo step) and selects it. Unlike `drawing_create`,
 * times may lie beyond the loaded bars (the empty future area). Returns the new drawing, or throws
 * `ToolCallError` for a wrong point count or an unknown pane.
 */
export function createDrawing(drawings: DrawingCommands, spec: NewDrawingSpec): Drawing {
  drawings.requireSeries();
  assertPane(drawings, spec.paneId);
  assertPointCount(spec.kind, spec.points.length);
  assertStyle(spec.style);
  const drawing = insertDrawing(drawings, 'drawing_create', spec);
  drawings.select([drawing.id]);
  return drawing;
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
  const key = drawings.requireKey();
  const drawing = withLabel(
    {
      id: drawings.newId(),
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

/** The highest z of `drawings` (0 when none): a new drawing goes above it. */
export function maxZ(drawings: readonly Drawing[]): number {
  return drawings.reduce((m, d) => Math.max(m, d.z), 0);
}

/** `drawing` with `label` set, or without the property when the label is empty. */
export function withLabel(drawing: Drawing, label: string | undefined): Drawing {
  const { label: _old, ...rest } = drawing;
  return label ? { ...rest, label } : rest;
}

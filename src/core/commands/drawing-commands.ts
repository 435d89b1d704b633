import type { Series } from '../data/index.js';
import {
  normalizeStyle,
  validateDrawingStyle,
  type Drawing,
  type DrawingKind,
  type DrawingPoint,
  type DrawingStyle,
} from '../drawings/index.js';
import { ToolCallError } from '../tools/index.js';
import type { CommandContext } from './command-context.js';
import { instrumentKey } from '../state/index.js';
import { assertPointCount } from './assert-point-count.js';

/** What the pointer layer hands to `createDrawing` (times already UTC ms). */
export interface NewDrawingSpec {
  readonly kind: DrawingKind;
  readonly points: readonly DrawingPoint[];
  readonly paneId?: string;
  readonly style?: Partial<DrawingStyle>;
  readonly label?: string;
}

/**
 * Drawing and selection commands (undo and redo: history-commands.ts). Drawings belong to the
 * instrument of the loaded series (`state.drawings[instrumentKey(sourceId, symbol)]`); each mutating
 * call is one action, so one undo step, whoever made it. What the pointer layer and the element
 * call at once lives here (`createDrawing`, `moveDrawing`, `select`); the tools (drawing_*,
 * drawings_*, chart_set_selection) are {@link import('./drawing-tools.js').DrawingTools}, loaded
 * after the first paint (issue #12), and the pointer layer runs them for delete and copy.
 */
export class DrawingCommands {
  #counter = 0;

  /** Internal: shared with DrawingTools (drawing-tools.ts). */
  readonly ctx: Pick<CommandContext, 'store'>;

  constructor(ctx: Pick<CommandContext, 'store'>) {
    this.ctx = ctx;
    // Undo, redo and symbol switches can remove selected drawings; the selection must not name ghosts.
    ctx.store.onCommit(() => this.#pruneSelection());
  }

  /** Storage key of the loaded instrument's drawings, or null while nothing is loaded. */
  currentKey(): string | null {
    const series = this.ctx.store.peek('series');
    return series ? instrumentKey(series.instrument.sourceId, series.instrument.symbol) : null;
  }

  /** Drawings of the loaded instrument (all panes). */
  current(): readonly Drawing[] {
    const key = this.currentKey();
    return key ? (this.ctx.store.peek('drawings')[key] ?? []) : [];
  }

  // ------------------------------------------------------ pointer-layer API

  /**
   * Adds a drawing placed with the pointer (one undo step) and selects it. Unlike
   * `drawing_create`, times may lie beyond the loaded bars (the empty future area). Returns the
   * new drawing, or throws `ToolCallError` for a wrong point count or an unknown pane.
   */
  createDrawing(spec: NewDrawingSpec): Drawing {
    this.requireSeries();
    this.assertPane(spec.paneId);
    assertPointCount(spec.kind, spec.points.length);
    this.assertStyle(spec.style);
    const drawing = this.insertNew('drawing_create', spec);
    this.select([drawing.id]);
    return drawing;
  }

  /** Moves a drawing to `points` (a drag: one undo step). False when it is unknown, locked or unchanged. */
  moveDrawing(id: string, points: readonly DrawingPoint[]): boolean {
    const drawing = this.current().find((d) => d.id === id);
    if (!drawing || drawing.locked || points.length !== drawing.points.length) return false;
    if (!points.every((p) => Number.isFinite(p.time) && Number.isFinite(p.price))) return false;
    return this.replace('drawing_move', { ...drawing, points: points.map((p) => ({ time: p.time, price: p.price })) });
  }

  /** Sets the selected drawings (not an undo step). Unknown ids are dropped. */
  select(ids: readonly string[]): void {
    const known = new Set(this.current().map((d) => d.id));
    const next = [...new Set(ids)].filter((id) => known.has(id));
    const now = this.ctx.store.peek('drawingSelection');
    if (next.length === now.length && next.every((id, i) => id === now[i])) return;
    this.ctx.store.action('drawing_select', (d) => d.set('drawingSelection', next), { undoable: false });
  }

  // ------------------------------------------- internals (shared with DrawingTools)

  /** Internal. The loaded instrument's key (the drawings' bucket); no series fails as {@link requireSeries} does. */
  requireKey(): string {
    const key = this.currentKey();
    if (key !== null) return key;
    const series = this.requireSeries();
    return instrumentKey(series.instrument.sourceId, series.instrument.symbol);
  }

  /** Internal. The loaded series; `no_data` when it is missing or empty. */
  requireSeries(): Series {
    const series = this.ctx.store.peek('series');
    if (!series || series.bars.length === 0) {
      throw new ToolCallError('no_data', 'The chart has no data loaded.', {
        retryable: true,
        recommendedAction: 'Call chart_set_symbol first, or wait for the data to load.',
      });
    }
    return series;
  }

  /** Internal. `not_found` unless `paneId` is left out or names a pane. */
  assertPane(paneId: string | undefined): void {
    if (paneId === undefined) return;
    const ids = this.ctx.store.peek('panes').map((p) => p.id);
    if (ids.includes(paneId)) return;
    throw new ToolCallError('not_found', `There is no pane '${paneId}'. Existing panes: ${ids.join(', ')}.`, {
      details: [{ path: 'paneId', reason: `unknown pane id; use one of ${ids.join(', ')}` }],
      recommendedAction: 'Leave paneId out to draw on the price pane, or use an id from panes_list.',
    });
  }

  /** Internal. `invalid_input` for a bad partial style. */
  assertStyle(style: unknown): void {
    const errors = validateDrawingStyle(style);
    if (errors.length === 0) return;
    throw new ToolCallError('invalid_input', `Invalid style: ${errors[0].reason}.`, {
      details: errors.slice(0, 5),
      recommendedAction: 'Fix the style fields named in details.',
    });
  }

  /** Internal. Adds a new drawing on top as the action `action`. */
  insertNew(action: string, spec: NewDrawingSpec): Drawing {
    const key = this.requireKey();
    const drawing = withLabel(
      {
        id: this.newId(),
        kind: spec.kind,
        points: spec.points.map((p) => ({ time: p.time, price: p.price })),
        paneId: spec.paneId ?? 'price',
        style: normalizeStyle(spec.style),
        locked: false,
        z: maxZ(this.current()) + 1,
      },
      spec.label,
    );
    this.ctx.store.action(action, (d) => {
      const all = d.get('drawings');
      d.set('drawings', { ...all, [key]: [...(all[key] ?? []), drawing] });
    });
    return drawing;
  }

  /** Internal. Writes `next` in place of the drawing with its id. False when nothing changed. */
  replace(action: string, next: Drawing): boolean {
    const key = this.requireKey();
    const list = this.current();
    const prev = list.find((d) => d.id === next.id);
    if (!prev || JSON.stringify(prev) === JSON.stringify(next)) return false;
    this.ctx.store.action(action, (d) => {
      const all = d.get('drawings');
      d.set('drawings', { ...all, [key]: list.map((x) => (x.id === next.id ? next : x)) });
    });
    return true;
  }

  /** Internal. A fresh id, unique among the drawings of every instrument (persisted ones included). */
  newId(): string {
    const taken = new Set(Object.values(this.ctx.store.peek('drawings')).flatMap((list) => list.map((d) => d.id)));
    let id: string;
    do id = `d${(++this.#counter).toString(36)}`;
    while (taken.has(id));
    return id;
  }

  #pruneSelection(): void {
    const selected = this.ctx.store.peek('drawingSelection');
    if (selected.length === 0) return;
    const known = new Set(this.current().map((d) => d.id));
    if (selected.every((id) => known.has(id))) return;
    this.ctx.store.action(
      'drawing_select',
      (d) =>
        d.set(
          'drawingSelection',
          selected.filter((id) => known.has(id)),
        ),
      { undoable: false },
    );
  }
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

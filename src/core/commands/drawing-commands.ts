import type { Drawing, DrawingKind, DrawingPoint, DrawingStyle } from '../drawings/index.js';
import type { CommandContext } from './command-context.js';
import { instrumentKey } from '../state/index.js';

/** What the pointer layer hands to `createDrawing` (drawing-edits.ts; times already UTC ms). */
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
 * call is one action, so one undo step, whoever made it. What the element calls at once lives here
 * (`current`, `select`, the selection clean-up); adding and moving drawings is drawing-edits.ts
 * and the tools (drawing_*, drawings_*, chart_set_selection) are
 * {@link import('./drawing-tools.js').DrawingTools}, both loaded after the first paint (issue #12)
 * with the drawing layer's parts or the tools; the pointer layer runs the tools for delete and copy.
 */
export class DrawingCommands {
  /** Internal: the last number `newDrawingId` (drawing-edits.ts) used. */
  idCounter = 0;

  /** Internal: shared with DrawingTools (drawing-tools.ts) and drawing-edits.ts. */
  readonly ctx: Pick<CommandContext, 'store'>;

  constructor(ctx: Pick<CommandContext, 'store'>) {
    this.ctx = ctx;
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

  /** Sets the selected drawings (not an undo step). Unknown ids are dropped. */
  select(ids: readonly string[]): void {
    this.#setSelection([...new Set(ids)]);
  }

  /** Undo, redo and symbol switches can remove selected drawings; the selection must not name ghosts. */
  #pruneSelection(): void {
    const selected = this.ctx.store.peek('drawingSelection');
    if (selected.length > 0) this.#setSelection(selected);
  }

  /** Selects the known drawings of `ids` (in that order), unless that is the selection already. */
  #setSelection(ids: readonly string[]): void {
    const known = new Set(this.current().map((d) => d.id));
    const next = ids.filter((id) => known.has(id));
    const now = this.ctx.store.peek('drawingSelection');
    if (next.length === now.length && next.every((id, i) => id === now[i])) return;
    this.ctx.store.action('drawing_select', (d) => d.set('drawingSelection', next), { undoable: false });
  }
}

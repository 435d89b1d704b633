/** The narrowest price axis, CSS px: what every chart had before the axis followed its labels. */
export const MIN_AXIS_WIDTH = 64;
/** The widest price axis, CSS px: past it a label is cut rather than the plot squeezed. */
export const MAX_AXIS_WIDTH = 160;
/** Widths are whole steps of this (CSS px), so a pan that changes a label by a digit rarely moves the plot. */
const STEP = 8;
/** Room around a tick label (uPlot's gap before it) and a tag's text (its left inset), plus a right margin. */
const TICK_INSET = 6;
const TAG_INSET = 4;
const RIGHT_MARGIN = 6;

let measurer: CanvasRenderingContext2D | null | undefined;
/** The font last given to the measurer (its `font` reads back normalised, so it is not compared). */
let measuredFont = '';
/** Widths measured in `measuredFont`, by the text's shape (see {@link textWidth}). */
const widths = new Map<string, number>();

/** Width of `text` in CSS px in `font` (a CSS font, e.g. the theme's `11px system-ui`). */
function textWidth(text: string, font: string): number {
  if (measurer === undefined) measurer = document.createElement('canvas').getContext('2d');
  if (!measurer) return text.length * 7;
  if (font !== measuredFont) {
    measurer.font = measuredFont = font;
    widths.clear();
  }
  // Measured by shape, every digit as a 0 (a wide digit; UI fonts' digits mostly share one width): a
  // zoom that relabels the axis every frame measures a handful of shapes, not every new label.
  const shape = text.replace(/\d/g, '0');
  let w = widths.get(shape);
  if (w === undefined) {
    if (widths.size > 512) widths.clear();
    w = measurer.measureText(shape).width;
    widths.set(shape, w);
  }
  return w;
}

/** The widest of `texts`: only the longest two are measured (digits share one width in UI fonts). */
function widest(texts: readonly string[], font: string): number {
  let a = '';
  let b = '';
  for (const t of texts) {
    if (t.length > a.length) {
      b = a;
      a = t;
    } else if (t.length > b.length) b = t;
  }
  return Math.max(a ? textWidth(a, font) : 0, b ? textWidth(b, font) : 0);
}

/**
 * The width a pane's price axis needs for its tick labels and for the tags painted over it (the last
 * price, price lines, the crosshair), in whole {@link STEP}s between the minimum and maximum widths.
 */
export function axisWidthFor(ticks: readonly string[], tags: readonly string[], font: string): number {
  const need = Math.max(TICK_INSET + widest(ticks, font), TAG_INSET + widest(tags, font)) + RIGHT_MARGIN;
  const stepped = Math.ceil(need / STEP) * STEP;
  return Math.min(MAX_AXIS_WIDTH, Math.max(MIN_AXIS_WIDTH, stepped));
}

/**
 * One width for the price axes of every pane of a chart, so their plots (and bars) line up: the widest
 * any pane needs. A pane reports what it needs each time uPlot lays out its axis; when the shared width
 * changes, `onChange` is called once, after the current layout, to lay the other panes out again.
 */
export class SharedAxisWidth {
  readonly #needs = new Map<string, number>();
  #width = MIN_AXIS_WIDTH;
  #pending = false;
  /** Whether the width may narrow: only while new data or a new layout is laid out, never on a pan or zoom. */
  #shrink = false;
  readonly #onChange: () => void;

  constructor(onChange: () => void) {
    this.#onChange = onChange;
  }

  get width(): number {
    return this.#width;
  }

  /** Records what pane `id` needs and returns the shared width. */
  report(id: string, need: number): number {
    if (this.#needs.get(id) !== need) {
      this.#needs.set(id, need);
      this.#update();
    }
    return this.#width;
  }

  /**
   * Lets the width narrow to what the panes need while the layout under way is laid out (new bars, new
   * panes, new settings), then holds it again. A pan or zoom only widens it, so the plot does not jump
   * as labels come and go.
   */
  allowShrink(): void {
    this.#shrink = true;
    this.#update();
    // After the panes' layouts (uPlot commits in microtasks queued before this one).
    queueMicrotask(() => {
      this.#shrink = false;
    });
  }

  /** A pane went away: its need no longer counts. */
  forget(id: string): void {
    if (this.#needs.delete(id)) this.#update();
  }

  #update(): void {
    let w = MIN_AXIS_WIDTH;
    for (const n of this.#needs.values()) if (n > w) w = n;
    if (w === this.#width || (w < this.#width && !this.#shrink)) return;
    this.#width = w;
    if (this.#pending) return;
    this.#pending = true;
    // After the layout under way (uPlot's commit), before the frame is shown.
    queueMicrotask(() => {
      this.#pending = false;
      this.#onChange();
    });
  }
}

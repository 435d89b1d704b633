import { css, html, noChange, nothing, type TemplateResult } from 'lit';
import { Directive, directive, type ElementPart } from 'lit/directive.js';
import { drawingKindSummary, type DrawingEditorField, type DrawingStyle } from '../../src/core/drawings/index.js';
import type { DrawingEditChange, DrawingEditorTarget } from '../kline-chart/drawing-layer-controller.js';
import type { DrawingStrings } from '../drawing-toolbar/drawing-toolbar-strings.js';

/** The editor's words in a locale: with the editor, for the chart renders it once this chunk is in (issue #12). */
export { drawingStrings } from '../drawing-toolbar/drawing-toolbar-strings.js';

/** What the floating editor shows: the controller's `editorTarget()` and the strings. */
export interface DrawingEditorModel {
  readonly target: DrawingEditorTarget | null;
  readonly strings: DrawingStrings;
}

/** Where its changes go: `controller.edit(id, change)` (one `drawing_update` each). */
export interface DrawingEditorActions {
  edit(id: string, change: DrawingEditChange): void;
}

const WIDTHS = [1, 2, 3, 4, 5, 6, 8, 10];
const DASHES: readonly DrawingStyle['dash'][] = ['solid', 'dashed', 'dotted'];

let probe: CanvasRenderingContext2D | null = null;

/** `#rrggbb` of any CSS colour, as `<input type="color">` needs (named and rgb() colours included). */
export function toHexColor(color: string): string {
  if (/^#[0-9a-f]{6}$/i.test(color)) return color.toLowerCase();
  probe ??= document.createElement('canvas').getContext('2d');
  if (!probe) return '#000000';
  probe.fillStyle = '#000000';
  probe.fillStyle = color;
  const v = String(probe.fillStyle);
  if (v.startsWith('#')) return v;
  const m = v.match(/\d+(\.\d+)?/g)?.map(Number) ?? [0, 0, 0];
  return `#${m
    .slice(0, 3)
    .map((n) => Math.round(n).toString(16).padStart(2, '0'))
    .join('')}`;
}

/**
 * The small floating editor of the selected drawing: colour, width, dash, label and lock. Each
 * control commits on `change` (not on every keystroke or colour-picker move), so one edit is one
 * undo step. Keys typed inside it do not reach the chart (Delete in the label must not delete
 * the drawing). A locked drawing shows its values read-only with an unlock button.
 *
 * @csspart drawing-editor - The editor box.
 */
export function renderDrawingEditor(m: DrawingEditorModel, a: DrawingEditorActions): TemplateResult | typeof nothing {
  const t = m.target;
  if (!t) return nothing;
  const d = t.drawing;
  const s = m.strings;
  const locked = d.locked;
  const edit = (change: DrawingEditChange) => a.edit(d.id, change);
  // Which controls the kind asks for (src/core/drawings/drawing-kind.ts `editorFields`); lock is always there.
  const fields: readonly DrawingEditorField[] = drawingKindSummary(d.kind)?.editorFields ?? [
    'color',
    'width',
    'dash',
    'label',
  ];
  const show = (f: DrawingEditorField) => fields.includes(f);
  return html`<div class="drawing-editor" part="drawing-editor" role="group" aria-label=${s.editor} data-drawing-id=${d.id}
      ${placeEditor(t)}
      @keydown=${(e: KeyboardEvent) => e.stopPropagation()}
      @pointerdown=${(e: PointerEvent) => e.stopPropagation()}>
    ${
      show('color')
        ? html`<input type="color" aria-label=${s.color} title=${s.color} .value=${toHexColor(d.style.color)} ?disabled=${locked}
      @change=${(e: Event) => edit({ style: { color: (e.target as HTMLInputElement).value } })} />`
        : nothing
    }
    ${
      show('width')
        ? html`<select aria-label=${s.width} title=${s.width} ?disabled=${locked}
      @change=${(e: Event) => edit({ style: { width: Number((e.target as HTMLSelectElement).value) } })}>
      ${WIDTHS.map((w) => html`<option value=${w} ?selected=${d.style.width === w}>${w}px</option>`)}
    </select>`
        : nothing
    }
    ${
      show('dash')
        ? html`<select aria-label=${s.dash} title=${s.dash} ?disabled=${locked}
      @change=${(e: Event) => edit({ style: { dash: (e.target as HTMLSelectElement).value as DrawingStyle['dash'] } })}>
      ${DASHES.map((k) => html`<option value=${k} ?selected=${d.style.dash === k}>${s.dashes[k]}</option>`)}
    </select>`
        : nothing
    }
    ${
      show('label')
        ? html`<input type="text" aria-label=${s.label} placeholder=${s.label} maxlength="500" .value=${d.label ?? ''} ?disabled=${locked}
      @change=${(e: Event) => edit({ label: (e.target as HTMLInputElement).value })} />`
        : nothing
    }
    <button type="button" aria-pressed=${locked ? 'true' : 'false'} aria-label=${locked ? s.unlock : s.lock} title=${locked ? s.unlock : s.lock}
      @click=${() => edit({ locked: !locked })}>${locked ? '🔒' : '🔓'}</button>
  </div>`;
}

/** Gap between the editor and the drawing's anchor, and between it and the chart's edge, in CSS px. */
const GAP = 8;

const clamp = (v: number, lo: number, hi: number) => Math.max(lo, Math.min(v, hi));

/**
 * Places the editor by its target: just above and right of the anchor, below it when there is no room
 * above, and always inside the plot box (left and top clamped to it). An editor wider than the plot (a
 * phone) keeps inside its container instead, over the price axis, and wraps onto a second row when wider
 * still. Inline styles through the CSSOM (strict CSP, as `styleProps`); measured in a microtask, after the
 * render has put the editor in the page and before it is painted.
 */
class PlaceEditorDirective extends Directive {
  #el: HTMLElement | null = null;
  #target: DrawingEditorTarget | null = null;
  #queued = false;

  render(_target: DrawingEditorTarget): unknown {
    return noChange;
  }

  override update(part: ElementPart, [target]: [DrawingEditorTarget]): unknown {
    this.#el = part.element as HTMLElement;
    this.#target = target;
    if (!this.#queued) {
      this.#queued = true;
      queueMicrotask(() => {
        this.#queued = false;
        this.#place();
      });
    }
    return noChange;
  }

  #place(): void {
    const el = this.#el;
    const t = this.#target;
    const box = el?.offsetParent as HTMLElement | null | undefined;
    if (!el || !t || !box) return;
    const style = el.style;
    // Measured at the container's left edge, where nothing narrows it but its max-width (the container's).
    style.setProperty('left', '0px');
    const w = el.offsetWidth;
    const h = el.offsetHeight;
    const p = t.plot;
    const [x0, x1] = w <= p.width ? [p.x, p.x + p.width] : [0, box.clientWidth];
    const above = t.y - GAP - h;
    const top = above >= p.y ? above : t.y + GAP;
    style.setProperty('left', `${Math.round(clamp(t.x + GAP, x0, x1 - w))}px`);
    style.setProperty('top', `${Math.round(clamp(top, p.y, p.y + p.height - h))}px`);
  }
}

const placeEditor = directive(PlaceEditorDirective);

/** Styles of the editor; add to the host element's `static styles`. It is positioned inside the element's `.main`. */
export const drawingEditorStyles = css`
  .drawing-editor {
    position: absolute; z-index: 5; display: flex; flex-wrap: wrap; gap: 4px; align-items: center; padding: 4px;
    left: 0; top: 0; box-sizing: border-box; max-width: 100%;
    background: var(--kline-background, #fff); color: var(--kline-text-color, #131722);
    border: 1px solid var(--kline-border-color, #e0e3eb); border-radius: 6px; box-shadow: 0 2px 8px rgba(0, 0, 0, 0.12);
    font-size: 12px;
  }
  .drawing-editor input[type='color'] { width: 26px; height: 22px; padding: 0; border: none; background: none; }
  .drawing-editor input[type='text'] { width: 110px; }
  .drawing-editor select, .drawing-editor input[type='text'], .drawing-editor button {
    height: 22px; font: inherit; color: inherit; background: transparent;
    border: 1px solid var(--kline-border-color, #e0e3eb); border-radius: 4px;
  }
  .drawing-editor button[aria-pressed='true'] { color: var(--kline-accent-color, #2962ff); }
`;

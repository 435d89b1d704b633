import { css, html, nothing, type TemplateResult } from 'lit';
import { styleProps } from '../style-props.js';
import { drawingKindSummary, type DrawingEditorField, type DrawingStyle } from '../../src/core/drawings/index.js';
import type { DrawingEditChange, DrawingEditorTarget } from '../kline-chart/drawing-layer-controller.js';
import type { DrawingStrings } from '../drawing-toolbar/drawing-toolbar-strings.js';

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
      ${styleProps({ left: `${Math.round(t.x)}px`, top: `${Math.round(t.y)}px` })}
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

/** Styles of the editor; add to the host element's `static styles`. It is positioned inside the element's `.main`. */
export const drawingEditorStyles = css`
  .drawing-editor {
    position: absolute; z-index: 5; display: flex; gap: 4px; align-items: center; padding: 4px;
    transform: translate(8px, calc(-100% - 8px));
    background: var(--kline-background, #fff); color: var(--kline-text-color, #131722);
    border: 1px solid var(--kline-border-color, #e0e3eb); border-radius: 6px; box-shadow: 0 2px 8px rgba(0, 0, 0, 0.12);
    font: 12px system-ui, sans-serif;
  }
  .drawing-editor input[type='color'] { width: 26px; height: 22px; padding: 0; border: none; background: none; }
  .drawing-editor input[type='text'] { width: 110px; }
  .drawing-editor select, .drawing-editor input[type='text'], .drawing-editor button {
    height: 22px; font: inherit; color: inherit; background: transparent;
    border: 1px solid var(--kline-border-color, #e0e3eb); border-radius: 4px;
  }
  .drawing-editor button[aria-pressed='true'] { color: var(--kline-accent-color, #2962ff); }
`;

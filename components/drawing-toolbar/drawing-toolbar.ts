import { css, html, nothing, svg, type SVGTemplateResult, type TemplateResult } from 'lit';
import { lineIcon } from './line-icon.js';
import { drawingKindSummary, listDrawingKinds, type BuiltinDrawingKind } from '../../src/core/drawings/index.js';
import { BUILTIN_KIND_ICONS } from '../../src/core/drawings/kinds/builtin-kind-icons.js';
import type { DrawingLayerTool } from '../kline-chart/drawing-layer-controller.js';
import { kindLabel, type DrawingStrings } from './drawing-toolbar-strings.js';
import type { DrawingBarFold } from './drawing-bar-fold.js';
import { drawingGroups, type DrawingGroup } from './drawing-groups.js';

export { lineIcon };

/** What the drawing toolbar shows. */
export interface DrawingToolbarModel {
  readonly tool: DrawingLayerTool;
  readonly magnet: boolean;
  /** Drawings are selected: copy and delete are enabled. */
  readonly hasSelection: boolean;
  readonly strings: DrawingStrings;
  /** The bar's fold (a chart's): folded, its kinds are in groups. Without it the bar is flat. */
  readonly fold?: DrawingBarFold;
}

/** What its buttons do (the controller's methods). */
export interface DrawingToolbarActions {
  /** `byKeyboard`: chosen with Enter/Space (the chart then starts keyboard placing). */
  setTool(tool: DrawingLayerTool, byKeyboard?: boolean): void;
  setMagnet(on: boolean): void;
  copy(): void;
  delete(): void;
}

/** 16×16 line icons, drawn as SVG paths: no icon font, nothing fetched. */
/** Icons of the buttons that are not drawing kinds (a kind brings its own, `icon` in src/core/drawings/kinds/). */
const ICONS: Readonly<Record<'select' | 'range-select' | 'magnet' | 'copy' | 'delete', SVGTemplateResult>> = {
  select: svg`<path d="M4 2l9 6-4 1 2.5 4.5-1.8 1L7.2 10 4 13z"/>`,
  'range-select': svg`<path d="M3 2v12M13 2v12"/><rect x="3" y="5" width="10" height="6" opacity=".35" stroke="none" fill="currentColor"/>`,
  magnet: svg`<path d="M3 2v6a5 5 0 0010 0V2h-3v6a2 2 0 01-4 0V2z"/>`,
  copy: svg`<rect x="5" y="5" width="9" height="9"/><path d="M2 11V2h9"/>`,
  delete: svg`<path d="M2 4h12M6 4V2h4v2M4 4l1 10h6l1-10"/>`,
};

/** A kind without a usable icon shows a generic pen. */
const KIND_FALLBACK_ICON = 'M3 13l2-5 6-6 3 3-6 6zM9 4l3 3';
const PATH_DATA = /^[\sMmLlHhVvCcSsQqTtAaZz0-9.,eE+-]*$/;

function icon(name: string): TemplateResult {
  let shape = Object.hasOwn(ICONS, name) ? ICONS[name as keyof typeof ICONS] : undefined;
  if (!shape) {
    const d = Object.hasOwn(BUILTIN_KIND_ICONS, name)
      ? BUILTIN_KIND_ICONS[name as BuiltinDrawingKind]
      : drawingKindSummary(name)?.icon;
    // Path data goes into an attribute value: never parsed as markup.
    shape = svg`<path d=${d && PATH_DATA.test(d) ? d : KIND_FALLBACK_ICON}/>`;
  }
  return lineIcon(shape);
}

/**
 * The drawing toolbar, a vertical bar beside the plot as in TradingView: select, range select, every
 * registered drawing kind (the eighteen built-ins, then the host's,
 * src/core/drawings/drawing-kind-registry.ts), then magnet, copy and delete. It is a `role="toolbar"`
 * with `aria-orientation="vertical"` (one Tab stop, Up/Down move: the chart's a11y controller gives it
 * a roving tabindex). Every button has an accessible name; tool buttons report `aria-pressed`. Render it
 * inside the chart's shadow root (it uses `drawingToolbarStyles`). With `m.fold` (a chart's), a bar
 * whose buttons do not fit its height folds its kinds into groups (drawing-bar-fold.ts): one button per
 * group showing its last-used kind (`data-group`, `aria-haspopup="menu"`), whose chevron, long press or
 * ArrowRight opens a flyout menu of the group's kinds (part `drawing-group-menu`).
 *
 * @csspart drawing-toolbar - The bar.
 * @csspart drawing-tool - One tool button (`data-tool` names it; a group's also has `data-group`).
 * @csspart drawing-group-menu - A folded bar's open flyout (`role="menu"`).
 */
export function renderDrawingToolbar(m: DrawingToolbarModel, a: DrawingToolbarActions): TemplateResult {
  const s = m.strings;
  const fold = m.fold?.folded ? m.fold : null;
  const toolButton = (
    tool: Exclude<DrawingLayerTool, null>,
    label: string,
  ) => html`<button type="button" part="drawing-tool"
      data-tool=${tool} aria-label=${label} title=${label} aria-pressed=${m.tool === tool ? 'true' : 'false'}
      @click=${(e: MouseEvent) => a.setTool(m.tool === tool && tool !== 'select' ? 'select' : tool, e.detail === 0)}>${icon(tool)}</button>`;
  return html`<div class="drawing-toolbar" part="drawing-toolbar" role="toolbar" aria-orientation="vertical" aria-label=${s.toolbar}>
    ${toolButton('select', s.select)}
    ${toolButton('range-select', s.rangeSelect)}
    <span class="sep" role="none"></span>
    ${
      fold
        ? drawingGroups(listDrawingKinds().map((k) => k.id)).map((g) => groupButton(m, a, fold, g))
        : listDrawingKinds().map((kind) => toolButton(kind.id, kindLabel(s, kind.id)))
    }
    <span class="sep" role="none"></span>
    <button type="button" part="drawing-tool" data-tool="magnet" aria-label=${s.magnet} title=${s.magnet}
      aria-pressed=${m.magnet ? 'true' : 'false'} @click=${() => a.setMagnet(!m.magnet)}>${icon('magnet')}</button>
    <button type="button" part="drawing-tool" data-tool="copy" aria-label=${s.copy} title=${s.copy}
      ?disabled=${!m.hasSelection} @click=${a.copy}>${icon('copy')}</button>
    <button type="button" part="drawing-tool" data-tool="delete" aria-label=${s.delete} title=${s.delete}
      ?disabled=${!m.hasSelection} @click=${a.delete}>${icon('delete')}</button>
  </div>${fold?.menu?.renderGroupMenu(fold, m, a, icon) ?? nothing}`;
}

/** A folded bar's group: a button with its shown kind and, for more than one kind, a chevron opening its flyout. */
function groupButton(m: DrawingToolbarModel, a: DrawingToolbarActions, f: DrawingBarFold, g: DrawingGroup) {
  const shown = f.shown(g, m.tool);
  const label = kindLabel(m.strings, shown);
  const name = m.strings.groups[g.id];
  const active = !!m.tool && g.kinds.includes(m.tool);
  const many = g.kinds.length > 1;
  const click = (e: MouseEvent) => {
    if (f.long) return void (f.long = false);
    f.menu?.closeGroupMenu(f, false);
    a.setTool(active ? 'select' : shown, e.detail === 0);
  };
  return html`<span class="group"><button type="button" part="drawing-tool" data-group=${g.id} data-tool=${shown}
      aria-label=${label} title=${`${name}: ${label}`} aria-pressed=${String(active)}
      aria-haspopup=${many ? 'menu' : nothing} aria-expanded=${many ? String(f.open === g.id) : nothing} @click=${click}
      @pointerdown=${(e: PointerEvent) => many && f.press(e, g.id)} @contextmenu=${(e: Event) => f.long && e.preventDefault()}
      @keydown=${(e: KeyboardEvent) => many && e.key === 'ArrowRight' && !(e.ctrlKey || e.metaKey || e.altKey) && (e.preventDefault(), f.toggle(g.id))}>${icon(shown)}</button>${
        many
          ? html`<span class="chevron" aria-hidden="true" title=${name} @click=${() => f.toggle(g.id)}></span>`
          : nothing
      }</span>`;
}

/**
 * The active tool as a pressed button for the toolbar's row of a compact chart, which has no drawing bar
 * (its tools are in the "More" menu): the tool's icon, named by its label; pressing it goes back to the
 * select tool (`cancel`). Nothing while the select tool is active. (Part `active-tool` of `<kline-chart>`.)
 */
export function renderActiveTool(
  tool: DrawingLayerTool,
  s: DrawingStrings,
  cancel: () => void,
): TemplateResult | typeof nothing {
  if (tool === 'select' || !tool) return nothing;
  const label = tool === 'range-select' ? s.rangeSelect : kindLabel(s, tool);
  return html`<button part="active-tool" aria-pressed="true" aria-label=${label} title=${label} @click=${cancel}>${icon(tool)}</button>`;
}

/** Styles of the drawing toolbar; add to the host element's `static styles`. */
export const drawingToolbarStyles = css`
  .drawing-toolbar {
    display: flex; flex-direction: column; align-items: center; gap: 1px; flex-shrink: 0;
    padding: 4px 3px; overflow-x: hidden; overflow-y: auto; scrollbar-width: thin;
    border-right: 1px solid var(--kline-border-color, #e0e3eb); background: var(--kline-toolbar-background, transparent);
  }
  .drawing-toolbar .sep { flex-shrink: 0; width: 20px; height: 1px; margin: 3px 0; background: var(--kline-border-color, #e0e3eb); }
  .drawing-toolbar button {
    display: inline-flex; flex-shrink: 0; align-items: center; justify-content: center; width: 28px; height: 28px; padding: 0;
    border: 1px solid transparent; border-radius: 4px; background: transparent; color: inherit; cursor: pointer;
  }
  .drawing-toolbar button:hover:not(:disabled) { background: var(--kline-grid-color, #f0f3fa); border-color: var(--kline-border-color, #e0e3eb); }
  .drawing-toolbar button[aria-pressed='true'] { color: var(--kline-accent-text-color, #2962ff); border-color: currentColor; }
  .drawing-toolbar button:disabled { opacity: 0.4; cursor: default; }
  .drawing-toolbar .group { position: relative; display: flex; flex-shrink: 0; }
  /* The chevron: a small triangle in the group button's corner, as in TradingView. */
  .drawing-toolbar .chevron { position: absolute; right: -3px; bottom: 0; width: 10px; height: 12px; cursor: pointer; }
  .drawing-toolbar .chevron::after {
    content: ''; position: absolute; right: 2px; bottom: 2px;
    border-style: solid; border-width: 3px 0 3px 4px; border-color: transparent transparent transparent currentColor; opacity: 0.6;
  }
  .drawing-toolbar .chevron:hover::after { opacity: 1; }
  .drawing-toolbar button:focus-visible { outline: var(--kline-focus-width, 2px) solid var(--kline-accent-color, #2962ff); outline-offset: -2px; }
`;

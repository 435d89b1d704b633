import { css, html, type TemplateResult } from 'lit';
import { listDrawingKinds, type DrawingKind } from '../../src/core/drawings/index.js';
import type { DrawingBarFold } from './drawing-bar-fold.js';
import { drawingGroups, type DrawingGroupId } from './drawing-groups.js';
import { kindLabel } from './drawing-toolbar-strings.js';
import type { DrawingToolbarActions, DrawingToolbarModel } from './drawing-toolbar.js';
import { onMenuKeys } from '../menu-keys.js';

/*
 * The flyout of a folded drawing bar's group (drawing-bar-fold.ts), a lazy chunk loaded when a flyout
 * first opens: a `role="menu"` of `menuitemradio`s, one per kind of the group, with the kind's icon
 * and name. Up/Down/Home/End move (wrapping), Enter or Space choose, Escape or ArrowLeft close it and
 * focus goes back to the group's button; Tab or a press outside close it.
 */

const outside = new WeakMap<DrawingBarFold, (e: PointerEvent) => void>();

const root = (c: DrawingBarFold) => c.host.renderRoot;
const menuOf = (c: DrawingBarFold) => root(c).querySelector<HTMLElement>('[part="drawing-group-menu"]');
const buttonOf = (c: DrawingBarFold, g: DrawingGroupId) =>
  root(c).querySelector<HTMLElement>(`button[data-group="${g}"]`);
const items = (c: DrawingBarFold) => [...(menuOf(c)?.querySelectorAll<HTMLElement>('[role="menuitemradio"]') ?? [])];

/** Opens group `g`'s flyout; its first render focuses its checked item. */
export function openGroupMenu(c: DrawingBarFold, g: DrawingGroupId): void {
  closeGroupMenu(c, false);
  c.open = g;
  c.focus = true;
  const onDown = (e: PointerEvent) => {
    const path = e.composedPath();
    const menu = menuOf(c);
    const group = buttonOf(c, g)?.parentElement;
    if (!(menu && path.includes(menu)) && !(group && path.includes(group))) closeGroupMenu(c, false);
  };
  outside.set(c, onDown);
  document.addEventListener('pointerdown', onDown, true);
  c.host.requestUpdate();
}

/** Closes the open flyout; `returnFocus`: focus goes back to its group's button. */
export function closeGroupMenu(c: DrawingBarFold, returnFocus: boolean): void {
  const g = c.open;
  const onDown = outside.get(c);
  if (onDown) document.removeEventListener('pointerdown', onDown, true);
  outside.delete(c);
  if (!g) return;
  c.open = null;
  c.host.requestUpdate();
  if (returnFocus) buttonOf(c, g)?.focus();
}

/** After each render: the flyout beside its group's button (inside the chart's box), its checked item focused once. */
export function groupMenuUpdated(c: DrawingBarFold): void {
  const menu = menuOf(c);
  const parent = menu?.offsetParent;
  const button = c.open && buttonOf(c, c.open);
  if (!menu || !parent || !button) return;
  const p = parent.getBoundingClientRect();
  const b = button.getBoundingClientRect();
  // Through the CSSOM: no style attribute (strict CSP).
  menu.style.left = `${Math.round(b.right - p.left + 4)}px`;
  menu.style.top = `${Math.round(Math.max(0, Math.min(b.top - p.top, parent.clientHeight - menu.offsetHeight)))}px`;
  if (!c.focus) return;
  c.focus = false;
  const all = items(c);
  (all.find((i) => i.getAttribute('aria-checked') === 'true') ?? all[0])?.focus();
}

/** The open group's flyout. */
export function renderGroupMenu(
  c: DrawingBarFold,
  m: DrawingToolbarModel,
  a: DrawingToolbarActions,
  icon: (kind: DrawingKind) => TemplateResult,
): TemplateResult | null {
  const g = drawingGroups(listDrawingKinds().map((k) => k.id)).find((x) => x.id === c.open);
  if (!g) return null;
  const shown = c.shown(g, m.tool);
  const choose = (kind: DrawingKind, byKeyboard: boolean) => {
    c.last.set(g.id, kind);
    closeGroupMenu(c, true);
    a.setTool(kind, byKeyboard);
  };
  return html`<div part="drawing-group-menu" role="menu" aria-label=${m.strings.groups[g.id]} data-group=${g.id}
      @keydown=${(e: KeyboardEvent) => onMenuKeys(e, items(c), (refocus) => closeGroupMenu(c, refocus), ['ArrowLeft'])}>
    ${g.kinds.map(
      (kind) => html`<button type="button" role="menuitemradio" tabindex="-1" data-tool=${kind}
          aria-checked=${kind === shown ? 'true' : 'false'} @click=${(e: MouseEvent) => choose(kind, e.detail === 0)}
          >${icon(kind)}<span>${kindLabel(m.strings, kind)}</span></button>`,
    )}
  </div>`;
}

/** Styles of the flyout. */
export const groupMenuStyles = css`
  [part='drawing-group-menu'] {
    position: absolute; z-index: 7; left: 40px; top: 0; min-width: 180px; padding: 4px 0;
    background: var(--kline-background, #fff); color: var(--kline-text-color, inherit);
    border: 1px solid var(--kline-border-color, #e0e3eb); border-radius: 4px; box-shadow: 0 4px 16px rgba(0, 0, 0, 0.15);
  }
  [part='drawing-group-menu'] [role='menuitemradio'] {
    display: flex; align-items: center; gap: 10px; width: 100%; min-height: 32px; padding: 4px 12px;
    border: 0; border-radius: 0; background: transparent; color: inherit; font: inherit; text-align: left; cursor: pointer;
  }
  [part='drawing-group-menu'] [role='menuitemradio']:hover { background: var(--kline-grid-color, #f0f3fa); }
  [part='drawing-group-menu'] [aria-checked='true'] { color: var(--kline-accent-text-color, #2962ff); }
  [part='drawing-group-menu'] [role='menuitemradio']:focus-visible {
    outline: var(--kline-focus-width, 2px) solid var(--kline-accent-color, #2962ff); outline-offset: -3px;
  }
`;

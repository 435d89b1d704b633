import { css, html, type TemplateResult } from 'lit';
import type { DrawingKind } from '../../src/core/drawings/index.js';
import type { DrawingBarFold } from './drawing-bar-fold.js';
import type { DrawingGroup } from './drawing-groups.js';

/**
 * The open flyout of a folded drawing bar's group (a lazy chunk: loaded when a flyout first opens): a
 * `role="menu"` of `menuitemradio`s, one per kind of the group, each with the kind's icon and name.
 * `icons` are the kinds' icons (the bar's own, drawing-toolbar.ts).
 */
export function renderGroupMenu(
  c: DrawingBarFold,
  g: DrawingGroup,
  name: string,
  shown: DrawingKind,
  label: (kind: DrawingKind) => string,
  icon: (kind: DrawingKind) => TemplateResult,
  setTool: (kind: DrawingKind, byKeyboard: boolean) => void,
): TemplateResult {
  return html`<div part="drawing-group-menu" role="menu" id="drawing-group-menu" aria-label=${name}
      data-group=${g.id} @keydown=${(e: KeyboardEvent) => onKey(c, e)}>
    ${g.kinds.map(
      (kind) => html`<button type="button" role="menuitemradio" tabindex="-1" data-tool=${kind}
          aria-checked=${kind === shown ? 'true' : 'false'}
          @click=${(e: MouseEvent) => c.choose(g.id, kind, () => setTool(kind, e.detail === 0))}
          >${icon(kind)}<span>${label(kind)}</span></button>`,
    )}
  </div>`;
}

/** Puts the flyout to the right of the group's button, inside the chart's box (style set through the CSSOM: CSP-safe). */
export function placeGroupMenu(menu: HTMLElement, button: HTMLElement | null): void {
  const parent = menu.offsetParent;
  if (!button || !parent) return;
  const p = parent.getBoundingClientRect();
  const b = button.getBoundingClientRect();
  const top = Math.max(0, Math.min(b.top - p.top, parent.clientHeight - menu.offsetHeight));
  menu.style.left = `${Math.round(b.right - p.left + 4)}px`;
  menu.style.top = `${Math.round(top)}px`;
}

/** Up/Down/Home/End move (wrapping), Enter/Space choose, Escape/ArrowLeft close (focus back on the group's button), Tab closes. */
function onKey(c: DrawingBarFold, e: KeyboardEvent): void {
  const items = c.items();
  const origin = e.composedPath()[0] as HTMLElement;
  const at = items.indexOf(origin);
  let next: number;
  switch (e.key) {
    case 'ArrowDown':
      next = (at + 1) % items.length;
      break;
    case 'ArrowUp':
      next = (at - 1 + items.length) % items.length;
      break;
    case 'Home':
      next = 0;
      break;
    case 'End':
      next = items.length - 1;
      break;
    case 'Escape':
    case 'ArrowLeft':
      e.preventDefault();
      e.stopPropagation();
      c.toggle(null);
      return;
    case 'Tab':
      c.toggle(null, false);
      return;
    case 'Enter':
    case ' ':
      e.preventDefault();
      e.stopPropagation();
      origin.click();
      return;
    default:
      return;
  }
  e.preventDefault();
  e.stopPropagation();
  items[next]?.focus();
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

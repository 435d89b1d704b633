import type { RovingToolbar } from './roving-toolbar.js';

/**
 * A key on a control of a `role="toolbar"` (roving-toolbar.ts): Left/Right, or Up/Down in a vertical one, move
 * focus among its enabled controls, Home and End to the ends. Controls inside an open popup (search results,
 * a menu) and text inputs keep their own keys. `origin` is the control the key was pressed on.
 */
export function toolbarKey(roving: RovingToolbar, e: KeyboardEvent, origin: HTMLElement): void {
  if (origin.closest?.('.results, [role="menu"]') || origin.localName === 'input') return;
  const items = roving.items();
  const at = items.indexOf(origin);
  const n = items.length;
  const vertical = roving.orientation === 'vertical';
  // Home, back, End, forward: the odd ones step by one, the even ones go to an end.
  const k = ['Home', vertical ? 'ArrowUp' : 'ArrowLeft', 'End', vertical ? 'ArrowDown' : 'ArrowRight'].indexOf(e.key);
  if (at < 0 || k < 0) return;
  e.preventDefault();
  const item = items[k & 1 ? (at + k - 2 + n) % n : k && n - 1];
  roving.mark(item);
  item.focus();
}

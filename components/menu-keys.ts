/**
 * Keys inside an open menu (the WAI-ARIA menu pattern): Up/Down/Home/End move focus among `items`,
 * Enter or Space choose the focused item (its click), Escape, and any of `closeKeys`, close the menu
 * and hand focus back to its button (`close(true)`), Tab closes it and lets focus move on (`close(false)`).
 * Used by the toolbar's "More" menu and the drawing bar's group flyouts.
 */
export function onMenuKeys(
  e: KeyboardEvent,
  items: readonly HTMLElement[],
  close: (refocus: boolean) => void,
  closeKeys: readonly string[] = [],
): void {
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
    case 'Tab':
      close(false);
      return;
    case 'Enter':
    case ' ':
      e.preventDefault();
      e.stopPropagation();
      origin.click();
      return;
    default:
      if (e.key !== 'Escape' && !closeKeys.includes(e.key)) return;
      e.preventDefault();
      e.stopPropagation();
      close(true);
      return;
  }
  e.preventDefault();
  e.stopPropagation();
  items[next]?.focus();
}

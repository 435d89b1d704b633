/** Shows a separator's line (hovered, focused or dragged) or hides it. */
export function highlightSeparator(el: HTMLElement, on: boolean): void {
  (el.firstChild as HTMLElement).style.background = on ? 'var(--kline-accent-color, #2962ff)' : 'transparent';
}

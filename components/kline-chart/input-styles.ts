import { css } from 'lit';

/**
 * The cursors of the plot's drags: a pan (pan-zoom-input.ts `dragging`) and the price axis under the
 * pointer (price-axis-drag.ts `over-price-axis`). Only that code, in the input chunk (input-parts.ts),
 * sets these classes, so the styles come with it rather than with the chart's first paint.
 */
export const inputStyles = css`
  .panes.dragging { cursor: grabbing; }
  .panes.over-price-axis { cursor: ns-resize; }
`;

/** Adds {@link inputStyles} to the shadow root `container` is in (once), before a class of theirs is set. */
export function adoptInputStyles(container: HTMLElement): void {
  const root = container.getRootNode();
  const sheet = inputStyles.styleSheet;
  if (root instanceof ShadowRoot && sheet && !root.adoptedStyleSheets.includes(sheet))
    root.adoptedStyleSheets = [...root.adoptedStyleSheets, sheet];
}

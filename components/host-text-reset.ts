import { css } from 'lit';

/**
 * Inherited text properties reset on a host and on its shadow tree's top-level elements, so a page's
 * text styles (uppercase headings, letter-spacing, centred columns, `white-space: pre` wrappers)
 * never leak into the chart or the panel. On the top-level elements too, because a page rule that
 * targets the host element itself (`.entry-content * { … }`) outranks `:host`.
 */
export const hostTextReset = css`
  :host, :host > * {
    text-transform: none;
    letter-spacing: normal;
    word-spacing: normal;
    text-align: start;
    text-indent: 0;
    font-style: normal;
    white-space: normal;
  }
`;

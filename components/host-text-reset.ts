import { css } from 'lit';

/**
 * Inherited text properties reset on a host and on its shadow tree's top-level elements, so a page's
 * text styles (uppercase headings, letter-spacing, centred columns, `white-space: pre` wrappers, a
 * theme's text shadow, `word-break: break-all`, hyphenation, balanced lines, a wrapper's cursor)
 * never leak into the chart or the panel. `accent-color` and `visibility` still inherit on purpose. On the top-level elements too, because a page rule that
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
    /* Text effects and breaking rules a theme puts on <body> or a wrapper (test/browser/panel/panel-sizing.test.ts). */
    cursor: auto;
    text-shadow: none;
    word-break: normal;
    hyphens: manual;
    -webkit-text-stroke: 0;
    tab-size: 8;
    line-break: auto;
    text-wrap-style: auto;
    caret-color: auto;
    list-style-type: disc;
    quotes: auto;
    text-rendering: auto;
  }
`;

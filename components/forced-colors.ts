import { css } from 'lit';

/**
 * Windows High Contrast (`forced-colors: active`) replaces author colours and backgrounds with the
 * user's system colours, so a pressed toggle or a list's active option, told apart by an accent colour
 * or a tint alone, would look like its neighbours. There they take the system's own selection colours.
 * Added to the styles of every element with such states (test/browser/a11y/forced-colors.test.ts).
 */
export const forcedColorsSelection = css`
  @media (forced-colors: active) {
    [aria-pressed='true'], [aria-selected='true'], [aria-checked='true'] {
      forced-color-adjust: none; background: Highlight !important; color: HighlightText !important;
      border-color: Highlight !important;
    }
  }
`;

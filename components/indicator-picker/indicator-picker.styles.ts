import { css } from 'lit';

export const indicatorPickerStyles = css`
  :host { position: relative; display: inline-block; font: inherit; color: inherit; }
  .toggle {
    font: inherit; color: inherit; background: transparent; border: 1px solid transparent;
    border-radius: 4px; padding: 3px 7px; cursor: pointer; min-height: 26px;
  }
  .toggle:hover, :host([open]) .toggle { background: var(--kline-grid-color, rgba(42, 46, 57, 0.07)); border-color: var(--kline-border-color, #e0e3eb); }
  .popup {
    position: absolute; z-index: 6; top: 100%; left: 0; margin-top: 2px; width: 320px; max-height: 360px;
    display: flex; flex-direction: column; background: var(--kline-background, #fff);
    border: 1px solid var(--kline-border-color, #e0e3eb); border-radius: 6px; box-shadow: 0 4px 16px rgba(0, 0, 0, 0.15);
  }
  .popup.end { left: auto; right: 0; }
  input {
    font: inherit; color: inherit; background: transparent; margin: 6px; padding: 4px 8px;
    border: 1px solid var(--kline-border-color, #e0e3eb); border-radius: 4px;
  }
  .list { overflow-y: auto; padding: 0 0 6px; }
  .group { padding: 6px 10px 2px; font-size: 11px; font-weight: 600; text-transform: uppercase; color: var(--kline-muted-color, #6a6d78); }
  .option {
    display: flex; align-items: baseline; gap: 8px; width: 100%; text-align: left; font: inherit; color: inherit;
    background: transparent; border: 0; padding: 4px 10px; cursor: pointer;
  }
  .option[aria-selected='true'], .option:hover { background: var(--kline-grid-color, rgba(42, 46, 57, 0.07)); }
  .option b { min-width: 64px; }
  .option small { color: var(--kline-muted-color, #6a6d78); margin-left: auto; }
  .empty { padding: 8px 10px; color: var(--kline-muted-color, #6a6d78); }
  /* A finger's target on a touch screen (WCAG 2.5.8): the stacked options are 24 px tall (22 px with a mouse). */
  @media (pointer: coarse) { .option { min-height: 24px; } }
`;

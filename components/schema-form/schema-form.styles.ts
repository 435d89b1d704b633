import { css } from 'lit';

export const schemaFormStyles = css`
  :host { display: block; font: inherit; color: inherit; }
  form { display: grid; gap: 8px; margin: 0; }
  .field { display: grid; gap: 2px; }
  label { font-weight: 600; }
  .check { display: flex; align-items: center; gap: 6px; font-weight: 600; }
  input, select, textarea {
    font: inherit; color: inherit; background: var(--kline-background, #fff);
    border: 1px solid var(--kline-border-color, #e0e3eb); border-radius: 4px; padding: 3px 6px; min-height: 24px;
    box-sizing: border-box; width: 100%;
  }
  .check input { width: auto; min-height: 0; }
  input:focus-visible, select:focus-visible, textarea:focus-visible { outline: var(--kline-focus-width, 2px) solid var(--kline-accent-color, #2962ff); outline-offset: -1px; }
  [aria-invalid='true'] { border-color: var(--kline-down-color, #ef5350); }
  .help { color: var(--kline-muted-color, #6a6d78); font-size: 11px; }
  .error { color: var(--kline-down-color, #ef5350); font-size: 11px; }
  .error:empty { display: none; }
`;

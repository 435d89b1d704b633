import { css } from 'lit';
import { forcedColorsSelection } from '../forced-colors.js';

/** Shared look of the palette and the settings dialog: the chart's `--kline-*` properties, inherited. */
export const chartDialogStyles = css`
  :host { display: contents; }
  dialog {
    box-sizing: border-box; width: min(640px, calc(100vw - 32px)); max-height: min(80vh, 720px);
    padding: 0; border: 1px solid var(--kline-border-color, #e0e3eb); border-radius: 8px;
    background: var(--kline-background, #ffffff); color: var(--kline-text-color, #131722);
    font-size: 13px;
    box-shadow: 0 12px 40px rgba(0, 0, 0, 0.25);
  }
  dialog[open] { display: flex; flex-direction: column; }
  dialog::backdrop { background: rgba(10, 12, 18, 0.35); }
  header { display: flex; align-items: center; gap: 8px; padding: 10px 12px 6px; }
  h2 { flex: 1; margin: 0; font-size: 14px; }
  h3 { margin: 0; font-size: 14px; }
  h4 { margin: 0 0 4px; font-size: 12px; text-transform: uppercase; letter-spacing: 0.04em; }
  h4 code { text-transform: none; letter-spacing: 0; }
  button {
    font: inherit; color: inherit; background: transparent; cursor: pointer; min-height: 28px;
    border: 1px solid var(--kline-border-color, #e0e3eb); border-radius: 4px; padding: 3px 10px;
  }
  button:hover { background: var(--kline-grid-color, rgba(42, 46, 57, 0.07)); }
  button:disabled { opacity: 0.5; cursor: default; }
  button.primary { background: var(--kline-accent-color, #2962ff); border-color: var(--kline-accent-color, #2962ff); color: #fff; }
  button.icon { border-color: transparent; padding: 0 8px; font-size: 16px; line-height: 1; }
  :focus-visible { outline: var(--kline-focus-width, 2px) solid var(--kline-accent-color, #2962ff); outline-offset: 1px; }
  .body { overflow: auto; padding: 0 12px 12px; min-height: 0; }
  .actions { display: flex; gap: 8px; justify-content: flex-end; padding-top: 10px; }
  .muted { color: var(--kline-muted-color, #6a6d78); }
  code { font: 12px ui-monospace, SFMono-Regular, Menlo, Consolas, monospace; }
`;

export const commandPaletteStyles = [
  chartDialogStyles,
  forcedColorsSelection,
  css`
    .search {
      display: block; box-sizing: border-box; width: calc(100% - 24px); margin: 0 12px 8px; padding: 7px 10px;
      font: inherit; font-size: 14px; color: inherit; background: var(--kline-background, #fff);
      border: 1px solid var(--kline-border-color, #e0e3eb); border-radius: 6px;
    }
    ul[role='listbox'] { list-style: none; margin: 0; padding: 0; }
    li[role='option'] {
      display: grid; grid-template-columns: minmax(0, 1fr) auto auto; align-items: baseline; gap: 10px;
      padding: 6px 10px; border-radius: 5px; cursor: pointer;
    }
    li[role='option'][aria-selected='true'] { background: color-mix(in srgb, var(--kline-accent-color, #2962ff) 14%, transparent); }
    .label { font-weight: 600; overflow: hidden; text-overflow: ellipsis; white-space: nowrap; }
    .name { color: var(--kline-muted-color, #6a6d78); font: 11px ui-monospace, SFMono-Regular, Menlo, Consolas, monospace; }
    .badge { font-size: 10px; padding: 1px 6px; border-radius: 8px; border: 1px solid var(--kline-border-color, #e0e3eb); color: var(--kline-muted-color, #6a6d78); }
    .badge.mutating { color: var(--kline-accent-color, #2962ff); border-color: currentColor; }
    .empty { padding: 12px; }
    .tool-head { display: flex; align-items: center; gap: 10px; padding-bottom: 6px; }
    .description {
      white-space: pre-wrap; margin: 0 0 10px; max-height: 7.5em; overflow: auto;
      color: var(--kline-muted-color, #6a6d78); font-size: 12px; line-height: 1.45;
    }
    .model-text { margin: 0 0 10px; font-size: 12px; color: var(--kline-muted-color, #6a6d78); }
    .model-text summary { cursor: pointer; }
    .model-text p { white-space: pre-wrap; max-height: 7.5em; overflow: auto; margin: 4px 0 0; }
    .notice { color: var(--kline-down-color, #ef5350); margin: 6px 0 0; }
    .result { margin-top: 12px; padding: 8px 10px; border-radius: 6px; border: 1px solid var(--kline-border-color, #e0e3eb); }
    .result.ok { border-left: 3px solid var(--kline-up-color, #26a69a); }
    .result.error { border-left: 3px solid var(--kline-down-color, #ef5350); }
    .result p { margin: 2px 0; }
    .result ul { margin: 4px 0; padding-left: 18px; }
    .badge, .tool-head button { white-space: nowrap; }
    /* A phone: a tool's name goes under its label, which is read whole (it wraps), and the tool's head wraps. */
    @media (max-width: 480px) {
      li[role='option'] { grid-template-columns: minmax(0, 1fr) auto; row-gap: 0; }
      .label { white-space: normal; }
      .name { grid-row: 2; overflow-wrap: anywhere; }
      .tool-head { flex-wrap: wrap; }
      .tool-head code { min-width: 0; overflow-wrap: anywhere; }
    }
    pre {
      margin: 6px 0 0; max-height: 240px; overflow: auto; white-space: pre-wrap; word-break: break-word;
      font: 11.5px/1.45 ui-monospace, SFMono-Regular, Menlo, Consolas, monospace;
    }
  `,
];

import { css } from 'lit';

export const indicatorSettingsStyles = css`
  :host { position: absolute; z-index: 7; display: block; font-size: 12px; color: var(--kline-text-color, #131722); }
  :host(:not([open])) { display: none; }
  .panel {
    box-sizing: border-box; width: 282px; max-height: min(440px, var(--_room, 440px)); overflow-y: auto; background: var(--kline-background, #fff);
    border: 1px solid var(--kline-border-color, #e0e3eb); border-radius: 6px; box-shadow: 0 4px 16px rgba(0, 0, 0, 0.18);
    padding: 8px 10px 10px;
  }
  header { display: flex; align-items: center; gap: 6px; margin-bottom: 6px; }
  header h2 { font-size: 13px; margin: 0; flex: 1; }
  header small { display: block; font-weight: 400; color: var(--kline-muted-color, #6a6d78); }
  footer { display: flex; gap: 6px; margin-top: 10px; }
  button {
    font: inherit; color: inherit; background: transparent; border: 1px solid var(--kline-border-color, #e0e3eb);
    border-radius: 4px; padding: 3px 10px; cursor: pointer; min-height: 26px;
  }
  button:disabled { opacity: 0.45; cursor: default; }
  .apply { background: var(--kline-accent-color, #2962ff); border-color: var(--kline-accent-color, #2962ff); color: #fff; }
  .remove { margin-left: auto; color: var(--kline-down-color, #ef5350); }
  .close { border: 0; padding: 0 6px; font-size: 16px; line-height: 1; }
  .style { border: 1px solid var(--kline-border-color, #e0e3eb); border-radius: 4px; margin: 8px 0 0; padding: 4px 8px 6px; }
  .style legend { padding: 0 4px; color: var(--kline-muted-color, #6a6d78); }
  .style label, .line { display: flex; align-items: center; gap: 6px; min-height: 26px; }
  .line-label { flex: 1; }
  .line input[type='color'] { width: 32px; height: 22px; padding: 0 2px; border: 1px solid var(--kline-border-color, #e0e3eb); border-radius: 3px; background: transparent; }
  .line select { font: inherit; color: inherit; background: var(--kline-background, #fff); border: 1px solid var(--kline-border-color, #e0e3eb); border-radius: 3px; }
  .error { color: var(--kline-down-color, #ef5350); margin-top: 6px; }
  /* A finger's target on a touch screen (WCAG 2.5.8): the Style section's boxes, colours and widths are 24 px. */
  @media (pointer: coarse) {
    .style input[type='checkbox'] { width: 24px; height: 24px; margin: 0; }
    .line input[type='color'], .line select { min-height: 24px; min-width: 32px; }
  }
`;

import { css } from 'lit';
import { forcedColorsSelection } from '../forced-colors.js';
import { hostTextReset } from '../host-text-reset.js';

/** The dark palette, shared by the `theme="dark"` attribute and the system preference under `auto`. */
const darkValues = css`
  --_bg: var(--agent-panel-background, #17181c);
  --_surface: var(--agent-panel-surface, #202228);
  --_fg: var(--agent-panel-text-color, #e6e7ea);
  --_muted: var(--agent-panel-muted-color, #9397a3);
  --_border: var(--agent-panel-border-color, #2e3038);
  --_accent: var(--agent-panel-accent-color, #6d8cff);
  --_accent-fg: var(--agent-panel-accent-text-color, #0d0f14);
  --_user-bg: var(--agent-panel-user-background, #262b3d);
  --_code-bg: var(--agent-panel-code-background, #22252c);
  --_danger: var(--agent-panel-danger-color, #ff7a72);
  --_danger-bg: var(--agent-panel-danger-background, #3a1f21);
  --_success: var(--agent-panel-success-color, #4cc38a);
  --_warning-bg: var(--agent-panel-warning-background, #3a3220);
  color-scheme: dark;
`;

/** Light values; the dark block below swaps them. Every colour can be overridden with `--agent-panel-*`. */
export const chartAgentPanelStyles = [
  hostTextReset,
  forcedColorsSelection,
  css`
  :host {
    --_bg: var(--agent-panel-background, #ffffff);
    --_surface: var(--agent-panel-surface, #f6f7f9);
    --_fg: var(--agent-panel-text-color, #1b1d22);
    --_muted: var(--agent-panel-muted-color, #6b7080);
    --_border: var(--agent-panel-border-color, #e3e5ea);
    --_accent: var(--agent-panel-accent-color, #2962ff);
    --_accent-fg: var(--agent-panel-accent-text-color, #ffffff);
    --_user-bg: var(--agent-panel-user-background, #eef2ff);
    --_code-bg: var(--agent-panel-code-background, #f1f3f6);
    --_danger: var(--agent-panel-danger-color, #d32f2f);
    --_danger-bg: var(--agent-panel-danger-background, #fdecec);
    --_success: var(--agent-panel-success-color, #1b8a5a);
    --_warning-bg: var(--agent-panel-warning-background, #fff6e0);
    --_radius: var(--agent-panel-radius, 10px);
    --_font: var(--agent-panel-font, 14px/1.5 system-ui, -apple-system, 'Segoe UI', Roboto, 'PingFang SC', 'Microsoft YaHei', sans-serif);
    --_mono: var(--agent-panel-mono-font, ui-monospace, SFMono-Regular, Menlo, Consolas, monospace);
    display: block;
    /* A default the \`height\` attribute (host-height.ts) or a page can override (height: 100%, a fixed size, a grid row). */
    height: var(--_height, 480px);
    min-height: 320px;
    min-width: min(260px, 100%);
    box-sizing: border-box;
    background: var(--_bg);
    color: var(--_fg);
    font: var(--_font);
    color-scheme: light;
    border: 1px solid var(--_border);
    border-radius: var(--_radius);
    overflow: hidden;
  }
  /* theme="auto": the site's own switch on <html> (mirrored as data-site-theme) wins over the media query. */
  :host([theme='dark']),
  :host([data-site-theme='dark']:not([theme='light'])) {
    ${darkValues}
  }
  @media (prefers-color-scheme: dark) {
    :host(:not([theme='light']):not([data-site-theme='light'])) {
      ${darkValues}
    }
  }
  /* prefers-contrast: more: borders and secondary text close to the text colour, wider focus rings. */
  @media (prefers-contrast: more) {
    /* As specific as the dark blocks above (and later), so it applies in both themes. */
    :host, :host([theme]), :host(:not([theme='light'])) {
      --_border: var(--agent-panel-border-color, color-mix(in srgb, var(--_fg) 55%, var(--_bg)));
      --_muted: var(--agent-panel-muted-color, color-mix(in srgb, var(--_fg) 82%, var(--_bg)));
      --_focus-width: 3px;
    }
  }
  /* The font again on the top-level elements: a page rule on the host (line-height, font-style) cannot leak in. */
  :host > * { font: var(--_font); }
  .frame { display: inline-flex; flex-direction: column; vertical-align: top; width: 100%; height: 100%; min-height: inherit; }
  *, *::before, *::after { box-sizing: border-box; }
  [hidden] { display: none !important; }
  button, select, textarea, input { font: inherit; color: inherit; }
  :focus-visible { outline: var(--_focus-width, 2px) solid var(--_accent); outline-offset: 1px; }

  /* ---- header ---- */
  .header {
    display: flex; align-items: center; gap: 6px; padding: 8px 10px;
    border-bottom: 1px solid var(--_border); background: var(--_bg);
  }
  .status-dot { width: 8px; height: 8px; border-radius: 50%; background: var(--_muted); flex: none; }
  .status-dot[data-connected] { background: var(--_success); }
  /* The chat picker: its title cut short before its time (render-session-list.ts), a see-through select over them. */
  .session-picker {
    position: relative; flex: 1 1 auto; min-width: 0; display: flex; align-items: center; gap: 6px;
    border: 1px solid transparent; font-weight: 600; padding: 3px 4px; border-radius: 6px;
  }
  .session-picker:hover { border-color: var(--_border); }
  .session-picker:has(:focus-visible) { outline: var(--_focus-width, 2px) solid var(--_accent); outline-offset: 1px; }
  .session-picker::after {
    content: ''; flex: none; width: 5px; height: 5px; margin: -3px 3px 0 auto; border: solid; border-width: 0 2px 2px 0; rotate: 45deg;
  }
  .session-shown { display: flex; min-width: 0; white-space: pre; }
  .session-title { overflow: hidden; text-overflow: ellipsis; }
  .session-list { position: absolute; inset: 0; width: 100%; opacity: 0; cursor: pointer; }
  .header-actions { display: flex; gap: 2px; flex: none; }
  .icon-button {
    display: inline-flex; align-items: center; justify-content: center; gap: 4px; height: 28px; min-width: 28px;
    padding: 0 6px; border: 1px solid transparent; border-radius: 6px; background: transparent; cursor: pointer; color: var(--_muted);
  }
  .icon-button:hover:not(:disabled) { background: var(--_surface); color: var(--_fg); }
  .icon-button:disabled { opacity: 0.45; cursor: default; }
  .icon-button svg { width: 16px; height: 16px; }
  .icon-button[aria-pressed='true'] { color: var(--_accent); border-color: var(--_accent); background: color-mix(in srgb, var(--_accent) 10%, transparent); }
  .icon-button.danger-armed { color: var(--_danger); border-color: var(--_danger); }
  .toggle-text { font-size: 12px; }

  /* ---- notices ---- */
  .notices { display: contents; }
  .notice-bar { padding: 8px 12px; font-size: 13px; background: var(--_warning-bg); border-bottom: 1px solid var(--_border); }
  .notice-bar strong { display: block; }

  /* ---- messages ---- */
  .messages-wrap { position: relative; flex: 1 1 auto; min-height: 0; display: flex; }
  /* We follow the stream ourselves; the browser's scroll anchoring would fight the user scrolling up. */
  .messages { flex: 1 1 auto; overflow-y: auto; padding: 12px 12px 8px; overscroll-behavior: contain; overflow-anchor: none; }
  .messages-inner { display: flex; flex-direction: column; gap: 10px; min-height: 100%; }
  .jump { position: absolute; bottom: 8px; left: 50%; transform: translateX(-50%); border: 1px solid var(--_border); background: var(--_bg);
    border-radius: 999px; padding: 2px 10px; font-size: 12px; cursor: pointer; box-shadow: 0 2px 6px rgb(0 0 0 / 0.12); }
  .message { max-width: 100%; overflow-wrap: anywhere; }
  /* A block of rows (see BLOCK_ROWS): off screen it is neither laid out nor painted, so a long chat
     scrolls and streams at the pace of a short one; it remembers its height once shown. */
  .rows { display: flex; flex-direction: column; gap: 10px; content-visibility: auto; contain-intrinsic-block-size: auto 800px;
    overflow-clip-margin: 4px; }
  .message.user { align-self: flex-end; max-width: 88%; background: var(--_user-bg); padding: 7px 11px; border-radius: 14px; border-end-end-radius: 4px; white-space: pre-wrap; }
  .message.user .sent-chips { display: flex; flex-wrap: wrap; gap: 4px; margin-top: 4px; white-space: normal; }
  .sent-chip { font-size: 11px; color: var(--_muted); border: 1px solid var(--_border); border-radius: 999px; padding: 0 6px; background: var(--_bg); }
  .message.assistant { position: relative; padding: 0 2px; }
  .reasoning { margin: 0 0 6px; font-size: 0.9em; color: var(--_muted); }
  .reasoning summary { cursor: pointer; }
  .reasoning-text { white-space: pre-wrap; overflow-wrap: anywhere; max-height: 16em; overflow: auto; padding-block: 4px 0; padding-inline: 12px 0; border-inline-start: 2px solid currentColor; }
  .message.assistant .markdown > :first-child { margin-top: 0; }
  .message.assistant .markdown > :last-child { margin-bottom: 0; }
  .message.assistant.streaming .markdown > :last-child::after {
    content: ''; display: inline-block; width: 7px; height: 1em; margin-inline-start: 2px; vertical-align: text-bottom;
    background: var(--_muted); animation: blink 1s steps(2) infinite;
  }
  .message-actions { display: flex; gap: 4px; margin-top: 2px; opacity: 0; transition: opacity 0.15s; }
  .message.assistant:hover .message-actions, .message.assistant:focus-within .message-actions { opacity: 1; }
  .message-actions .icon-button { height: 24px; min-width: 24px; font-size: 12px; }
  .notice { align-self: center; font-size: 12px; color: var(--_muted); text-align: center; }
  .cut-note { margin-top: 4px; padding-top: 4px; border-top: 1px dashed var(--_border); font-size: 12px; font-style: italic; color: var(--_muted); }
  .approval-card { border: 1px solid var(--_accent); border-radius: 8px; padding: 8px 10px; background: var(--_surface); display: flex; flex-direction: column; gap: 6px; font-size: 13px; }
  .approval-card.decided { border-color: var(--_border); flex-direction: row; flex-wrap: wrap; justify-content: space-between; gap: 4px 8px; color: var(--_muted); }
  .approval-title { font-weight: 600; }
  .approval-summary { overflow-wrap: anywhere; }
  .approval-always { display: flex; gap: 6px; align-items: center; font-size: 12px; color: var(--_muted); }
  .approval-actions { display: flex; flex-wrap: wrap; gap: 6px; }
  .approval-actions button { border: 1px solid var(--_border); border-radius: 6px; padding: 4px 12px; background: transparent; color: inherit; font: inherit; cursor: pointer; }
  .approval-actions button.primary { background: var(--_accent); color: var(--_accent-fg); border-color: var(--_accent); }
  .approval-actions button:disabled { opacity: 0.5; cursor: default; }
  .run-changes { display: flex; flex-wrap: wrap; align-items: baseline; gap: 4px 8px; font-size: 12px; color: var(--_muted); border-top: 1px dashed var(--_border); padding-top: 6px; }
  .run-changes-summary { overflow-wrap: anywhere; color: inherit; }
  .run-changes .link-button { border: none; background: none; padding: 0; color: var(--_accent); font: inherit; cursor: pointer; text-decoration: underline; }
  .run-changes .link-button:disabled { color: var(--_muted); cursor: default; text-decoration: none; }
  .run-changes-blocked { flex-basis: 100%; color: var(--_danger); }
  .run-changes-unstored { flex-basis: 100%; }
  .thinking { color: var(--_muted); font-size: 13px; display: flex; align-items: center; gap: 6px; }
  @keyframes blink { 50% { opacity: 0; } }

  /* markdown */
  .markdown p, .markdown ul, .markdown ol, .markdown pre, .markdown blockquote, .markdown .table-wrap { margin: 0 0 0.6em; }
  .markdown h3, .markdown h4, .markdown h5 { margin: 0.8em 0 0.3em; font-size: 1em; }
  .markdown h3 { font-size: 1.05em; }
  .markdown ul, .markdown ol { padding-inline-start: 1.4em; }
  .markdown li + li { margin-top: 0.15em; }
  .markdown code { font-family: var(--_mono); font-size: 0.9em; background: var(--_code-bg); padding: 0.1em 0.3em; border-radius: 4px; }
  .markdown pre { background: var(--_code-bg); padding: 8px 10px; border-radius: 8px; overflow-x: auto; }
  .markdown pre code { background: none; padding: 0; white-space: pre; }
  .markdown blockquote { border-inline-start: 3px solid var(--_border); padding-inline-start: 10px; color: var(--_muted); }
  .markdown a { color: var(--_accent); }
  .markdown hr { border: none; border-top: 1px solid var(--_border); }
  .markdown .table-wrap { overflow-x: auto; }
  .markdown table { border-collapse: collapse; font-size: 0.92em; }
  .markdown th, .markdown td { border: 1px solid var(--_border); padding: 3px 7px; text-align: start; }
  .markdown th { background: var(--_surface); }
  .markdown th.align-center, .markdown td.align-center { text-align: center; }
  .markdown th.align-right, .markdown td.align-right { text-align: right; }
  .markdown li.task { list-style: none; }
  .markdown .task-check { margin-block: 0; margin-inline: -1.3em 0.4em; vertical-align: -0.1em; }
  .markdown .link-host { margin-inline-start: 0.3em; font-size: 0.8em; color: var(--_muted); overflow-wrap: anywhere; }
  .markdown .plain { white-space: pre-wrap; overflow-wrap: anywhere; margin: 0 0 0.6em; }

  /* ---- tool card ---- */
  .tool-card { border: 1px solid var(--_border); border-radius: 8px; background: var(--_surface); font-size: 13px; }
  .tool-head { display: flex; align-items: center; gap: 6px; padding: 5px 9px; }
  .tool-status { width: 16px; display: inline-flex; justify-content: center; flex: none; font-weight: 700; }
  .tool-card[data-status='succeeded'] .tool-status { color: var(--_success); }
  .tool-card[data-status='failed'] .tool-status { color: var(--_danger); }
  .tool-label { font-weight: 600; }
  .tool-name { font-family: var(--_mono); font-size: 11px; color: var(--_muted); overflow: hidden; text-overflow: ellipsis; white-space: nowrap; }
  .tool-elapsed { margin-inline-start: auto; color: var(--_muted); font-size: 11px; font-variant-numeric: tabular-nums; flex: none; }
  .tool-progress { padding-block: 0 5px; padding-inline: 31px 9px; color: var(--_muted); }
  .tool-error { padding-block: 0 6px; padding-inline: 31px 9px; color: var(--_danger); overflow-wrap: anywhere; }
  .tool-error-code { font-family: var(--_mono); font-size: 11px; background: var(--_danger-bg); padding: 0 4px; border-radius: 4px; }
  .tool-details { border-top: 1px solid var(--_border); }
  .tool-details > summary { cursor: pointer; padding: 3px 9px; color: var(--_muted); font-size: 12px; }
  .tool-section-title { padding: 2px 9px; font-size: 11px; color: var(--_muted); text-transform: uppercase; letter-spacing: 0.04em; }
  .tool-json { margin: 0 9px 8px; padding: 6px 8px; max-height: 220px; overflow: auto; background: var(--_bg); border: 1px solid var(--_border);
    border-radius: 6px; font: 11px/1.45 var(--_mono); white-space: pre-wrap; overflow-wrap: anywhere; }
  .tool-shortened { margin: -4px 9px 8px; font-size: 11px; color: var(--_muted); }
  .spinner { width: 12px; height: 12px; border: 2px solid var(--_border); border-top-color: var(--_accent); border-radius: 50%; animation: spin 0.8s linear infinite; display: inline-block; }
  @keyframes spin { to { transform: rotate(360deg); } }
  @media (prefers-reduced-motion: reduce) { .spinner, .message.assistant.streaming .markdown > :last-child::after { animation: none; } }

  /* ---- question card ---- */
  chart-agent-question-card { display: block; }
  .question-card { border: 1px solid var(--_accent); border-radius: 10px; padding: 10px 12px; background: var(--_bg); display: flex; flex-direction: column; gap: 8px; }
  .question-card.answered { border-color: var(--_border); background: var(--_surface); }
  .question-text { font-weight: 600; white-space: pre-wrap; }
  .question-hint { font-size: 12px; color: var(--_muted); margin-top: -4px; }
  .question-options { display: flex; flex-direction: column; gap: 4px; }
  .question-option { display: flex; gap: 8px; align-items: flex-start; padding: 6px 8px; border: 1px solid var(--_border); border-radius: 8px; cursor: pointer; }
  .question-option:hover { background: var(--_surface); }
  .question-option:has(input:checked) { border-color: var(--_accent); background: color-mix(in srgb, var(--_accent) 8%, transparent); }
  .question-option input { margin: 3px 0 0; accent-color: var(--_accent); }
  .question-option-text { display: flex; flex-direction: column; }
  .question-option-description { font-size: 12px; color: var(--_muted); }
  .question-note { resize: vertical; min-height: 32px; padding: 6px 8px; border: 1px solid var(--_border); border-radius: 8px; background: var(--_bg); }
  .question-actions { display: flex; justify-content: flex-end; gap: 6px; }
  .question-answer { font-size: 13px; display: flex; flex-wrap: wrap; gap: 4px; align-items: center; }
  .question-answer-label { color: var(--_muted); }
  .question-answer-choice { border: 1px solid var(--_border); border-radius: 999px; padding: 0 8px; background: var(--_bg); }
  .question-answer-note { flex-basis: 100%; color: var(--_muted); white-space: pre-wrap; }
  .question-answer.cancelled { color: var(--_muted); }

  /* ---- buttons ---- */
  .button { border-radius: 8px; padding: 5px 12px; border: 1px solid var(--_border); background: var(--_bg); cursor: pointer; }
  .button:disabled { opacity: 0.5; cursor: default; }
  .button.primary { background: var(--_accent); border-color: var(--_accent); color: var(--_accent-fg); }
  .button.ghost { border-color: transparent; color: var(--_muted); }
  .button.ghost:hover:not(:disabled) { background: var(--_surface); }

  /* ---- error ---- */
  /* Bounded: whatever a misconfigured server answers, the card scrolls instead of growing the panel. */
  .error { border: 1px solid color-mix(in srgb, var(--_danger) 45%, transparent); background: var(--_danger-bg); border-radius: 10px; padding: 8px 12px; font-size: 13px;
    overflow-wrap: anywhere; flex: none; }
  /* A long message scrolls inside the card; Retry stays below it, in view. */
  .error-body { max-height: 240px; overflow: auto; }
  .error-text { margin-top: 2px; }
  .error-title { font-weight: 600; color: var(--_danger); display: flex; gap: 6px; align-items: baseline; }
  .error-code { font-family: var(--_mono); font-size: 11px; font-weight: 400; color: var(--_muted); }
  .error .markdown { margin-top: 4px; }
  .error-detail { margin-top: 4px; color: var(--_muted); font-size: 12px; overflow-wrap: anywhere; }
  .error-raw { margin-top: 4px; color: var(--_muted); font-size: 12px; }
  .error-raw summary { cursor: pointer; }
  .error-actions { margin-top: 6px; }

  /* ---- empty state ---- */
  .empty { margin: auto 0; padding: 8px 4px 16px; display: flex; flex-direction: column; gap: 8px; }
  .empty-title { font-size: 16px; font-weight: 600; }
  .empty-hint { color: var(--_muted); font-size: 13px; }
  .examples { display: flex; flex-direction: column; gap: 6px; }
  .example { text-align: start; border: 1px solid var(--_border); background: var(--_bg); border-radius: 10px; padding: 7px 10px; cursor: pointer; }
  .example:hover { background: var(--_surface); border-color: var(--_accent); }
  /* A phone: the panel is short (stacked under the chart), so the examples wrap as pills and it all fits. */
  @media (max-width: 480px) {
    .empty { padding: 0 0 4px; gap: 6px; }
    .empty-title { font-size: 15px; }
    .empty-hint { font-size: 12px; }
    .examples { flex-direction: row; flex-wrap: wrap; gap: 4px; }
    .example { padding: 2px 9px; font-size: 12px; line-height: 1.35; border-radius: 999px; }
    .messages { padding: 8px 10px 6px; }
  }

  /* ---- composer ---- */
  .composer { border-top: 1px solid var(--_border); padding: 8px 10px 10px; display: flex; flex-direction: column; gap: 6px; background: var(--_bg); }
  .context-chips { display: flex; flex-wrap: wrap; gap: 4px; }
  .context-chip { display: inline-flex; align-items: center; gap: 2px; max-width: 100%; font-size: 12px; padding-block: 1px; padding-inline: 8px 2px;
    border: 1px solid var(--_border); border-radius: 999px; background: var(--_surface); }
  .context-chip-label { overflow: hidden; text-overflow: ellipsis; white-space: nowrap; }
  .context-chip-remove { border: none; background: transparent; cursor: pointer; color: var(--_muted); width: 18px; height: 18px; border-radius: 50%; line-height: 1; padding: 0; }
  .context-chip-remove:hover { background: var(--_border); color: var(--_fg); }
  .context-chip.pending { visibility: hidden; }
  /* A finger's target on a touch screen (WCAG 2.5.8): the phone's example pills and the chip's × are 24 px. */
  @media (pointer: coarse) {
    .example { min-height: 24px; }
    .context-chip-remove { width: 24px; height: 24px; }
  }
  .input-row { display: flex; gap: 6px; align-items: flex-end; border: 1px solid var(--_border); border-radius: 12px; padding-block: 4px; padding-inline: 10px 4px; background: var(--_bg); }
  .input-row:focus-within { border-color: var(--_accent); }
  .input { flex: 1 1 auto; border: none; outline: none; resize: none; background: transparent; min-height: 24px; max-height: 160px; padding: 4px 0; field-sizing: content; }
  .send, .stop { flex: none; width: 32px; height: 32px; border-radius: 9px; border: none; cursor: pointer; display: inline-flex; align-items: center; justify-content: center; }
  .send { background: var(--_accent); color: var(--_accent-fg); }
  .send:disabled { opacity: 0.35; cursor: default; }
  .stop { background: var(--_fg); color: var(--_bg); }
  .send svg, .stop svg { width: 16px; height: 16px; }
  .composer-hint { font-size: 11px; color: var(--_muted); display: flex; gap: 8px; }
  .composer-hint .read-only-badge { color: var(--_accent); }
  .visually-hidden { position: absolute; width: 1px; height: 1px; overflow: hidden; clip: rect(0 0 0 0); white-space: nowrap; }
  /* Printed, the whole conversation goes on paper: the page's fixed height and the scroll box would
     cut it to what was scrolled into view (!important from inside the shadow tree outranks the
     page's height, test/browser/panel/panel-print.test.ts). Nothing to type or click on paper. Last, so it wins. */
  @media print {
    :host { height: auto !important; min-height: 0 !important; max-height: none !important; overflow: visible !important; }
    .messages-wrap, .messages { display: block; overflow: visible; flex: none; }
    .messages-inner { min-height: 0; }
    .rows { content-visibility: visible; }
    .composer, .jump, .header-actions, .message-actions { display: none; }
    .message, .tool-card, .question-card, .approval-card { break-inside: avoid; }
  }
`,
];

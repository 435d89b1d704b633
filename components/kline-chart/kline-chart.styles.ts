import { css } from 'lit';
import { forcedColorsSelection } from '../forced-colors.js';
import { hostTextReset } from '../host-text-reset.js';

/**
 * uPlot's own stylesheet rules we rely on, adopted into the shadow root (uPlot cannot reach it). Only for
 * the elements the chart's plots make (src/render/pane-plot.ts options, rollup.config.js `UPLOT_EDITS`):
 * no legend, drag selection or cursor points, and the x scale is always horizontal, so the cursor's x line
 * is the vertical one.
 */
const uplotRules = css`
  .uplot, .uplot *, .uplot *::before, .uplot *::after { box-sizing: border-box; }
  .uplot { font-family: inherit; line-height: 1.5; width: min-content; }
  .u-wrap { position: relative; user-select: none; }
  .u-over, .u-under { position: absolute; }
  .u-under { overflow: hidden; }
  .uplot canvas { display: block; position: relative; width: 100%; height: 100%; }
  .u-axis { position: absolute; }
  .u-cursor-x, .u-cursor-y { position: absolute; left: 0; top: 0; pointer-events: none; will-change: transform; }
  .u-cursor-x { height: 100%; border-right: 1px dashed var(--kline-crosshair-color); }
  .u-cursor-y { width: 100%; border-bottom: 1px dashed var(--kline-crosshair-color); }
  .u-axis.u-off, .u-cursor-x.u-off, .u-cursor-y.u-off { display: none; }
`;

export const klineChartStyles = [
  uplotRules,
  hostTextReset,
  forcedColorsSelection,
  css`
    :host {
      --kline-up-color: #26a69a;
      --kline-down-color: #ef5350;
      --kline-background: #ffffff;
      --kline-text-color: #131722;
      --kline-muted-color: #6a6d78;
      --kline-grid-color: rgba(42, 46, 57, 0.07);
      --kline-axis-color: #6a6d78;
      --kline-crosshair-color: #9598a1;
      --kline-crosshair-label-background: #131722;
      --kline-crosshair-label-color: #ffffff;
      --kline-border-color: #e0e3eb;
      --kline-accent-color: #2962ff;
      --kline-accent-text-color: #2962ff;
      /* Legend text in the candle colours: darker shades that reach 4.5:1 on the light background. */
      --kline-up-text-color: #00796b;
      --kline-down-text-color: #d32f2f;
      --kline-toolbar-background: #f8f9fd;
      --kline-focus-width: 2px;
      /* The family of all the chart's text (README "Theming"): a page's \`kline-chart { font-family: … }\` outranks it. */
      font-family: var(--kline-font-family, system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif);
      --kline-font: 11px var(--kline-font-family, system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif);
      /* 480 px tall unless the \`height\` attribute (host-height.ts) or the page styles it (height, a grid row, flex);
         kline-chart-placeholder.css matches. */
      display: block;
      position: relative;
      min-height: 240px;
      height: var(--_height, 480px);
      background: var(--kline-background);
      color: var(--kline-text-color);
      border: 1px solid var(--kline-border-color);
      box-sizing: border-box;
      outline: none;
      contain: layout paint;
    }
    :host([data-resolved-theme='dark']) {
      --kline-background: #131722;
      --kline-text-color: #d1d4dc;
      --kline-muted-color: #9598a1; /* 5.4:1 on a highlighted row (#20242f) */
      --kline-grid-color: rgba(240, 243, 250, 0.06);
      --kline-axis-color: #868993;
      --kline-crosshair-color: #758696;
      --kline-crosshair-label-background: #434651;
      --kline-crosshair-label-color: #ffffff;
      --kline-border-color: #2a2e39;
      --kline-toolbar-background: #1e222d;
      /* #2962ff on #1e222d is 3.24:1; this blue reaches 5.9:1 on the toolbar and 6.6:1 on the chart. */
      --kline-accent-text-color: #6e9bff;
      --kline-up-text-color: var(--kline-up-color);
      --kline-down-text-color: var(--kline-down-color);
    }
    /* prefers-contrast: more: borders, grid and secondary text much darker (lighter in the dark theme), wider focus rings. */
    @media (prefers-contrast: more) {
      :host {
        --kline-border-color: #767676;
        --kline-muted-color: #474a54;
        --kline-axis-color: #474a54;
        --kline-grid-color: rgba(42, 46, 57, 0.2);
        --kline-crosshair-color: #474a54;
        --kline-accent-text-color: #1e40c8;
        --kline-focus-width: 3px;
      }
      :host([data-resolved-theme='dark']) {
        --kline-text-color: #f0f3fa;
        --kline-border-color: #7d8290;
        --kline-muted-color: #c3c6ce;
        --kline-axis-color: #c3c6ce;
        --kline-grid-color: rgba(240, 243, 250, 0.18);
        --kline-crosshair-color: #c3c6ce;
        --kline-accent-text-color: #a8c1ff;
      }
      /* Buttons show their edges (WCAG 1.4.11). :host lifts these above the toolbars' own transparent borders
         (drawing-toolbar.ts's sheet is adopted later); a pressed button's later, equally specific rule still wins. */
      :host .toolbar button, :host .drawing-toolbar button { border-color: var(--kline-border-color); }
    }
    /*
     * The toolbar's font size, weight and the rest on the shadow tree's top element, not on :host: a page rule
     * that matches the host (\`* { font-size: 30px }\`, \`.entry-content * { font: … }\`) outranks :host and made
     * the toolbar's words the page's size, pushing "More" off a phone's screen. The shorthand resets every font
     * longhand; the family alone is the host's (:host above), so \`kline-chart { font-family: … }\` reaches the
     * toolbar, menus and dialogs (test/browser/kline-chart/page-font.test.ts).
     */
    :host > * { font: 12px sans-serif; font-family: inherit; }
    /* An atomic inline box: a page's underline around the chart (an <a>, <u>) stops at it (README, embedding). */
    .root { display: inline-flex; vertical-align: top; width: 100%; flex-direction: column; height: 100%; min-height: inherit; }
    /* Full screen (Shift+F, the "More" menu): the chart fills the screen in its own background. */
    :host(:fullscreen) { width: 100% !important; height: 100% !important; background: var(--kline-background); }
    :host(:focus-visible) { box-shadow: inset 0 0 0 var(--kline-focus-width) var(--kline-accent-color); }
    .toolbar {
      display: flex; align-items: center; gap: 2px; flex-wrap: nowrap;
      padding: 3px 6px; border-bottom: 1px solid var(--kline-border-color);
      background: var(--kline-toolbar-background);
    }
    .toolbar button {
      font: inherit; color: inherit; background: transparent; border: 1px solid transparent;
      border-radius: 4px; padding: 3px 7px; cursor: pointer; min-height: 26px;
    }
    .toolbar button:hover { background: var(--kline-grid-color); border-color: var(--kline-border-color); }
    .toolbar button[aria-pressed='true'] { color: var(--kline-accent-text-color); font-weight: 600; }
    .toolbar button:disabled { opacity: 0.4; cursor: default; }
    /* The indicator picker's place-holder until its chunk arrives: looks like the button it becomes. */
    .toolbar button.picker-fallback:disabled { opacity: 1; }
    /* A symbol from a page or a file may be any length: cut short, so the toolbar's buttons stay on the chart. */
    .toolbar .symbol { font-weight: 700; min-width: 5em; max-width: 8em; text-align: start; overflow: hidden; text-overflow: ellipsis; white-space: nowrap; }
    .toolbar .sep { width: 1px; align-self: stretch; margin: 2px 4px; background: var(--kline-border-color); }
    /*
     * The plot, its legends and overlays stay left to right on a right-to-left page (time runs left to
     * right, the price scale is on the right); user text inside is isolated (<bdi>, chart-legend.ts).
     */
    /*
     * The drawing bar (when the toolbar is full and the chart not compact) and the plot, side by side: the
     * bar on the left on a right-to-left page too, away from the price scale.
     */
    .body { display: flex; flex: 1; min-height: 0; direction: ltr; }
    /* The drawing bar before its chunk is here (its own styles come with it): its width, so nothing moves. */
    .drawing-toolbar:empty { flex-shrink: 0; width: 34px; border-right: 1px solid var(--kline-border-color, #e0e3eb); }
    .main { position: relative; flex: 1; min-width: 0; min-height: 0; direction: ltr; unicode-bidi: isolate; }
    /* A long press is the crosshair gesture: no text selection, no iOS callout. */
    .panes {
      position: absolute; inset: 0; overflow: hidden; cursor: crosshair; touch-action: pan-y;
      user-select: none; -webkit-user-select: none; -webkit-touch-callout: none;
    }
    .sr-only {
      position: absolute; width: 1px; height: 1px; padding: 0; margin: -1px; overflow: hidden;
      clip: rect(0 0 0 0); white-space: nowrap; border: 0;
    }
    .toolbar :focus-visible { outline: var(--kline-focus-width) solid var(--kline-accent-color); outline-offset: -2px; }
    /* A separator reached by keyboard gets a ring, not only the 1 px line a hover shows: Windows High Contrast
       drops that line's background colour but keeps an outline (pane-separators.ts; separator-focus.test.ts). */
    .pane-separator:focus-visible { outline: var(--kline-focus-width) solid var(--kline-accent-color); outline-offset: -2px; }
    /*
     * Not positioned: a positioned pane paints after the pane above's canvas, which (with --disable-gpu, in
     * Chromium's software compositor) merged its line into a layer above the plots, whose transparent tiles
     * were blended again on every pan frame (bench/README.md, API rows). uPlot's .u-wrap is the plot's own
     * positioned box.
     */
    /*
     * The line under a pane is a 1 px layer of its own (will-change), and with an opaque chart background the
     * panes' box is an opaque layer in it (.opaque, set by chart-view-controller.ts): the chart's base layer (its
     * border) then lies under an opaque layer, so Chromium's compositor skips its tiles instead of blending them
     * again under the transparent canvases on every pan frame (with --disable-gpu, 20 quads a frame against
     * uPlot's 4: bench/README.md). Same pixels, same layout: the line takes the 1 px the border took.
     */
    .pane::after { content: ''; display: block; height: 1px; background: var(--kline-border-color); will-change: transform; }
    .pane:last-child::after { display: none; }
    /* Forced colours turn a background into the system background (the line vanished); a border took CanvasText. */
    @media (forced-colors: active) { .pane::after { forced-color-adjust: none; background: CanvasText; } }
    .panes.opaque { background: var(--kline-background); will-change: transform; }
    /* The pane separators (pane-separators.ts): a 7 px band over each boundary; its line shows while hovered, focused or dragged. */
    .pane-separators { position: absolute; inset: 0; pointer-events: none; z-index: 3; }
    .pane-separator {
      position: absolute; left: 0; right: 0; height: 7px; cursor: row-resize; pointer-events: auto;
      touch-action: none; outline: none;
    }
    .pane-separator::after { content: ''; position: absolute; left: 0; right: 0; top: 3px; height: 1px; }
    .pane-separator:is(:hover, :focus, .dragging)::after { background: var(--kline-accent-color); }
    .legend {
      position: absolute; z-index: 2; left: 8px; top: 4px; right: calc(var(--_kline-axis-width, 64px) + 8px); pointer-events: none;
      font: var(--kline-font); line-height: 16px; font-variant-numeric: tabular-nums;
      /* Not over the pane below (its top: chart-view-controller.ts); the margin keeps focus rings whole.
         One column, filled in order: the lines that do not fit go whole to a next column, clipped away. */
      max-height: calc(var(--_kline-price-pane-height, 100vh) - 8px); overflow: clip; overflow-clip-margin: 3px;
      columns: 1; column-fill: auto; column-gap: 24px;
    }
    .legend .row { display: flex; flex-wrap: wrap; gap: 0 10px; }
    /* The instrument's symbol and name (from the data) on one line, cut short: never under the values. */
    .legend .title { font-weight: 600; min-width: 0; max-width: 100%; overflow: hidden; text-overflow: ellipsis; white-space: nowrap; }
    /* A study's name and values: no box of their own on a wide chart (a narrow one wraps them as a whole). */
    .study { display: contents; }
    .legend .muted { color: var(--kline-muted-color); }
    .legend .up { color: var(--kline-up-text-color); }
    .legend .down { color: var(--kline-down-text-color); }
    .pane-legend {
      position: absolute; z-index: 2; left: 8px; pointer-events: none;
      font: var(--kline-font); line-height: 16px; display: flex; gap: 10px; flex-wrap: wrap;
      font-variant-numeric: tabular-nums;
    }
    .status {
      position: absolute; inset: 0; display: flex; align-items: center; justify-content: center;
      color: var(--kline-muted-color); pointer-events: none; text-align: center; padding: 16px;
      overflow-wrap: anywhere;
    }
    .status.error { color: var(--kline-down-color); }
    .history-loading {
      position: absolute; z-index: 3; left: 8px; bottom: 34px; padding: 3px 8px; border-radius: 4px;
      background: var(--kline-toolbar-background); border: 1px solid var(--kline-border-color);
      color: var(--kline-muted-color); font-size: 11px; pointer-events: none;
    }
    .toast {
      position: absolute; z-index: 4; left: 50%; bottom: 36px; transform: translateX(-50%);
      max-width: 80%; padding: 6px 12px; border-radius: 4px; background: var(--kline-text-color); overflow-wrap: anywhere;
      color: var(--kline-background); font-size: 12px; pointer-events: auto;
    }
    /* Above the "most recent bar" button (its styles: latest-button-view.ts), which a narrow chart's notice would cover.
       A sibling rule, not .main:has(): showing or hiding the button restyles the notice, not the whole chart. */
    .to-latest:not(.gone) ~ .toast { bottom: 72px; }
  `,
];

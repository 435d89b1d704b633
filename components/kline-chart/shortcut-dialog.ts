import { css, html, type CSSResult, type ReactiveElement, type TemplateResult } from 'lit';
import { allChartStrings } from './chart-more-strings.js';

/** The chart as the dialog needs it (`<kline-chart>`, kline-chart.ts): a rendered element and its insides' deps. */
type Chart = ReactiveElement & { readonly renderRoot: HTMLElement | DocumentFragment };
interface Deps {
  lang(): string;
  /** Adds the dialog's styles to the chart's adopted sheets (CSP-safe). */
  adopt(styles: CSSResult): void;
}

/** Where focus was when each chart's dialog opened: it goes back there when the dialog closes. */
const focusBefore = new WeakMap<HTMLElement, HTMLElement>();

/**
 * Opens the chart's dialog (rendered by {@link renderChartShortcuts}). `active` is the control that was
 * focused (inside shadow roots) when it was asked for, before this chunk was fetched: it (else the chart)
 * gets focus back on close.
 */
export async function showChartShortcuts(chart: Chart, d: Deps, active: Element | null): Promise<void> {
  const before = active instanceof HTMLElement && active !== document.body ? active : chart;
  d.adopt(shortcutDialogStyles);
  chart.requestUpdate();
  await chart.updateComplete;
  const dialog = chart.renderRoot.querySelector<HTMLDialogElement>('dialog.shortcuts');
  if (!dialog?.isConnected || dialog.open) return;
  focusBefore.set(chart, before);
  dialog.showModal();
}

/** The chart's dialog (closed until {@link showChartShortcuts}); closing it puts focus back. */
export function renderChartShortcuts(chart: Chart, d: Deps): TemplateResult {
  return renderShortcutDialog(d.lang(), () => {
    const target = focusBefore.get(chart);
    focusBefore.delete(chart);
    (target?.isConnected ? target : chart).focus();
  });
}

type Strings = ReturnType<typeof allChartStrings>;

/** The chart's keyboard shortcuts, in the order the `?` dialog lists them (README "Keyboard"). */
export function shortcutRows(s: Strings): readonly (readonly [keys: string, what: string])[] {
  return [
    ['Tab / Shift+Tab', s.scTab],
    ['← → ↑ ↓ Home End', s.scToolbar],
    ['← →', s.scCrosshair],
    ['Shift+← →', s.scPan],
    ['↑ ↓  + −', s.scZoom],
    ['Home / End', s.scHomeEnd],
    ['T', s.scTable],
    ['Escape', s.scEscape],
    ['Ctrl/⌘+K', s.scPalette],
    ['Ctrl/⌘+Z, Ctrl/⌘+Y', s.scUndo],
    ['← → ↑ ↓ Enter', s.scDraw],
    ['[ ]', s.scSelect],
    ['Ctrl/⌘+C, Ctrl/⌘+V', s.scCopy],
    ['Ctrl/⌘+Alt+S', s.scSaveImage],
    ['Ctrl/⌘+Shift+S', s.scCopyImage],
    ['Shift+F', s.scFullScreen],
    ['Shift+F10', s.scContextMenu],
    ['Shift+→', s.scReplayStep],
    ['?', s.scHelp],
  ];
}

/**
 * The `?` dialog: a modal `<dialog>` listing the keys (rendered closed; `showModal()` opens it).
 * Escape or the Close button closes it and the chart puts focus back where it was.
 */
export function renderShortcutDialog(locale: string, onClose: () => void): TemplateResult {
  const s = allChartStrings(locale);
  return html`<dialog class="shortcuts" part="shortcuts" aria-labelledby="shortcuts-title" @close=${onClose}>
    <h2 id="shortcuts-title">${s.shortcuts}</h2>
    <table>
      <tbody>
        ${shortcutRows(s).map(([keys, what]) => html`<tr><th scope="row"><kbd>${keys}</kbd></th><td>${what}</td></tr>`)}
      </tbody>
    </table>
    <form method="dialog"><button part="shortcuts-close" value="close" autofocus>${s.closeDialog}</button></form>
  </dialog>`;
}

export const shortcutDialogStyles = css`
  .shortcuts {
    max-width: min(560px, 92%); max-height: 86%; overflow: auto; padding: 12px 16px;
    background: var(--kline-background); color: var(--kline-text-color);
    border: 1px solid var(--kline-border-color); border-radius: 6px; font-size: 13px;
  }
  .shortcuts::backdrop { background: rgba(0, 0, 0, 0.35); }
  .shortcuts h2 { font-size: 15px; margin: 0 0 8px; }
  .shortcuts table { border-collapse: collapse; }
  .shortcuts th { text-align: left; font-weight: normal; padding: 3px 12px 3px 0; white-space: nowrap; vertical-align: top; }
  .shortcuts td { padding: 3px 0; }
  .shortcuts kbd { font: 12px ui-monospace, monospace; padding: 1px 4px; border: 1px solid var(--kline-border-color); border-radius: 3px; }
  .shortcuts form { text-align: right; margin-top: 8px; }
  .shortcuts button {
    font: inherit; color: inherit; background: transparent; padding: 4px 12px; cursor: pointer;
    border: 1px solid var(--kline-border-color); border-radius: 4px;
  }
  .shortcuts button:focus-visible { outline: var(--kline-focus-width, 2px) solid var(--kline-accent-color); outline-offset: 1px; }
`;

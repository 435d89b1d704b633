import { css, html, type TemplateResult } from 'lit';
import type { LayoutDocument } from '../../src/core/persist/index.js';
import { chartMoreStrings } from './chart-more-strings.js';

/** Offers `layout` as a JSON file download (a Blob URL, revoked after the click). */
export function downloadLayout(layout: LayoutDocument, fileName: string, root: Node & ParentNode): void {
  const blob = new Blob([JSON.stringify(layout, null, 2)], { type: 'application/json' });
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = fileName;
  a.hidden = true;
  root.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

/** What the toast reads of the storage side (layout-storage-controller.ts): the layout not saved, and its dismissal. */
interface UnsavedLayout {
  readonly unsaved: LayoutDocument | null;
  dismissToast(): void;
}

/**
 * The toast shown when a save ran out of storage: it stays until dismissed and offers the layout
 * as a file `fileName`, linked from `root` (`part="persist-toast"`, button `part="persist-download"`).
 */
export function renderPersistToast(
  locale: string,
  storage: UnsavedLayout,
  fileName: string,
  root: Node & ParentNode,
): TemplateResult {
  const s = chartMoreStrings(locale);
  const download = () => storage.unsaved && downloadLayout(storage.unsaved, fileName, root);
  return html`<div class="persist-toast" part="persist-toast" role="alert" lang=${locale}>
    <span>${s.persistFull}</span>
    <button type="button" part="persist-download" @click=${download}>${s.persistDownload}</button>
    <button type="button" class="dismiss" aria-label=${s.persistDismiss} title=${s.persistDismiss} @click=${() => storage.dismissToast()}>×</button>
  </div>`;
}

export const persistToastStyles = css`
  .persist-toast {
    position: absolute; z-index: 5; left: 50%; top: 44px; transform: translateX(-50%);
    display: flex; gap: 8px; align-items: center; max-width: 90%; padding: 6px 8px 6px 12px; border-radius: 4px;
    background: var(--kline-text-color, #131722); color: var(--kline-background, #fff); font-size: 12px;
  }
  .persist-toast button {
    flex: none; font: inherit; cursor: pointer; border-radius: 3px; padding: 2px 8px;
    border: 1px solid currentColor; background: transparent; color: inherit;
  }
  .persist-toast button.dismiss { border: none; font-size: 14px; padding: 0 4px; }
`;

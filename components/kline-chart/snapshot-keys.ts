import { isEditableTarget } from './editable-target.js';

/** What a key press asks of the snapshot and full screen actions (eager: only the keys; the actions are lazy). */
export type SnapshotKey = 'save-image' | 'copy-image' | 'fullscreen';

/**
 * TradingView's keys: Ctrl/⌘+Alt+S saves the chart's image, Ctrl/⌘+Shift+S copies it, Shift+F toggles
 * full screen; never in a text field. S is read by its key position too (⌥S on a Mac types `ß`).
 */
export function snapshotKey(e: KeyboardEvent): SnapshotKey | null {
  if (e.defaultPrevented) return null;
  if (isEditableTarget(e.composedPath()[0])) return null;
  const mod = e.ctrlKey || e.metaKey;
  if (mod && e.altKey !== e.shiftKey && (e.code === 'KeyS' || e.key === 's' || e.key === 'S'))
    return e.altKey ? 'save-image' : 'copy-image';
  if (!mod && !e.altKey && e.shiftKey && e.key === 'F') return 'fullscreen';
  return null;
}

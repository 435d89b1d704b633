import { isEditableTarget } from './editable-target.js';

/** The chart's method a key press calls (the keys are in the input chunk, input-parts.ts; the actions are chunks). */
export type ChartKey = 'showShortcuts' | 'saveImage' | 'copyImage' | 'toggleFullscreen';

/**
 * The chart's own keys, never in a text field: `?` opens the shortcut list; TradingView's Ctrl/⌘+Alt+S
 * saves the chart's image, Ctrl/⌘+Shift+S copies it, Shift+F toggles full screen. S is read by its key
 * position too (⌥S on a Mac types `ß`). `origin` is where the key was pressed (`composedPath()[0]` while
 * the event is dispatched: a key that waited for this chunk passes the one it had then).
 */
export function chartKey(e: KeyboardEvent, origin: EventTarget | undefined = e.composedPath()[0]): ChartKey | null {
  if (e.defaultPrevented) return null;
  if (isEditableTarget(origin)) return null;
  const mod = e.ctrlKey || e.metaKey;
  if (mod && e.altKey !== e.shiftKey && (e.code === 'KeyS' || e.key === 's' || e.key === 'S'))
    return e.altKey ? 'saveImage' : 'copyImage';
  if (mod || e.altKey) return null;
  return e.key === '?' ? 'showShortcuts' : e.shiftKey && e.key === 'F' ? 'toggleFullscreen' : null;
}

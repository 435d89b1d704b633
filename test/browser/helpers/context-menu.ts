import { sendMouse } from '@web/test-runner-commands';
import type { KlineChart } from '../../../components/kline-chart/kline-chart.js';
import { waitFor } from './wait-for.js';

/** The chart's open context menu, or null. */
export function menu(chart: KlineChart): HTMLElement | null {
  return chart.shadowRoot!.querySelector<HTMLElement>('[part="context-menu"]');
}

/** The open menu's item `action` (`data-action`); throws when it has none. */
export function item(chart: KlineChart, action: string): HTMLElement {
  const el = menu(chart)?.querySelector<HTMLElement>(`[data-action="${action}"]`);
  if (!el) throw new Error(`no menu item ${action}`);
  return el;
}

/** A real right click (the browser fires `contextmenu` itself); resolves once the menu is placed. */
export async function rightClick(chart: KlineChart, at: [number, number]): Promise<HTMLElement> {
  await sendMouse({ type: 'click', position: at, button: 'right' });
  await waitFor(() => !!menu(chart)?.classList.contains('placed'), 'the context menu');
  return menu(chart)!;
}

/** A real left click in the middle of `el`. */
export async function clickOn(el: Element): Promise<void> {
  const r = el.getBoundingClientRect();
  await sendMouse({ type: 'click', position: [Math.round(r.left + r.width / 2), Math.round(r.top + r.height / 2)] });
}

/**
 * Replaces `navigator.clipboard.writeText` with a recorder (this page only) until the returned
 * `restore()`; `written` holds every text it was given.
 */
export function recordClipboard(): { written: string[]; restore(): void } {
  const clipboard = navigator.clipboard;
  const original = clipboard.writeText;
  const written: string[] = [];
  clipboard.writeText = (text: string) => {
    written.push(text);
    return Promise.resolve();
  };
  return { written, restore: () => void (clipboard.writeText = original) };
}

import { css, html, nothing, type ReactiveController, type ReactiveControllerHost, type TemplateResult } from 'lit';
import { PERIODS, type Period } from '../../src/core/data/index.js';
import { DRAWING_KINDS } from '../../src/core/drawings/index.js';
import type { DrawingStrings } from '../drawing-toolbar/index.js';
import type { DrawingLayerTool } from './drawing-layer-controller.js';

/** Below this width (the element's own, not the viewport's) the toolbar folds into the "More" menu. */
export const COMPACT_WIDTH = 480;

type Host = ReactiveControllerHost & HTMLElement & { readonly renderRoot: HTMLElement | DocumentFragment };

/** What the menu shows. */
export interface OverflowMenuModel {
  readonly period: Period | null;
  readonly tool: DrawingLayerTool;
  readonly tableShown: boolean;
  readonly strings: {
    readonly more: string;
    readonly periodGroup: string;
    readonly compare: string;
    readonly commands: string;
    readonly settings: string;
    readonly shortcuts: string;
    readonly dataTable: string;
  };
  readonly drawing: DrawingStrings;
}

/** What its items do (the same methods the full toolbar's buttons call). */
export interface OverflowMenuActions {
  setPeriod(period: Period): void;
  compare(): void;
  setTool(tool: DrawingLayerTool, byKeyboard: boolean): void;
  palette(): void;
  settings(): void;
  shortcuts(): void;
  toggleTable(): void;
}

/**
 * The narrow chart's toolbar: a `ResizeObserver` on the element's own width switches to compact
 * below {@link COMPACT_WIDTH} px (the toolbar keeps the symbol, indicators, undo/redo and a "More"
 * button; the legend shows less), and the "More" button opens a menu by the WAI-ARIA menu button
 * pattern: Enter, Space or Down open it on the first item (Up on the last), Up/Down/Home/End move,
 * Enter or Space choose, Escape closes, and focus goes back to the button; Tab closes it too.
 */
export class ToolbarOverflowController implements ReactiveController {
  readonly #host: Host;
  #observer: ResizeObserver | null = null;
  #compact = false;
  #open = false;
  #focusOnOpen: 'first' | 'last' | null = null;

  constructor(host: Host) {
    this.#host = host;
    host.addController(this);
  }

  /** Whether the toolbar is folded (the element is narrower than {@link COMPACT_WIDTH}). */
  get compact(): boolean {
    return this.#compact;
  }

  get open(): boolean {
    return this.#open;
  }

  hostConnected(): void {
    this.#observer = new ResizeObserver((entries) => {
      const width = entries[0].borderBoxSize?.[0]?.inlineSize ?? entries[0].contentRect.width;
      this.#setCompact(width > 0 && width < COMPACT_WIDTH);
    });
    this.#observer.observe(this.#host);
    // Size now, so the first paint already has the right toolbar.
    const width = this.#host.getBoundingClientRect().width;
    this.#setCompact(width > 0 && width < COMPACT_WIDTH);
    document.addEventListener('pointerdown', this.#onOutside, true);
  }

  hostDisconnected(): void {
    this.#observer?.disconnect();
    this.#observer = null;
    document.removeEventListener('pointerdown', this.#onOutside, true);
  }

  hostUpdated(): void {
    if (!this.#focusOnOpen || !this.#open) return;
    const items = this.#items();
    (this.#focusOnOpen === 'first' ? items[0] : items[items.length - 1])?.focus();
    this.#focusOnOpen = null;
  }

  /** Opens (focusing the first or last item) or closes the menu; closing returns focus to the button. */
  toggle(open = !this.#open, focus: 'first' | 'last' = 'first', returnFocus = true): void {
    if (open === this.#open) return;
    this.#open = open;
    this.#focusOnOpen = open ? focus : null;
    this.#host.requestUpdate();
    if (!open && returnFocus) this.#button()?.focus();
  }

  #setCompact(compact: boolean): void {
    if (compact === this.#compact) return;
    this.#compact = compact;
    if (!compact) this.#open = false;
    this.#host.requestUpdate();
  }

  #button(): HTMLElement | null {
    return this.#host.renderRoot.querySelector<HTMLElement>('[part="more-button"]');
  }

  #items(): HTMLElement[] {
    return [
      ...this.#host.renderRoot.querySelectorAll<HTMLElement>(
        '[part="more-menu"] [role^="menuitem"]:not([aria-disabled="true"])',
      ),
    ];
  }

  readonly #onOutside = (e: PointerEvent): void => {
    if (!this.#open) return;
    const path = e.composedPath();
    const menu = this.#host.renderRoot.querySelector('[part="more-menu"]');
    if ((menu && path.includes(menu)) || path.includes(this.#button() as EventTarget)) return;
    this.toggle(false, 'first', false);
  };

  /** The "More" button's keys. */
  readonly onButtonKey = (e: KeyboardEvent): void => {
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      e.preventDefault();
      e.stopPropagation();
      if (this.#open) this.#items()[e.key === 'ArrowDown' ? 0 : this.#items().length - 1]?.focus();
      else this.toggle(true, e.key === 'ArrowDown' ? 'first' : 'last');
    }
  };

  /** Keys inside the menu. */
  readonly onMenuKey = (e: KeyboardEvent): void => {
    const items = this.#items();
    const at = items.indexOf(e.composedPath()[0] as HTMLElement);
    let next = -1;
    switch (e.key) {
      case 'ArrowDown':
        next = (at + 1) % items.length;
        break;
      case 'ArrowUp':
        next = (at - 1 + items.length) % items.length;
        break;
      case 'Home':
        next = 0;
        break;
      case 'End':
        next = items.length - 1;
        break;
      case 'Escape':
        e.preventDefault();
        e.stopPropagation();
        this.toggle(false);
        return;
      case 'Tab':
        this.toggle(false, 'first', false);
        return;
      case 'Enter':
      case ' ':
        e.preventDefault();
        e.stopPropagation();
        (e.composedPath()[0] as HTMLElement).click();
        return;
      default:
        return;
    }
    e.preventDefault();
    e.stopPropagation();
    items[next]?.focus();
  };

  /**
   * Runs a menu item's action: the menu closes and focus goes back to the "More" button first, so a
   * dialog the action opens returns focus there (never to a removed item, never to `<body>`).
   */
  choose(action: () => void): void {
    this.toggle(false);
    action();
  }
}

/** The "More" button and, when open, its menu. Render it inside the toolbar. */
export function renderOverflowMenu(
  c: ToolbarOverflowController,
  m: OverflowMenuModel,
  a: OverflowMenuActions,
): TemplateResult {
  const s = m.strings;
  const d = m.drawing;
  // Items activated by Enter/Space arrive as clicks with detail 0: the keyboard drawing flow starts.
  const item = (label: string, run: (byKeyboard: boolean) => void, checked?: boolean, role = 'menuitem') =>
    html`<button type="button" role=${role} tabindex="-1" aria-checked=${checked === undefined ? nothing : checked ? 'true' : 'false'}
      @click=${(e: MouseEvent) => c.choose(() => run(e.detail === 0))}>${label}</button>`;
  const tools: readonly DrawingLayerTool[] = ['select', 'range-select', ...DRAWING_KINDS];
  const toolLabel = (t: DrawingLayerTool) =>
    t === 'select' ? d.select : t === 'range-select' ? d.rangeSelect : t ? d.kinds[t] : '';
  return html`<span class="more">
    <button part="more-button" aria-haspopup="menu" aria-expanded=${c.open ? 'true' : 'false'} aria-controls="more-menu"
      title=${s.more} @click=${() => c.toggle()} @keydown=${c.onButtonKey}>${s.more} ▾</button>
    ${
      c.open
        ? html`<div id="more-menu" part="more-menu" role="menu" aria-label=${s.more} @keydown=${c.onMenuKey}>
            <div role="group" aria-label=${s.periodGroup}>
              ${PERIODS.map((p) => item(p, () => a.setPeriod(p), m.period === p, 'menuitemradio'))}
            </div>
            <div role="separator"></div>
            ${item(s.compare, () => a.compare())}
            <div role="separator"></div>
            <div role="group" aria-label=${d.toolbar}>
              ${tools.map((t) => item(toolLabel(t), (k) => a.setTool(t, k), m.tool === t, 'menuitemradio'))}
            </div>
            <div role="separator"></div>
            ${item(s.commands, () => a.palette())}
            ${item(s.settings, () => a.settings())}
            ${item(s.shortcuts, () => a.shortcuts())}
            ${item(s.dataTable, () => a.toggleTable(), m.tableShown, 'menuitemcheckbox')}
          </div>`
        : nothing
    }
  </span>`;
}

/** Styles of the compact toolbar, the menu and the compact legend. */
export const toolbarOverflowStyles = css`
  .toolbar .more { position: relative; margin-left: auto; }
  [part='more-menu'] {
    position: absolute; z-index: 7; top: 100%; right: 0; min-width: 200px; max-height: min(70vh, 420px);
    overflow-y: auto; margin-top: 2px; padding: 4px 0; background: var(--kline-background);
    border: 1px solid var(--kline-border-color); border-radius: 4px; box-shadow: 0 4px 16px rgba(0, 0, 0, 0.15);
  }
  [part='more-menu'] [role^='menuitem'] {
    display: block; width: 100%; text-align: left; border: 0; border-radius: 0; padding: 6px 12px 6px 28px;
    position: relative; min-height: 32px;
  }
  [part='more-menu'] [aria-checked='true']::before { content: '✓'; position: absolute; left: 10px; }
  [part='more-menu'] [role='separator'] { height: 1px; margin: 4px 0; background: var(--kline-border-color); }
  [part='more-menu'] [role^='menuitem']:focus-visible { outline-offset: -3px; }
  .root.compact .toolbar { flex-wrap: nowrap; overflow: visible; }
  .root.compact .legend { right: 8px; font-size: 10px; }
  .root.compact .legend .row { flex-wrap: nowrap; overflow: hidden; white-space: nowrap; }
  .root.compact .legend .title ~ .muted,
  .root.compact [data-testid='ohlc'] > span:nth-child(-n + 3),
  .root.compact [data-testid='ohlc'] > span:nth-child(6) { display: none; }
  .root.compact .pane-legend { flex-wrap: nowrap; overflow: hidden; right: 8px; white-space: nowrap; }
`;

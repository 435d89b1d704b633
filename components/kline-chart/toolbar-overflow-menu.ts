import { css, html, nothing, type TemplateResult } from 'lit';
import { PERIODS } from '../../src/core/data/index.js';
import { listDrawingKinds } from '../../src/core/drawings/index.js';
import { kindLabel } from '../drawing-toolbar/drawing-toolbar-strings.js';
import type { DrawingLayerTool } from './drawing-layer-controller.js';
import type {
  Host,
  OverflowMenuActions,
  OverflowMenuChart,
  OverflowMenuModel,
  ToolbarOverflowController,
} from './toolbar-overflow.js';
import { clientScale } from '../../src/render/client-scale.js';
import { allChartStrings } from './chart-more-strings.js';
import { drawingStrings } from '../drawing-toolbar/drawing-toolbar-strings.js';
import { isPeriod } from '../../src/core/data/index.js';
import { onMenuKeys } from '../menu-keys.js';
import { search, toggleReplay } from './chart-actions.js';

/**
 * The "More" menu of `ToolbarOverflowController` (toolbar-overflow.ts), a lazy chunk loaded by the first
 * press of its button: the WAI-ARIA menu button pattern (Enter, Space or Down open it on the first item,
 * Up on the last; Up/Down/Home/End move, Enter or Space choose, Escape closes and focus goes back to
 * the button; Tab or a press outside close it too).
 */
export class OverflowMenu {
  readonly #host: Host;
  readonly #bar: ToolbarOverflowController;
  #open = false;
  #focusOnOpen: 'first' | 'last' | null = null;

  constructor(host: Host, bar: ToolbarOverflowController) {
    this.#host = host;
    this.#bar = bar;
    this.listen(host.isConnected);
    // The menu's styles join the chart's adopted sheets (CSP-safe) with the chunk.
    const sheet = overflowMenuStyles.styleSheet;
    const root = host.shadowRoot;
    if (sheet && root && !root.adoptedStyleSheets.includes(sheet))
      root.adoptedStyleSheets = [...root.adoptedStyleSheets, sheet];
  }

  get open(): boolean {
    return this.#open;
  }

  /** Listens for a press outside the menu (while the element is connected). */
  listen(on: boolean): void {
    if (on) document.addEventListener('pointerdown', this.#onOutside, true);
    else document.removeEventListener('pointerdown', this.#onOutside, true);
  }

  /** Opens (focusing the first or last item) or closes the menu; closing returns focus to the button. */
  toggle(open = !this.#open, focus: 'first' | 'last' = 'first', returnFocus = true): void {
    if (open === this.#open) return;
    this.#open = open;
    this.#focusOnOpen = open ? focus : null;
    this.#host.requestUpdate();
    if (!open && returnFocus) this.#button()?.focus();
  }

  /** After each render of the element: the menu fits, and an opened one takes focus. */
  updated(): void {
    this.#fitMenu();
    if (!this.#focusOnOpen || !this.#open) return;
    const items = this.items();
    if (!items.length) return;
    (this.#focusOnOpen === 'first' ? items[0] : items[items.length - 1]).focus();
    this.#focusOnOpen = null;
  }

  /** The open menu ends inside the chart (which clips what is outside it): it scrolls instead. */
  #fitMenu(): void {
    const menu = this.#open ? this.#host.renderRoot.querySelector<HTMLElement>('[part="more-menu"]') : null;
    if (!menu) return;
    const room =
      (this.#host.getBoundingClientRect().bottom - menu.getBoundingClientRect().top) / clientScale(this.#host).y;
    menu.style.maxHeight = `min(70vh, 420px, ${Math.max(96, Math.floor(room - 4))}px)`;
  }

  #button(): HTMLElement | null {
    return this.#host.renderRoot.querySelector<HTMLElement>('[part="more-button"]');
  }

  /** The menu's enabled items, top to bottom (none while it is closed). */
  items(): HTMLElement[] {
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

  /** Down or Up on the "More" button (already claimed). */
  buttonKey(key: string): void {
    const down = key === 'ArrowDown';
    if (this.#open) this.items()[down ? 0 : this.items().length - 1]?.focus();
    else this.toggle(true, down ? 'first' : 'last');
  }

  /**
   * Runs a menu item's action: the menu closes and focus goes back to the "More" button first, so a
   * dialog the action opens returns focus there (never to a removed item, never to `<body>`).
   */
  choose(action: () => void): void {
    this.toggle(false);
    action();
  }

  /** The open menu of the chart, from what `<kline-chart>` hands over. */
  render(h: OverflowMenuChart): TemplateResult {
    return renderChartMenu(this, this.#bar, h);
  }
}

/** The chart's open "More" menu: its model and actions from what `<kline-chart>` hands over (kline-chart.ts). */
function renderChartMenu(c: OverflowMenu, bar: ToolbarOverflowController, h: OverflowMenuChart): TemplateResult {
  const { chart, deps } = h;
  const { core, drawings } = deps;
  const lang = deps.lang();
  const target = core.store.state.target.get();
  const strings = allChartStrings(lang);
  return renderMenuItems(
    c,
    {
      fold: bar.fold || 1,
      drawingTools: bar.compact,
      period: target?.period ?? (isPeriod(chart.period) ? chart.period : null),
      tool: drawings.tool,
      magnet: drawings.magnet,
      hasSelection: core.store.state.drawingSelection.get().length > 0,
      tableShown: deps.a11y.tableShown,
      fullscreen: chart.fullscreen,
      fullscreenEnabled: document.fullscreenEnabled,
      replaying: deps.replaying(),
      strings,
      drawing: drawingStrings(lang),
    },
    {
      setPeriod: (period) => void deps.run('chart_set_period', { period }),
      compare: () => void search(deps, (m) => m.openSearch(chart, deps, 'compare')),
      ...deps.drawingActions(),
      palette: () => void chart.openCommandPalette(),
      settings: () => void chart.openSettings(),
      shortcuts: () => void chart.showShortcuts(),
      toggleTable: () => chart.toggleDataTable(),
      saveImage: () => void chart.saveImage(),
      copyImage: () => void chart.copyImage(),
      toggleFullscreen: () => void chart.toggleFullscreen(),
      replay: () => void toggleReplay(chart, deps),
    },
  );
}

/** The menu's actions that have a key on the chart: `aria-keyshortcuts`, and the hint shown (`Ctrl` is ⌘ on a Mac). */
const MENU_KEYS: Partial<Record<string, readonly [string, string]>> = {
  palette: ['Control+K Meta+K', 'Ctrl+K'],
  shortcuts: ['?', '?'],
  'data-table': ['T', 'T'],
  'save-image': ['Control+Alt+S Meta+Alt+S', 'Ctrl+Alt+S'],
  'copy-image': ['Control+Shift+S Meta+Shift+S', 'Ctrl+Shift+S'],
  fullscreen: ['Shift+F', 'Shift+F'],
};

const keyHint = (hint: string) => (/Mac|iPhone|iPad/.test(navigator.platform) ? hint.replace('Ctrl+', '⌘') : hint);

/** The open "More" menu (a lazy chunk: loaded when the menu first opens). */
export function renderMenuItems(c: OverflowMenu, m: OverflowMenuModel, a: OverflowMenuActions): TemplateResult {
  const s = m.strings;
  const d = m.drawing;
  // Items activated by Enter/Space arrive as clicks with detail 0: the keyboard drawing flow starts.
  // `data-action` names what an item does, as the toolbar button it stands for would.
  const item = (
    action: string,
    label: string,
    run: (byKeyboard: boolean) => void,
    checked?: boolean,
    role = 'menuitem',
    disabled = false,
  ) =>
    html`<button type="button" role=${role} tabindex="-1" data-action=${action} aria-checked=${checked === undefined ? nothing : checked ? 'true' : 'false'}
      aria-disabled=${disabled ? 'true' : nothing} aria-keyshortcuts=${MENU_KEYS[action]?.[0] ?? nothing} @click=${(e: MouseEvent) => (disabled ? undefined : c.choose(() => run(e.detail === 0)))}>${label}${
        MENU_KEYS[action]
          ? html`<span class="hint" aria-hidden="true">${keyHint(MENU_KEYS[action][1])}</span>`
          : nothing
      }</button>`;
  const tools: readonly Exclude<DrawingLayerTool, null>[] = [
    'select',
    'range-select',
    ...listDrawingKinds().map((k) => k.id),
  ];
  const toolLabel = (t: Exclude<DrawingLayerTool, null>) =>
    t === 'select' ? d.select : t === 'range-select' ? d.rangeSelect : kindLabel(d, t);
  return html`<div id="more-menu" part="more-menu" role="menu" aria-label=${s.more} @keydown=${(e: KeyboardEvent) => onMenuKeys(e, c.items(), (refocus) => (refocus ? c.toggle(false) : c.toggle(false, 'first', false)))}>
            ${
              m.fold === 3
                ? html`<div role="group" aria-label=${s.periodGroup}>
              ${PERIODS.map((p) => item(`period:${p}`, p, () => a.setPeriod(p), m.period === p, 'menuitemradio'))}
            </div>
            <div role="separator"></div>`
                : nothing
            }
            ${m.fold >= 2 ? html`${item('compare', s.compare, () => a.compare())}<div role="separator"></div>` : nothing}
            ${
              m.drawingTools
                ? html`<div role="group" aria-label=${d.toolbar}>
              ${tools.map((t) => item(`tool:${t}`, toolLabel(t), (k) => a.setTool(t, k), m.tool === t, 'menuitemradio'))}
            </div>
            ${item('tool:magnet', d.magnet, () => a.setMagnet(!m.magnet), m.magnet, 'menuitemcheckbox')}
            ${item('tool:copy', d.copy, () => a.copy(), undefined, 'menuitem', !m.hasSelection)}
            ${item('tool:delete', d.delete, () => a.delete(), undefined, 'menuitem', !m.hasSelection)}
            <div role="separator"></div>`
                : nothing
            }
            ${item('palette', s.commands, () => a.palette())}
            ${item('settings', s.settings, () => a.settings())}
            ${item('shortcuts', s.shortcuts, () => a.shortcuts())}
            ${item('data-table', s.dataTable, () => a.toggleTable(), m.tableShown, 'menuitemcheckbox')}
            ${item('replay', s.barReplay, () => a.replay(), m.replaying, 'menuitemcheckbox')}
            <div role="separator"></div>
            ${item('save-image', s.saveImage, () => a.saveImage())}
            ${item('copy-image', s.copyImage, () => a.copyImage())}
            ${item('fullscreen', s.fullScreen, () => a.toggleFullscreen(), m.fullscreen, 'menuitemcheckbox', !m.fullscreenEnabled)}
          </div>`;
}

/** Styles of the menu. */
export const overflowMenuStyles = css`
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
  [part='more-menu'] [aria-disabled='true'] { opacity: 0.4; cursor: default; }
  [part='more-menu'] .hint { float: inline-end; margin-inline-start: 16px; color: var(--kline-muted-color); font-size: 0.9em; }
  @media (pointer: coarse) { [part='more-menu'] .hint { display: none; } }
`;

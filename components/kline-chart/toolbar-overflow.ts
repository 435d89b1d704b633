import { css, html, nothing, type ReactiveController, type ReactiveControllerHost, type TemplateResult } from 'lit';
import type { Period } from '../../src/core/data/index.js';
import type { DrawingStrings } from '../drawing-toolbar/drawing-toolbar-strings.js';
import type { DrawingLayerTool } from './drawing-layer-controller.js';
import type { ChartElement, ChartInsides } from './chart-insides.js';
import { clientScale } from '../../src/render/client-scale.js';

/** Below this width (the element's own, not the viewport's) the toolbar folds into the "More" menu. */
export const COMPACT_WIDTH = 480;

export type Host = ReactiveControllerHost & HTMLElement & { readonly renderRoot: HTMLElement | DocumentFragment };
type MenuModule = typeof import('./toolbar-overflow-menu.js');
type OverflowMenu = InstanceType<MenuModule['OverflowMenu']>;

/**
 * How much of the toolbar's row is in the "More" menu, step by step as the row gets shorter: 0 nothing
 * (no menu); 1 the palette, settings, shortcuts and data table buttons; 2 the compare button too; 3 the
 * periods too. The drawing tools are in their own bar beside the plot, except on a compact chart, whose
 * menu holds them too.
 */
export type ToolbarFold = 0 | 1 | 2 | 3;

/** What the menu shows. */
export interface OverflowMenuModel {
  /** What is in the menu ({@link ToolbarFold}). */
  readonly fold: Exclude<ToolbarFold, 0>;
  /** The drawing tools, the magnet, copy and delete are in the menu (a compact chart has no drawing bar). */
  readonly drawingTools: boolean;
  readonly period: Period | null;
  readonly tool: DrawingLayerTool;
  readonly magnet: boolean;
  /** Drawings are selected: copy and delete are enabled. */
  readonly hasSelection: boolean;
  readonly tableShown: boolean;
  /** The chart fills the screen ("Full screen" is checked). */
  readonly fullscreen: boolean;
  /** `document.fullscreenEnabled`: false in an iframe without `allow="fullscreen"` ("Full screen" is disabled). */
  readonly fullscreenEnabled: boolean;
  /** Bar replay is on (or its start bar being chosen): "Bar replay" is checked. */
  readonly replaying: boolean;
  readonly strings: {
    readonly more: string;
    readonly periodGroup: string;
    readonly compare: string;
    readonly commands: string;
    readonly settings: string;
    readonly shortcuts: string;
    readonly dataTable: string;
    readonly saveImage: string;
    readonly copyImage: string;
    readonly fullScreen: string;
    readonly barReplay: string;
  };
  readonly drawing: DrawingStrings;
}

/** What its items do (the same methods the full toolbar's buttons call). */
export interface OverflowMenuActions {
  setPeriod(period: Period): void;
  compare(): void;
  setTool(tool: DrawingLayerTool, byKeyboard: boolean): void;
  setMagnet(on: boolean): void;
  copy(): void;
  delete(): void;
  palette(): void;
  settings(): void;
  shortcuts(): void;
  toggleTable(): void;
  saveImage(): void;
  copyImage(): void;
  /** Runs inside the click: `requestFullscreen` needs the user's gesture. */
  toggleFullscreen(): void;
  /** Bar replay: choose its start bar, or leave it. */
  replay(): void;
}

/**
 * The toolbar is always one row. A `ResizeObserver` on the element's own width switches to compact
 * below {@link COMPACT_WIDTH} px (the toolbar keeps the symbol, indicators, undo/redo and a "More"
 * button, which also holds the drawing tools; there is no drawing bar; the legend shows less); wider, what does not fit the row goes into the "More" menu
 * ({@link ToolbarFold}: measured after each render, a row that overflows folds one step more; a
 * wider element unfolds and measures again). The "More" button opens a menu by the WAI-ARIA menu button
 * pattern: Enter, Space or Down open it on the first item (Up on the last), Up/Down/Home/End move,
 * Enter or Space choose, Escape closes, and focus goes back to the button; Tab closes it too.
 */
export class ToolbarOverflowController implements ReactiveController {
  readonly #host: Host;
  #observer: ResizeObserver | null = null;
  #compact = false;
  #fold: ToolbarFold = 0;
  #width = 0;
  #timer = 0;
  /**
   * The menu's state, keys and focus, once its chunk is here (toolbar-overflow-menu.ts): the first press
   * of the "More" button, or its Down/Up key, loads it and is answered when it arrives.
   */
  menu: OverflowMenu | null = null;
  /**
   * Whether the menu is to be open while its chunk is on its way: the button says so at once
   * (`aria-expanded`), and says closed again if the chunk cannot be fetched.
   */
  #wanted = false;

  readonly #notice: () => void;

  /** `notice` says that the menu's chunk could not be fetched (at a press; the next one tries again). */
  constructor(host: Host, notice: () => void = () => undefined) {
    this.#host = host;
    this.#notice = notice;
    host.addController(this);
  }

  /** Whether the toolbar is folded (the element is narrower than {@link COMPACT_WIDTH}). */
  get compact(): boolean {
    return this.#compact;
  }

  /** How much of the toolbar is in the "More" menu (always 3 when {@link compact}). */
  get fold(): ToolbarFold {
    return this.#compact ? 3 : this.#fold;
  }

  get open(): boolean {
    return this.menu?.open ?? this.#wanted;
  }

  hostConnected(): void {
    this.#observer = new ResizeObserver((entries) => {
      const width = entries[0].borderBoxSize?.[0]?.inlineSize ?? entries[0].contentRect.width;
      // After this frame's resize observations: re-rendering the toolbar inside the callback could resize
      // a shrink-to-fit host again in the same frame (a ResizeObserver loop).
      clearTimeout(this.#timer);
      this.#timer = window.setTimeout(() => this.#setWidth(width), 0);
    });
    this.#observer.observe(this.#host);
    // Size now, so the first paint already has the right toolbar.
    this.#setWidth(this.#host.getBoundingClientRect().width / clientScale(this.#host).x);
    this.menu?.listen(true);
  }

  hostDisconnected(): void {
    this.#observer?.disconnect();
    this.#observer = null;
    clearTimeout(this.#timer);
    this.menu?.listen(false);
  }

  hostUpdated(): void {
    this.#measure();
    this.menu?.updated();
  }

  /**
   * Runs `act` with the menu: at once when its chunk is here, else when it arrives. `open`: whether the
   * menu is to be open after it (the button shows that meanwhile).
   */
  #withMenu(act: (menu: OverflowMenu) => void, open: boolean): void {
    if (this.menu) return act(this.menu);
    if (open !== this.#wanted) {
      this.#wanted = open;
      this.#host.requestUpdate();
    }
    import('./toolbar-overflow-menu.js').then(
      (module) => act((this.menu ??= new module.OverflowMenu(this.#host, this))),
      (error: unknown) => {
        console.warn('kline-chart: the "More" menu could not be loaded', error);
        if (this.#wanted) {
          this.#wanted = false;
          this.#host.requestUpdate();
        }
        this.#notice();
      },
    );
  }

  /** Opens or closes the menu (focusing its first or last item; closing returns focus to the button). */
  toggle(open?: boolean, focus: 'first' | 'last' = 'first'): void {
    this.#withMenu((menu) => menu.toggle(open, focus), open ?? !this.open);
  }

  #setWidth(width: number): void {
    const compact = width > 0 && width < COMPACT_WIDTH;
    // Wider: unfold and let the next renders measure again (each fold step is one more render, all
    // before the frame is painted: updates run in microtasks).
    const unfold = width > this.#width && this.#fold > 0;
    // Narrower: measure again after a render (the row may overflow now).
    const refold = width < this.#width && !compact && this.#fold < 3;
    this.#width = width;
    if (compact === this.#compact && !unfold && !refold) return;
    this.#compact = compact;
    if (unfold) this.#fold = 0;
    if (this.fold === 0) this.menu?.toggle(false, 'first', false);
    this.#host.requestUpdate();
  }

  /** Folds one step more when the toolbar's row overflows its width. */
  #measure(): void {
    if (this.#compact || this.#fold === 3) return;
    const toolbar = this.#host.renderRoot.querySelector<HTMLElement>('[part="toolbar"]');
    if (!toolbar || toolbar.clientWidth === 0) return;
    const box = toolbar.getBoundingClientRect();
    const end = box.right - parseFloat(getComputedStyle(toolbar).paddingRight || '0');
    let right = box.left;
    for (const child of toolbar.children) right = Math.max(right, child.getBoundingClientRect().right);
    if (right <= end + 0.5) return;
    this.#fold = (this.#fold + 1) as ToolbarFold;
    this.#host.requestUpdate();
  }

  /** The "More" button's keys: Down opens the menu on its first item, Up on its last. */
  readonly onButtonKey = (e: KeyboardEvent): void => {
    if (e.key !== 'ArrowDown' && e.key !== 'ArrowUp') return;
    e.preventDefault();
    e.stopPropagation();
    this.#withMenu((menu) => menu.buttonKey(e.key), true);
  };
}

/**
 * What the chart's "More" menu needs of `<kline-chart>`: the element and its insides, from which the menu's
 * chunk (toolbar-overflow-menu.ts `renderChartMenu`) makes its model and actions.
 */
export interface OverflowMenuChart {
  readonly chart: ChartElement;
  readonly deps: ChartInsides;
}

/**
 * The "More" button and, when open (and its chunk has loaded), its menu. Render it inside the toolbar.
 * `chart` is read only for the open menu (its model and actions are made in the chunk).
 */
export function renderOverflowMenu(
  c: ToolbarOverflowController,
  more: string,
  chart: OverflowMenuChart,
): TemplateResult {
  return html`<span class="more">
    <button part="more-button" aria-haspopup="menu" aria-expanded=${c.open ? 'true' : 'false'} aria-controls="more-menu"
      title=${more} @click=${() => c.toggle()} @keydown=${c.onButtonKey}>${more}<span aria-hidden="true"> ▾</span></button>
    ${c.menu?.open ? c.menu.render(chart) : nothing}
  </span>`;
}

/** Styles of the one-row and compact toolbar and the compact legend (the menu's own come with its chunk). */
export const toolbarOverflowStyles = css`
  /* One row: nothing shrinks or wraps, so a row too long for the element is seen and folded (#measure). */
  .toolbar > * { flex-shrink: 0; }
  .toolbar .more { position: relative; margin-left: auto; }
  .toolbar [part='active-tool'] { display: inline-flex; align-items: center; border-color: currentColor; }
  /* A long symbol is cut short: the compact toolbar's own width must never widen the chart. */
  .root.compact .toolbar .symbol { max-width: min(9em, 100%); overflow: hidden; text-overflow: ellipsis; white-space: nowrap; }
  /* The active drawing tool's button joins the row: the symbol gives way (an ellipsis) on the narrowest charts. */
  .root.compact .toolbar:has([part='active-tool']) .search { flex-shrink: 1; min-width: 0; }
  .root.compact .legend { right: 8px; font-size: 10px; }
  .root.compact .legend .title ~ .muted,
  .root.compact [data-testid='ohlc'] > span:nth-child(-n + 3),
  .root.compact [data-testid='ohlc'] > span:nth-child(6) { display: none; }
  /* Like a phone trading app: a study shows its name without parameters and its values, and a study that
     does not fit on the line moves whole to the next one; a value is never cut (only a value wider than the
     whole chart would end in an ellipsis). The entry's move/remove buttons stay out of the way until focused
     (a tap on the name opens the settings, which can remove the study). */
  .root.compact .pane-legend { right: 8px; font-size: 10px; }
  .root.compact .legend .row, .root.compact .pane-legend { flex-wrap: wrap; gap: 0 8px; white-space: nowrap; }
  .root.compact .study { display: inline-flex; flex-wrap: wrap; align-items: baseline; gap: 0 5px; max-width: 100%; }
  .root.compact .study-params { display: none; }
  .root.compact .indicator-entry:not(:focus-within) .indicator-action { display: none; }
  .root.compact .legend .row > .title, .root.compact .study-value {
    min-width: 0; max-width: 100%; overflow: hidden; text-overflow: ellipsis;
  }
`;

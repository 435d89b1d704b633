import { css, html, nothing, type CSSResult, type ReactiveControllerHost, type TemplateResult } from 'lit';
import type { ChartCore } from '../../src/core/commands/index.js';
import { hitTestDrawings } from '../../src/core/drawings/index.js';
import { roundPrice } from '../../src/core/data/index.js';
import { defaultView } from '../../src/core/state/index.js';
import type { ToolResult } from '../../src/protocol/index.js';
import { formatAxisTicks, formatPriceTag, offsetWithin, type ChartRenderer } from '../../src/render/index.js';
import { localPoint } from '../../src/render/local-point.js';
import { onMenuKeys } from '../menu-keys.js';
import { allChartStrings } from './chart-more-strings.js';
import type { DrawingLayerController } from './drawing-layer-controller.js';
import { paneMapper } from './pane-mapper.js';

type Host = ReactiveControllerHost & HTMLElement & { readonly renderRoot: HTMLElement | DocumentFragment };

/** What the menu reads from and asks of `<kline-chart>` (the same methods its toolbar and keys call). */
export interface ContextMenuDeps {
  readonly core: ChartCore;
  readonly drawings: DrawingLayerController;
  renderer(): ChartRenderer | null;
  lang(): string;
  openSettings(): void;
  /** Runs a tool as the user (one undo step; a failure shows as a notice). */
  run(name: string, input: unknown): Promise<ToolResult>;
  /** Shows a short notice. */
  notice(text: string): void;
  /** Adds the menu's styles to the chart's adopted sheets (CSP-safe). */
  adopt(styles: CSSResult): void;
}

/** Where the menu was asked for: a pointer's viewport position, or null for the keyboard. */
export type ContextMenuPoint = { readonly clientX: number; readonly clientY: number } | null;

interface OpenMenu {
  /** The pointer (or keyboard point) in `.main`'s CSS px. */
  readonly x: number;
  readonly y: number;
  /** On the price plot: the price there, rounded to the instrument's precision, and its text. */
  readonly price: { readonly value: number; readonly text: string; readonly time: number } | null;
  /** On a study pane's plot (RSI, MACD, volume): its scale's value there, as that pane's axis writes it. */
  readonly value: string | null;
  /** The drawing under the pointer (now selected), if any. */
  readonly drawing: string | null;
}

interface Item {
  readonly action: string;
  readonly label: string;
  readonly run: () => void;
  readonly disabled?: boolean;
  /** A key that does the same on the focused chart (`aria-keyshortcuts`, and the hint shown). */
  readonly keys?: readonly [aria: string, shown: string];
}

/**
 * The chart's context menu (a lazy chunk, opened by `ContextMenuController`): TradingView's right-click
 * menu. On the plot background: reset the view, copy the price under the pointer (on a study pane, the
 * value of its scale there), add a horizontal line or a price alert there, remove all drawings or indicators, settings; on a drawing (which it selects): edit, clone,
 * delete. Each item calls what the toolbar, the drawing layer or the tools already do (one undo step
 * where it changes the chart). WAI-ARIA menu keys (menu-keys.ts); Escape returns focus to the chart; a
 * press outside, a scroll or a resize closes it.
 */
export class ContextMenu {
  readonly #host: Host;
  readonly #d: ContextMenuDeps;
  #open: OpenMenu | null = null;

  constructor(host: Host, deps: ContextMenuDeps) {
    this.#host = host;
    this.#d = deps;
    deps.adopt(contextMenuStyles);
  }

  get isOpen(): boolean {
    return this.#open !== null;
  }

  /** Opens at `at` (a pointer), or for the keyboard at the crosshair when shown, else the price plot's centre. */
  open(at: ContextMenuPoint): void {
    const main = this.#host.renderRoot.querySelector<HTMLElement>('.main');
    const plot = this.#d.renderer()?.pane('price')?.plot;
    if (!main) return;
    let x: number;
    let y: number;
    let onPlot: { x: number; y: number } | null = null;
    let value: string | null = null;
    if (at) {
      ({ x, y } = localPoint(main, at));
      const p = plot ? localPoint(plot.over, at) : null;
      if (p?.inside) onPlot = p;
      else value = this.#studyValueAt(at);
    } else if (plot) {
      const left = plot.cursor.left ?? -1;
      const top = plot.cursor.top ?? -1;
      const shown = left >= 0 && top >= 0;
      onPlot = shown ? { x: left, y: top } : { x: plot.over.clientWidth / 2, y: plot.over.clientHeight / 2 };
      const o = offsetWithin(plot.over, main);
      x = o.x + onPlot.x;
      y = o.y + onPlot.y;
    } else {
      x = main.clientWidth / 2;
      y = main.clientHeight / 2;
    }
    const price = onPlot ? this.#priceAt(onPlot.x, onPlot.y) : null;
    // The keyboard menu is the selected drawing's when one is selected (`[` / `]` select by keyboard).
    const selected = this.#d.core.store.peek('drawingSelection');
    const drawing = at ? onPlot && this.#drawingAt(onPlot.x, onPlot.y) : selected.length === 1 ? selected[0] : null;
    if (drawing) this.#d.core.drawings.select([drawing]);
    const reopen = this.#open !== null;
    this.#open = { x, y, price, value, drawing };
    if (!reopen) {
      document.addEventListener('pointerdown', this.#onOutside, true);
      window.addEventListener('scroll', this.#onAway, true);
      window.addEventListener('resize', this.#onAway);
      this.#host.addEventListener('wheel', this.#onAway, { passive: true });
    }
    this.#host.requestUpdate();
    void this.#host.updateComplete.then(() => this.#place());
  }

  /** Closes the menu; `refocus` hands keyboard focus back to the chart. */
  close(refocus: boolean): void {
    if (!this.#open) return;
    this.#open = null;
    document.removeEventListener('pointerdown', this.#onOutside, true);
    window.removeEventListener('scroll', this.#onAway, true);
    window.removeEventListener('resize', this.#onAway);
    this.#host.removeEventListener('wheel', this.#onAway);
    this.#host.requestUpdate();
    if (refocus) this.#host.focus({ preventScroll: true });
  }

  readonly #onOutside = (e: PointerEvent): void => {
    if (!e.composedPath().includes(this.#menu() as EventTarget)) this.close(false);
  };

  readonly #onAway = (): void => this.close(false);

  #menu(): HTMLElement | null {
    return this.#host.renderRoot.querySelector<HTMLElement>('[part="context-menu"]');
  }

  #items(): HTMLElement[] {
    return [...(this.#menu()?.querySelectorAll<HTMLElement>('[role="menuitem"]:not([aria-disabled="true"])') ?? [])];
  }

  /** At the point, flipped left/up where it would cross the chart's right/bottom edge, kept inside; focus on the first item. */
  #place(): void {
    const menu = this.#menu();
    const main = menu?.parentElement;
    const open = this.#open;
    if (!menu || !main || !open) return;
    const w = menu.offsetWidth;
    const h = menu.offsetHeight;
    const W = main.clientWidth;
    const H = main.clientHeight;
    const left = open.x + w > W ? open.x - w : open.x;
    const top = open.y + h > H ? open.y - h : open.y;
    menu.style.left = `${Math.max(0, Math.min(left, W - w))}px`;
    menu.style.top = `${Math.max(0, Math.min(top, H - h))}px`;
    menu.classList.add('placed');
    this.#items()[0]?.focus({ preventScroll: true });
  }

  /** The price at plot y (the instrument's precision, as the crosshair's price tag writes it) and the bar's time at x. */
  #priceAt(x: number, y: number): OpenMenu['price'] {
    const m = paneMapper(this.#d.core, this.#d.renderer(), 'price');
    const s = this.#d.core.store.peek('series');
    if (!m || !s || s.bars.length === 0) return null;
    const raw = m.yToPrice(y);
    if (!Number.isFinite(raw)) return null;
    const precision = s.instrument.pricePrecision;
    const value = precision === undefined ? raw : roundPrice(raw, precision);
    const plot = this.#d.renderer()?.pane('price')?.plot;
    const n = s.bars.length;
    const index = Math.min(n - 1, Math.max(0, Math.round(plot ? plot.posToVal(x, 'x') : n - 1)));
    return { value, text: formatPriceTag(value, precision, this.#d.lang()), time: s.bars.time[index] };
  }

  /** The value under viewport point `at` on a study pane's plot, as its axis (and crosshair tag) writes it; null off them. */
  #studyValueAt(at: { clientX: number; clientY: number }): string | null {
    const renderer = this.#d.renderer();
    for (const id of renderer?.paneIds ?? []) {
      const pane = renderer?.pane(id);
      if (!pane || id === 'price') continue;
      const p = localPoint(pane.plot.over, at);
      const raw = p.inside ? paneMapper(this.#d.core, renderer, id)?.yToPrice(p.y) : undefined;
      if (raw !== undefined)
        return Number.isFinite(raw) ? formatAxisTicks([raw], pane.spec.kind, this.#d.lang())[0] : null;
    }
    return null;
  }

  #drawingAt(x: number, y: number): string | null {
    const m = paneMapper(this.#d.core, this.#d.renderer(), 'price');
    const drawings = this.#d.core.drawings.current().filter((d) => d.paneId === 'price');
    if (!m || drawings.length === 0) return null;
    return hitTestDrawings(drawings, m, x, y)?.drawing.id ?? null;
  }

  #entries(open: OpenMenu): Item[] {
    const d = this.#d;
    const s = allChartStrings(d.lang());
    if (open.drawing) {
      return [
        { action: 'edit', label: s.ctxEdit, run: () => void this.#edit() },
        { action: 'clone', label: s.ctxClone, run: () => void d.drawings.copySelection() },
        { action: 'delete', label: s.ctxDelete, run: () => void d.drawings.deleteSelection(), keys: ['Delete', 'Del'] },
      ];
    }
    const price = open.price;
    const value = open.value;
    const indicators = d.core.store.peek('indicators');
    return [
      {
        action: 'reset',
        label: s.ctxReset,
        run: () => {
          d.core.setView(defaultView(d.core.store.peek('series')?.bars.length ?? 0));
          // A price scale the user dragged fits the bars again too (price-scale-drag.ts).
          d.renderer()?.setPriceRange(null);
        },
      },
      ...(value ? [{ action: 'copy-value', label: s.ctxCopyValue(value), run: () => this.#copy(value) }] : []),
      ...(price
        ? [
            { action: 'copy-price', label: s.ctxCopyPrice(price.text), run: () => this.#copy(price.text) },
            {
              action: 'add-line',
              label: s.ctxAddLine(price.text),
              run: () =>
                void d.run('drawing_create', {
                  kind: 'horizontal_line',
                  points: [{ time: price.time, price: price.value }],
                }),
            },
            {
              action: 'add-alert',
              label: s.ctxAddAlert(price.text),
              // A price line that alerts when a live close crosses it (kline-price-alert), as TradingView's "Add alert".
              run: () => void d.run('price_lines_create', { price: price.value, alert: 'cross' }),
            },
          ]
        : []),
      {
        action: 'remove-drawings',
        label: s.ctxRemoveDrawings,
        run: () => void d.run('drawings_clear', {}),
        disabled: d.core.drawings.current().length === 0,
      },
      {
        action: 'remove-indicators',
        label: s.ctxRemoveIndicators,
        // One undo step for all of them (the store folds the removals into one history entry).
        run: () =>
          void d.core.store.grouped('indicators_remove', async () => {
            for (const i of indicators) await d.run('indicators_remove', { instanceId: i.instanceId });
          }),
        disabled: indicators.length === 0,
      },
      { action: 'settings', label: s.ctxSettings, run: () => d.openSettings() },
    ];
  }

  #copy(text: string): void {
    const failed = () => this.#d.notice(allChartStrings(this.#d.lang()).ctxCopyFailed);
    try {
      void navigator.clipboard.writeText(text).catch(failed);
    } catch {
      failed(); // no clipboard (an insecure page)
    }
  }

  /** The drawing's floating editor (shown while it alone is selected) takes focus once it is there. */
  async #edit(): Promise<void> {
    for (let i = 0; i < 60; i++) {
      await this.#host.updateComplete;
      const first = this.#host.renderRoot.querySelector<HTMLElement>(
        '[part="drawing-editor"] :is(input, button, select)',
      );
      if (first) return first.focus();
      await new Promise((r) => requestAnimationFrame(r));
    }
  }

  /** Runs an item: the menu closes and focus returns to the chart first (a dialog the item opens returns it there). */
  #choose(item: Item): void {
    if (item.disabled) return;
    this.close(true);
    item.run();
  }

  render(): TemplateResult | typeof nothing {
    const open = this.#open;
    if (!open) return nothing;
    const s = allChartStrings(this.#d.lang());
    return html`<div part="context-menu" class="context-menu" role="menu" aria-label=${s.ctxMenu}
      @contextmenu=${(e: Event) => e.preventDefault()}
      @keydown=${(e: KeyboardEvent) => onMenuKeys(e, this.#items(), (refocus) => this.close(refocus))}>
      ${this.#entries(open).map(
        (item) =>
          html`<button type="button" role="menuitem" tabindex="-1" data-action=${item.action}
            aria-disabled=${item.disabled ? 'true' : nothing} aria-keyshortcuts=${item.keys?.[0] ?? nothing}
            @click=${() => this.#choose(item)}>${item.label}${item.keys ? html`<span class="hint" aria-hidden="true">${item.keys[1]}</span>` : nothing}</button>`,
      )}
    </div>`;
  }
}

/** Styles of the menu: the look of the toolbar's "More" menu. */
export const contextMenuStyles = css`
  [part='context-menu'] {
    position: absolute; z-index: 8; left: 0; top: 0; visibility: hidden; min-width: 220px; max-width: calc(100% - 8px);
    max-height: calc(100% - 8px); overflow-y: auto; padding: 4px 0; background: var(--kline-background);
    color: var(--kline-text-color); border: 1px solid var(--kline-border-color); border-radius: 4px;
    box-shadow: 0 4px 16px rgba(0, 0, 0, 0.15);
  }
  [part='context-menu'].placed { visibility: visible; }
  [part='context-menu'] [role='menuitem'] {
    display: flex; gap: 16px; align-items: center; width: 100%; text-align: left; border: 0; border-radius: 0;
    padding: 6px 12px 6px 28px; min-height: 32px; white-space: nowrap; font: inherit; color: inherit;
    background: transparent; cursor: pointer;
  }
  [part='context-menu'] [role='menuitem']:hover { background: var(--kline-grid-color); }
  [part='context-menu'] [role='menuitem']:focus-visible { outline-offset: -3px; }
  [part='context-menu'] [aria-disabled='true'] { opacity: 0.4; cursor: default; }
  [part='context-menu'] .hint { margin-left: auto; color: var(--kline-muted-color); font-size: 0.9em; }
`;

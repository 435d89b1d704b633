import { LitElement, html, nothing, type PropertyValues } from 'lit';
import { IndicatorPickEvent } from './indicator-pick-event.js';
import { pickerGroups, type PickerItem } from './picker-groups.js';
import { pickerStrings } from './picker-strings.js';
import { indicatorPickerStyles } from './indicator-picker.styles.js';
import { LocaleController } from '../i18n/locale-controller.js';
import { LightDismissController } from '../light-dismiss.js';
import { localeRevision } from '../i18n/locale-registry.js';
import { indicatorName } from '../i18n/indicator-names.js';
import { forcedColorsSelection } from '../forced-colors.js';

/**
 * The toolbar's indicator picker: a button that opens a searchable list of studies grouped by
 * category. Choosing one fires `indicator-pick`; the host adds it with the `indicators_add` tool.
 *
 * @summary Searchable, grouped indicator list behind a toolbar button.
 *
 * @attr open - Whether the list is shown.
 * @attr locale - BCP-47 tag of its words and indicator names (components/i18n/); default `en`.
 *
 * @fires {IndicatorPickEvent} indicator-pick - A study was chosen (detail: `{ definitionId }`).
 * @fires {CustomEvent<{ open: boolean }>} indicator-picker-toggle - The list opened or closed (detail: `{ open }`).
 *
 * @csspart button - The toolbar button.
 * @csspart popup - The list popup.
 * @csspart search - The search input.
 * @csspart option - One study.
 *
 * @cssprop [--kline-border-color=#e0e3eb] - Borders.
 * @cssprop [--kline-background=#ffffff] - Popup background.
 */
export class IndicatorPicker extends LitElement {
  static override styles = [indicatorPickerStyles, forcedColorsSelection];

  static override properties = {
    definitions: { attribute: false },
    open: { type: Boolean, reflect: true },
    locale: { type: String },
    _query: { state: true },
    _active: { state: true },
  };

  /** Studies to offer (e.g. `core.indicatorRegistry.list()`; only id, name, category, placement are read). */
  definitions: readonly PickerItem[] = [];
  /** Whether the list is shown. */
  open = false;
  /** `en` or `zh-CN`. */
  locale = 'en';
  readonly #i18n = new LocaleController(this, () => this.locale);
  #named: { source: readonly PickerItem[]; lang: string; revision: number; items: readonly PickerItem[] } | null = null;

  /** The definitions with their names in the picker's locale (the same array until either changes). */
  #items(): readonly PickerItem[] {
    const lang = this.#i18n.tag;
    const revision = localeRevision();
    if (this.#named?.source !== this.definitions || this.#named.lang !== lang || this.#named.revision !== revision)
      this.#named = {
        source: this.definitions,
        lang,
        revision,
        items: this.definitions.map((d) => ({ ...d, name: indicatorName(lang, d.id, d.name) })),
      };
    return this.#named.items;
  }

  declare _query: string;
  declare _active: number;

  constructor() {
    super();
    this._query = '';
    this._active = 0;
    new LightDismissController(
      this,
      () => this.open,
      () => this.toggle(false),
    );
  }

  /** Opens or closes the list (fires `indicator-picker-toggle`). */
  toggle(open = !this.open): void {
    if (open === this.open) return;
    this.open = open;
    if (open) {
      this._query = '';
      this._active = 0;
    }
    this.dispatchEvent(new CustomEvent('indicator-picker-toggle', { detail: { open }, bubbles: true, composed: true }));
  }

  protected override updated(changed: PropertyValues<this>): void {
    if (changed.has('open') && this.open) {
      this.#place();
      this.renderRoot.querySelector<HTMLInputElement>('input')?.focus();
    }
    if (changed.has('_active'))
      this.renderRoot.querySelector('[aria-selected="true"]')?.scrollIntoView?.({ block: 'nearest' });
  }

  override render() {
    const s = pickerStrings(this.#i18n.tag);
    const groups = this.open ? pickerGroups(this.#items(), this._query) : [];
    const flat = groups.flatMap((g) => g.items);
    const active = Math.min(this._active, Math.max(0, flat.length - 1));
    let index = 0;
    return html`<button class="toggle" part="button" aria-haspopup="listbox" aria-expanded=${this.open ? 'true' : 'false'}
        title=${s.button} @click=${() => this.toggle()}><span aria-hidden="true" translate="no">ƒx</span> ${s.button}</button>
      ${
        this.open
          ? html`<div class="popup" part="popup" @keydown=${this.#onKey}>
            <input part="search" type="search" role="combobox" aria-label=${s.search} placeholder=${s.search}
              aria-controls="list" aria-expanded="true" aria-activedescendant=${flat[active] ? `opt-${flat[active].id}` : nothing}
              .value=${this._query} @input=${(e: Event) => {
                this._query = (e.target as HTMLInputElement).value;
                this._active = 0;
              }} />
            <div class="list" id="list" role="listbox" aria-label=${s.button}>
              ${groups.length === 0 ? html`<div class="empty">${s.empty}</div>` : nothing}
              ${groups.map(
                (g) => html`<div role="group" aria-label=${s.categories[g.category] ?? g.category}>
                <div class="group" aria-hidden="true">${s.categories[g.category] ?? g.category}</div>
                ${g.items.map((item) => {
                  const i = index++;
                  return html`<button class="option" part="option" role="option" id=${`opt-${item.id}`} data-id=${item.id}
                      aria-selected=${i === active ? 'true' : 'false'} tabindex="-1"
                      @pointerenter=${() => (this._active = i)} @click=${() => this.#pick(item.id)}>
                    <b>${item.id}</b><span>${item.name}</span><small>${item.placement === 'overlay' ? s.overlay : s.pane}</small>
                  </button>`;
                })}
              </div>`,
              )}
            </div>
          </div>`
          : nothing
      }`;
  }

  /**
   * Opens the list towards the left when, opened to the right, it would pass the right edge of what
   * holds the picker (the chart clips to its box) or of the window, and there is room on the left.
   * When there is room on neither side (a phone: the button mid-toolbar, the chart 360 px wide) the
   * list slides left until its right edge meets that edge, and it is never wider than the room.
   * Set through CSSOM (`style.setProperty`), which a strict `style-src` allows.
   */
  #place(): void {
    const popup = this.renderRoot.querySelector<HTMLElement>('.popup');
    if (!popup) return;
    popup.classList.remove('end');
    popup.style.removeProperty('left');
    popup.style.removeProperty('width');
    const root = this.getRootNode();
    const frame = root instanceof ShadowRoot ? root.host.getBoundingClientRect() : null;
    const right = Math.min(frame?.right ?? Infinity, document.documentElement.clientWidth);
    const left = Math.max(frame?.left ?? 0, 0);
    const box = this.getBoundingClientRect();
    const border = popup.offsetWidth - popup.clientWidth;
    if (popup.offsetWidth > right - left) popup.style.setProperty('width', `${Math.floor(right - left - border)}px`);
    const width = popup.offsetWidth;
    if (box.left + width <= right) return;
    if (box.right - width >= left) popup.classList.add('end');
    else popup.style.setProperty('left', `${Math.max(left, right - width) - box.left}px`);
  }

  #pick(id: string): void {
    this.toggle(false);
    // The option that had focus is gone: focus returns to the button that opened the list.
    void this.updateComplete.then(() => this.renderRoot.querySelector<HTMLButtonElement>('.toggle')?.focus());
    this.dispatchEvent(new IndicatorPickEvent(id));
  }

  readonly #onKey = (e: KeyboardEvent): void => {
    // Keys typed here must not reach the chart (arrows pan it, +/- zoom it).
    e.stopPropagation();
    // Read the live state: several keys may arrive before the next render.
    const flat = pickerGroups(this.#items(), this._query).flatMap((g) => g.items);
    const active = Math.min(this._active, Math.max(0, flat.length - 1));
    if (e.key === 'ArrowDown') this._active = Math.min(flat.length - 1, active + 1);
    else if (e.key === 'ArrowUp') this._active = Math.max(0, active - 1);
    else if (e.key === 'Enter' && flat[active]) this.#pick(flat[active].id);
    else if (e.key === 'Escape') {
      this.toggle(false);
      this.renderRoot.querySelector<HTMLButtonElement>('.toggle')?.focus();
    } else return;
    e.preventDefault();
  };
}

declare global {
  interface HTMLElementTagNameMap {
    'kline-indicator-picker': IndicatorPicker;
  }
  interface GlobalEventHandlersEventMap {
    'indicator-picker-toggle': CustomEvent<{ open: boolean }>;
  }
}

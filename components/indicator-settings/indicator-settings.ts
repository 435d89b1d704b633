import { LitElement, html, nothing, type PropertyValues } from 'lit';
import '../schema-form/define.js';
import type { SchemaForm, SchemaFormChangeEvent } from '../schema-form/index.js';
import {
  IndicatorSettingsApplyEvent,
  IndicatorSettingsCloseEvent,
  IndicatorSettingsRemoveEvent,
} from './indicator-settings-events.js';
import { indicatorSettingsStyles } from './indicator-settings.styles.js';
import type { IndicatorSettingsModel } from './indicator-settings-model.js';
import { indicatorSettingsStrings } from './indicator-settings-strings.js';
import { LocaleController } from '../i18n/locale-controller.js';
import { LightDismissController } from '../light-dismiss.js';
import { indicatorName, localizedParamsSchema } from '../i18n/indicator-names.js';
import { changedStyles, renderStyleSection, type StyleEdits } from './indicator-style-section.js';

/**
 * Settings popover of one active study, opened from its legend entry: a form generated from the
 * definition's TypeBox params schema, a Style section (the study's visibility; each line's colour,
 * width and visibility), Apply (disabled while the values are invalid) and Remove.
 * It changes nothing itself: the host runs `indicators_update` / `indicators_remove` on the events,
 * and shows a refused call through `error`.
 *
 * @summary Indicator params form with Apply and Remove.
 *
 * @attr open - Whether the popover is shown.
 * @attr locale - BCP-47 tag of its words (components/i18n/); default `en`.
 *
 * @fires {IndicatorSettingsApplyEvent} indicator-settings-apply - Apply with valid params (detail: `{ instanceId, params, styles?, visible? }`, styles and visible only when changed).
 * @fires {IndicatorSettingsRemoveEvent} indicator-settings-remove - Remove pressed (detail: `{ instanceId }`).
 * @fires {IndicatorSettingsCloseEvent} indicator-settings-close - ✕, Cancel, Escape or a press anywhere outside it while open (detail: `{ instanceId }`).
 *
 * @csspart panel - The popover box.
 * @csspart apply - The Apply button.
 * @csspart remove - The Remove button.
 * @csspart close - The ✕ button.
 * @csspart error - The host-provided error message.
 * @csspart cancel - The Cancel button.
 * @csspart style - The Style section.
 * @csspart study-visible - The whole study's visibility checkbox.
 * @csspart style-line - One output line's row (`data-output` is its key).
 * @csspart line-visible - A line's visibility checkbox.
 * @csspart line-color - A line's colour input.
 * @csspart line-width - A line's width select.
 * @csspart form-field - One parameter field (exported from `kline-schema-form`).
 * @csspart form-help - A parameter's description.
 * @csspart form-error - A parameter's validation message.
 */
export class IndicatorSettings extends LitElement {
  static override styles = indicatorSettingsStyles;

  static override properties = {
    model: { attribute: false },
    open: { type: Boolean, reflect: true },
    error: { type: String },
    locale: { type: String },
    _valid: { state: true },
    _edits: { state: true },
  };

  /** The study to edit (see `indicatorSettingsModel(core, instanceId)`), or null. */
  model: IndicatorSettingsModel | null = null;
  /** Whether the popover is shown. */
  open = false;
  /** A message to show, e.g. the error of a refused `indicators_update`. */
  error = '';
  /** BCP-47 tag of its words. */
  locale = 'en';
  readonly #i18n = new LocaleController(this, () => this.locale);
  /** Fits the popover again whenever its size changes: its form (an element of its own) renders after it. */
  readonly #resize = new ResizeObserver(() => this.#fit());

  declare _valid: boolean;
  /** Style changes not yet applied. */
  declare _edits: StyleEdits;

  constructor() {
    super();
    this._valid = true;
    this._edits = { lines: {} };
    // As a popover: a press anywhere else (the chart, its toolbar, the page) closes it.
    new LightDismissController(
      this,
      () => this.open && this.model !== null,
      () => this.#close(),
    );
  }

  override connectedCallback(): void {
    super.connectedCallback();
    this.#resize.observe(this);
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    this.#resize.disconnect();
  }

  protected override willUpdate(changed: PropertyValues<this>): void {
    if (changed.has('model')) {
      this._valid = true;
      if (changed.get('model')?.instanceId !== this.model?.instanceId) this.error = '';
      // Another study, or its styles applied (or undone): its values are the start again. The chart
      // hands a new model object on each of its renders, so compare what the section shows.
      const before = changed.get('model');
      if (styleKey(before) !== styleKey(this.model)) this._edits = { lines: {} };
    }
  }

  protected override updated(changed: PropertyValues<this>): void {
    this.#fit();
    if (changed.has('open') && this.open)
      this.renderRoot
        .querySelector<HTMLElement>('kline-schema-form')
        ?.shadowRoot?.querySelector<HTMLElement>('input, select, textarea')
        ?.focus();
  }

  override render() {
    const m = this.model;
    if (!m) return nothing;
    const lang = this.#i18n.tag;
    const t = indicatorSettingsStrings(lang);
    const schema = localizedParamsSchema(lang, m.schema, lang === 'en');
    return html`<div class="panel" part="panel" role="dialog" aria-label=${m.label} @keydown=${this.#onKey}>
      <header>
        <h2>${m.label}<small>${indicatorName(lang, m.definitionId, m.name)}</small></h2>
        <button class="close" part="close" aria-label=${t.close} title=${t.close} @click=${this.#close}>×</button>
      </header>
      <kline-schema-form exportparts="field: form-field, help: form-help, error: form-error" locale=${lang} .schema=${schema} .value=${m.value} .order=${m.order}
        @schema-form-change=${(e: SchemaFormChangeEvent) => (this._valid = e.detail.valid)}
        @schema-form-submit=${() => this.apply()}></kline-schema-form>
      ${renderStyleSection(m, this._edits, t, (next) => (this._edits = next))}
      ${this.error ? html`<div class="error" part="error" role="alert">${this.error}</div>` : nothing}
      <footer>
        <button class="apply" part="apply" ?disabled=${!this._valid} @click=${() => this.apply()}>${t.apply}</button>
        <button class="cancel" part="cancel" @click=${this.#close}>${t.cancel}</button>
        <button class="remove" part="remove" @click=${() => this.dispatchEvent(new IndicatorSettingsRemoveEvent(m.instanceId))}>${t.remove}</button>
      </footer>
    </div>`;
  }

  /** Validates the form and, when valid, fires `indicator-settings-apply` with the full params. Returns whether it fired. */
  apply(): boolean {
    const form = this.renderRoot.querySelector<SchemaForm>('kline-schema-form');
    if (!form || !this.model) return false;
    const result = form.validate();
    this._valid = result.valid;
    if (!result.valid) return false;
    this.dispatchEvent(
      new IndicatorSettingsApplyEvent(this.model.instanceId, result.value, changedStyles(this.model, this._edits)),
    );
    return true;
  }

  /**
   * Keeps the popover in its container (the chart clips what overflows it): no taller than the container
   * (it scrolls), lifted so that its bottom is inside (CSSOM `translate`, allowed under a strict CSP).
   */
  #fit(): void {
    const parent = this.offsetParent as HTMLElement | null;
    const panel = this.renderRoot.querySelector<HTMLElement>('.panel');
    if (!parent || !panel) return;
    this.style.setProperty('--_room', `${parent.clientHeight - 8}px`);
    const over = this.offsetTop + panel.offsetHeight + 4 - parent.clientHeight;
    const lift = Math.max(0, Math.min(over, this.offsetTop));
    this.style.translate = lift > 0 ? `0 -${lift}px` : '';
  }

  readonly #close = () => {
    if (this.model) this.dispatchEvent(new IndicatorSettingsCloseEvent(this.model.instanceId));
  };

  readonly #onKey = (e: KeyboardEvent) => {
    // Keys typed in the form must not pan or zoom the chart behind it.
    e.stopPropagation();
    if (e.key === 'Escape') {
      e.preventDefault();
      this.#close();
    }
  };
}

function styleKey(m: IndicatorSettingsModel | null | undefined): string {
  return m ? JSON.stringify([m.instanceId, m.visible, m.outputs]) : '';
}

declare global {
  interface HTMLElementTagNameMap {
    'kline-indicator-settings': IndicatorSettings;
  }
}

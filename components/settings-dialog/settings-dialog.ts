import { LocaleController } from '../i18n/locale-controller.js';
import { availableLocales, localeFor, localeRevision } from '../i18n/locale-registry.js';
import { toolErrorForPeople } from '../i18n/tool-error-strings.js';
import { LitElement, css, html, nothing } from 'lit';
import type { TObject } from '@sinclair/typebox';
import { SETTINGS_KEYS, SettingsValues } from '../../src/core/commands/index.js';
import type { ToolResult } from '../../src/protocol/index.js';
import { chartDialogStyles, type ToolsHost } from '../command-palette/index.js';
import '../schema-form/define.js';
import type { SchemaForm } from '../schema-form/index.js';
import { settingsDialogStrings } from './settings-dialog-strings.js';
import { settingsFormSchema } from './settings-form-schema.js';

/**
 * The chart settings dialog: a form for every key `settings_get` reports (generated from the
 * `SettingsValues` schema), showing the current values. Apply writes the changed keys with ONE
 * `settings_update` call (one undo step); Reset runs `settings_reset`. It writes nothing any other
 * way, so the agent and the dialog share one code path.
 *
 * @summary Form of the chart settings with Apply and Reset.
 *
 * @attr locale - BCP-47 tag of its words (components/i18n/); default `en`.
 *
 * @csspart dialog - The modal dialog.
 * @csspart form - The `<kline-schema-form>`.
 * @csspart form-field - One setting (exported from `kline-schema-form`).
 * @csspart form-help - A setting's description.
 * @csspart form-error - A setting's validation message.
 * @csspart apply - The Apply button.
 * @csspart reset - The Reset button.
 * @csspart close - The ✕ button.
 * @csspart status - The outcome of the last Apply or Reset.
 *
 * @cssprop [--kline-background=#ffffff] - Dialog background.
 * @cssprop [--kline-text-color=#131722] - Text.
 * @cssprop [--kline-border-color=#e0e3eb] - Borders.
 * @cssprop [--kline-accent-color=#2962ff] - Apply button and focus ring.
 * @cssprop [--kline-down-color=#ef5350] - Error text.
 */
export class SettingsDialog extends LitElement {
  static override styles = [
    chartDialogStyles,
    css`
      dialog { width: min(460px, calc(100vw - 32px)); }
      .status { flex: 1; margin: 0; align-self: center; font-size: 12px; }
      .status.error { color: var(--kline-down-color, #ef5350); }
      .actions { justify-content: space-between; padding: 10px 12px 12px; border-top: 1px solid var(--kline-border-color, #e0e3eb); }
    `,
  ];

  static override properties = {
    chart: { attribute: false },
    locale: { type: String },
    _formValue: { state: true },
    _status: { state: true },
    _busy: { state: true },
  };

  /** The chart whose settings are edited. */
  chart: ToolsHost | null = null;
  /** `en` or `zh-CN`. */
  locale = 'en';

  /** The values the form shows; a new object resets what was typed. */
  declare _formValue: Readonly<Record<string, unknown>>;
  declare _status: { readonly kind: 'ok' | 'error'; readonly text: string } | null;
  declare _busy: boolean;

  #current: Readonly<Record<string, unknown>> = {};
  #schema: { key: string; schema: TObject } | null = null;
  readonly #i18n = new LocaleController(this, () => this.locale);

  constructor() {
    super();
    this._formValue = {};
    this._status = null;
    this._busy = false;
  }

  /** Whether the dialog is shown. */
  get isOpen(): boolean {
    return this.renderRoot.querySelector('dialog')?.open ?? false;
  }

  /** Reads the current settings (`settings_get`), shows them and opens the dialog. */
  async open(): Promise<void> {
    this._status = null;
    await this.#refresh();
    await this.updateComplete;
    const dialog = this.renderRoot.querySelector('dialog');
    if (dialog && !dialog.open) dialog.showModal();
    const form = this.renderRoot.querySelector<SchemaForm>('kline-schema-form');
    await form?.updateComplete;
    form?.shadowRoot?.querySelector<HTMLElement>('input, select, textarea')?.focus();
  }

  /** Closes the dialog; focus returns to where it was. */
  close(): void {
    const dialog = this.renderRoot.querySelector('dialog');
    if (dialog?.open) dialog.close();
  }

  /** Writes the changed keys with one `settings_update`. Resolves with its result, or null when nothing changed. */
  async apply(): Promise<ToolResult | null> {
    const t = settingsDialogStrings(this.#i18n.tag);
    const form = this.renderRoot.querySelector<SchemaForm>('kline-schema-form');
    if (!form || !this.chart) return null;
    const checked = form.validate();
    if (!checked.valid) {
      this._status = { kind: 'error', text: t.fixFields };
      return null;
    }
    const changes: Record<string, unknown> = {};
    for (const key of SETTINGS_KEYS) {
      let value = checked.value[key];
      // An emptied text field means "" (the timezone then follows the market), not "leave as is".
      if (value === undefined && (SettingsValues.properties[key] as { type?: string }).type === 'string') value = '';
      // The language shown for the current tag (en for en-US) left as it was keeps the tag.
      if (value !== undefined && value !== this.#current[key] && value !== this._formValue[key]) changes[key] = value;
    }
    if (Object.keys(changes).length === 0) {
      this._status = { kind: 'ok', text: t.noChanges };
      return null;
    }
    return this.#write('settings_update', { values: changes }, t.applied);
  }

  /** Resets every setting to its default with `settings_reset`. */
  async reset(): Promise<ToolResult | null> {
    if (!this.chart) return null;
    return this.#write('settings_reset', {}, settingsDialogStrings(this.#i18n.tag).resetDone);
  }

  override render() {
    const t = settingsDialogStrings(this.#i18n.tag);
    return html`<dialog part="dialog" aria-labelledby="settings-title" @cancel=${this.#onCancel} @keydown=${this.#onKey}>
      <header>
        <h2 id="settings-title">${t.title}</h2>
        <button class="icon" part="close" aria-label=${t.close} title=${t.close} @click=${() => this.close()}>×</button>
      </header>
      <div class="body">
        <kline-schema-form part="form" exportparts="field: form-field, help: form-help, error: form-error" locale=${this.#i18n.tag} aria-labelledby="settings-title" .schema=${this.#formSchema()} .value=${this._formValue}
          @schema-form-submit=${() => void this.apply()}></kline-schema-form>
      </div>
      <div class="actions">
        <button part="reset" ?disabled=${this._busy} @click=${() => void this.reset()}>${t.reset}</button>
        ${
          this._status
            ? html`<p class=${`status ${this._status.kind}`} part="status" role=${this._status.kind === 'error' ? 'alert' : 'status'}>${this._status.text}</p>`
            : nothing
        }
        <button class="primary" part="apply" ?disabled=${this._busy} @click=${() => void this.apply()}>${t.apply}</button>
      </div>
    </dialog>`;
  }

  #formSchema(): TObject {
    const lang = this.#i18n.tag;
    const locales = availableLocales();
    const key = `${lang}|${localeRevision()}|${locales.join(',')}`;
    if (this.#schema?.key !== key)
      this.#schema = { key, schema: settingsFormSchema(settingsDialogStrings(lang), locales) };
    return this.#schema.schema;
  }

  async #refresh(): Promise<void> {
    const r = await this.chart?.tools.execute('settings_get', {}, { origin: 'user' });
    if (r?.success) this.#show((r.data as { values: Record<string, unknown> }).values);
  }

  async #write(name: 'settings_update' | 'settings_reset', input: unknown, done: string): Promise<ToolResult | null> {
    if (!this.chart) return null;
    this._busy = true;
    try {
      const r = await this.chart.tools.execute(name, input, { origin: 'user' });
      if (r.success) {
        this.#show((r.data as { values: Record<string, unknown> }).values);
        this._status = { kind: 'ok', text: done };
      } else {
        const detail = r.error.details?.map((d) => `${d.path}: ${d.reason}`).join('; ');
        const english = detail ? `${r.error.message} (${detail})` : r.error.message;
        // Outside English: the sentence for the error code (the tool's message is written for the model).
        this._status = {
          kind: 'error',
          text: toolErrorForPeople(this.#i18n.tag, { code: r.error.code, message: english }),
        };
      }
      return r;
    } finally {
      this._busy = false;
    }
  }

  #show(values: Record<string, unknown>): void {
    this.#current = { ...values };
    // A regional tag (en-US, ja-JP) shows as the language the chart uses for it: each language is listed once.
    const locale = values.locale;
    this._formValue = typeof locale === 'string' && locale ? { ...values, locale: localeFor(locale) } : { ...values };
  }

  readonly #onKey = (e: KeyboardEvent) => {
    // Keys typed here belong to the dialog: the chart around it must not pan, zoom or undo.
    e.stopPropagation();
  };

  readonly #onCancel = (e: Event) => {
    e.preventDefault();
    this.close();
  };
}

declare global {
  interface HTMLElementTagNameMap {
    'kline-settings-dialog': SettingsDialog;
  }
}

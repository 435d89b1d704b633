import { LitElement, html, nothing, type PropertyValues, type TemplateResult } from 'lit';
import type { TObject, TSchema } from '@sinclair/typebox';
import { formatFieldText, parseFieldText, UnparsedText } from './schema-field-text.js';
import { schemaFieldKind, schemaOptions, type SchemaFieldKind } from './schema-field-kind.js';
import { SchemaFormChangeEvent, SchemaFormSubmitEvent, type SchemaFormDetail } from './schema-form-events.js';
import { schemaFormStyles } from './schema-form.styles.js';
import { schemaValueErrors } from './schema-value-errors.js';
import { schemaFormStrings } from './schema-form-strings.js';
import { LocaleController } from '../i18n/locale-controller.js';

/**
 * A form generated from a TypeBox (JSON) object schema: number/integer inputs with min/max/step,
 * checkboxes, selects for enums and literal unions, comma lists for arrays of numbers, text inputs;
 * each property's `description` is its help text, its `title` the label, and an `optionLabels`
 * record (value → shown name) names the choices of an enum. Values are validated with TypeBox
 * `Value.Errors` and errors are shown under their field.
 *
 * @summary Form generated from a TypeBox schema.
 *
 * @attr locale - BCP-47 tag of the form's words ("optional", validation messages); default `en`.
 *
 * @fires {SchemaFormChangeEvent} schema-form-change - On every edit (detail: `{ value, valid, errors }`).
 * @fires {SchemaFormSubmitEvent} schema-form-submit - Enter pressed with valid values (detail: `{ value, valid, errors }`).
 *
 * @csspart form - The form element.
 * @csspart field - One field (label, control, help, error).
 * @csspart help - A field's description.
 * @csspart error - A field's validation message.
 *
 * @cssprop [--kline-border-color=#e0e3eb] - Control borders.
 * @cssprop [--kline-down-color=#ef5350] - Error text and invalid borders.
 */
export class SchemaForm extends LitElement {
  static override styles = schemaFormStyles;

  static override properties = {
    schema: { attribute: false },
    value: { attribute: false },
    order: { attribute: false },
    locale: { type: String },
    _errors: { state: true },
    _touched: { state: true },
  };

  /** The object schema to edit (its `properties`). */
  schema: TObject | null = null;
  /** Initial values; setting it resets what was typed. */
  value: Readonly<Record<string, unknown>> = {};
  /** Field order (e.g. an indicator's `paramOrder`); others follow in schema order. */
  order: readonly string[] = [];
  /** BCP-47 tag of the form's own words. */
  locale = 'en';

  declare _errors: Readonly<Record<string, string>>;
  declare _touched: ReadonlySet<string>;

  #texts = new Map<string, string>();
  #checks = new Map<string, boolean>();
  readonly #i18n = new LocaleController(this, () => this.locale);

  constructor() {
    super();
    this._errors = {};
    this._touched = new Set();
  }

  /** The values as currently typed (fields left empty are absent). */
  get currentValue(): Record<string, unknown> {
    return this.#collect().value;
  }

  /** Validates, shows every field's error and returns the outcome. */
  validate(): SchemaFormDetail {
    const detail = this.#detail();
    this._errors = detail.errors;
    this._touched = new Set(this.#keys());
    return detail;
  }

  protected override willUpdate(changed: PropertyValues<this>): void {
    if (changed.has('value') || changed.has('schema')) {
      this.#texts.clear();
      this.#checks.clear();
      this._errors = {};
      this._touched = new Set();
    }
  }

  override render() {
    const schema = this.schema;
    if (!schema) return nothing;
    return html`<form part="form" novalidate @submit=${this.#onSubmit}>
      ${this.#keys().map((key) => this.#field(key, schema.properties[key]))}
      ${this._errors[''] ? html`<small class="error" part="error" role="alert">${this._errors['']}</small>` : nothing}
      <button type="submit" hidden tabindex="-1"></button>
    </form>`;
  }

  #keys(): string[] {
    const props = Object.keys(this.schema?.properties ?? {});
    return [...this.order.filter((k) => props.includes(k)), ...props.filter((k) => !this.order.includes(k))];
  }

  #required(key: string): boolean {
    return (this.schema?.required ?? []).includes(key);
  }

  #field(key: string, schema: TSchema): TemplateResult {
    const kind = schemaFieldKind(schema);
    const id = `f-${key}`;
    const error = this._touched.has(key) ? (this._errors[key] ?? '') : '';
    const title = typeof schema.title === 'string' ? schema.title : key;
    const description = typeof schema.description === 'string' ? schema.description : '';
    const described = `h-${key} e-${key}`;
    const help = description ? html`<small class="help" part="help" id=${`h-${key}`}>${description}</small>` : nothing;
    const err = html`<small class="error" part="error" id=${`e-${key}`} role=${error ? 'alert' : nothing}>${error}</small>`;
    if (kind === 'boolean') {
      const checked = this.#checks.get(key) ?? Boolean(this.value[key] ?? schema.default);
      return html`<div class="field" part="field" data-field=${key}>
        <label class="check"><input id=${id} name=${key} type="checkbox" .checked=${checked} aria-describedby=${described}
          @change=${(e: Event) => this.#onCheck(key, (e.target as HTMLInputElement).checked)} />${title}</label>
        ${help}${err}
      </div>`;
    }
    return html`<div class="field" part="field" data-field=${key}>
      <label for=${id}>${title}${this.#required(key) ? '' : html` <span class="help">${schemaFormStrings(this.#i18n.tag).optional}</span>`}</label>
      ${this.#control(key, kind, schema, id, described, Boolean(error))}
      ${help}${err}
    </div>`;
  }

  #control(
    key: string,
    kind: SchemaFieldKind,
    schema: TSchema,
    id: string,
    described: string,
    invalid: boolean,
  ): TemplateResult {
    const text = this.#text(key, kind);
    const onInput = (e: Event) => this.#onText(key, (e.target as HTMLInputElement).value);
    const onBlur = () => this.#touch(key);
    switch (kind) {
      case 'number':
      case 'integer': {
        const step = typeof schema.multipleOf === 'number' ? schema.multipleOf : kind === 'integer' ? 1 : 'any';
        return html`<input id=${id} name=${key} type="number" inputmode=${kind === 'integer' ? 'numeric' : 'decimal'}
          min=${schema.minimum ?? nothing} max=${schema.maximum ?? nothing} step=${step}
          .value=${text} aria-invalid=${invalid ? 'true' : 'false'} aria-describedby=${described}
          @input=${onInput} @blur=${onBlur} />`;
      }
      case 'select': {
        const options = schemaOptions(schema) ?? [];
        const current = this.#texts.get(key) ?? String(this.value[key] ?? schema.default ?? '');
        return html`<select id=${id} name=${key} aria-invalid=${invalid ? 'true' : 'false'} aria-describedby=${described}
          @change=${(e: Event) => {
            this.#onText(key, (e.target as HTMLSelectElement).value);
            this.#touch(key);
          }}>
          ${this.#required(key) || schema.default !== undefined ? nothing : html`<option value="" ?selected=${current === ''}>—</option>`}
          ${options.map((o) => html`<option value=${String(o)} ?selected=${String(o) === current}>${optionLabel(schema, o)}</option>`)}
        </select>`;
      }
      case 'json':
        return html`<textarea id=${id} name=${key} rows="2" .value=${text} aria-invalid=${invalid ? 'true' : 'false'}
          aria-describedby=${described} @input=${onInput} @blur=${onBlur}></textarea>`;
      default: {
        const placeholder = kind === 'number-list' ? schemaFormStrings(this.#i18n.tag).listPlaceholder : '';
        return html`<input id=${id} name=${key} type="text" .value=${text} placeholder=${placeholder}
          minlength=${schema.minLength ?? nothing} maxlength=${schema.maxLength ?? nothing}
          aria-invalid=${invalid ? 'true' : 'false'} aria-describedby=${described} @input=${onInput} @blur=${onBlur} />`;
      }
    }
  }

  #text(key: string, kind: SchemaFieldKind): string {
    const text = this.#texts.get(key);
    if (text !== undefined) return text;
    return formatFieldText(kind, this.value[key]);
  }

  #collect(): { value: Record<string, unknown>; parseErrors: Record<string, string> } {
    const value: Record<string, unknown> = {};
    const parseErrors: Record<string, string> = {};
    const schema = this.schema;
    if (!schema) return { value, parseErrors };
    for (const key of this.#keys()) {
      const prop = schema.properties[key];
      const kind = schemaFieldKind(prop);
      let v: unknown;
      const t = this.#texts.get(key);
      if (kind === 'boolean') {
        v = this.#checks.has(key) ? this.#checks.get(key) : this.value[key];
      } else if (kind === 'select') {
        if (t === undefined) v = this.value[key];
        else {
          // Map the option text back to the literal it stands for (numbers stay numbers).
          v = t === '' ? undefined : ((schemaOptions(prop) ?? []).find((o) => String(o) === t) ?? t);
        }
      } else if (t !== undefined) {
        v = parseFieldText(kind, t);
      } else {
        v = this.value[key];
      }
      if (v instanceof UnparsedText) {
        parseErrors[key] = schemaFormStrings(this.#i18n.tag).json;
        continue;
      }
      if (v !== undefined) value[key] = v;
    }
    return { value, parseErrors };
  }

  #detail(): SchemaFormDetail {
    const { value, parseErrors } = this.#collect();
    const errors = this.schema
      ? { ...schemaValueErrors(this.schema, value, schemaFormStrings(this.#i18n.tag)), ...parseErrors }
      : parseErrors;
    return { value, valid: Object.keys(errors).length === 0, errors };
  }

  #onText(key: string, text: string): void {
    this.#texts.set(key, text);
    this.#changed(key);
  }

  #onCheck(key: string, checked: boolean): void {
    this.#checks.set(key, checked);
    this.#changed(key);
  }

  #touch(key: string): void {
    if (this._touched.has(key)) return;
    this._touched = new Set([...this._touched, key]);
  }

  #changed(key: string): void {
    const detail = this.#detail();
    this._errors = detail.errors;
    this.#touch(key);
    this.dispatchEvent(new SchemaFormChangeEvent(detail));
  }

  readonly #onSubmit = (e: Event) => {
    e.preventDefault();
    const detail = this.validate();
    if (detail.valid) this.dispatchEvent(new SchemaFormSubmitEvent(detail));
  };
}

declare global {
  interface HTMLElementTagNameMap {
    'kline-schema-form': SchemaForm;
  }
}

/** A choice's shown name: the schema's `optionLabels[value]`, else the value itself. */
function optionLabel(schema: TSchema, value: unknown): string {
  const labels = (schema as { optionLabels?: unknown }).optionLabels;
  const label = labels && typeof labels === 'object' ? (labels as Record<string, unknown>)[String(value)] : undefined;
  return typeof label === 'string' ? label : String(value);
}

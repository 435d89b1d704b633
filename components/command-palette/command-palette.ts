import { LitElement, html, nothing, type PropertyValues, type TemplateResult } from 'lit';
import type { ToolEntry, ToolExecuteOptions } from '../../src/core/tools/index.js';
import type { ToolResult } from '../../src/protocol/index.js';
import '../schema-form/define.js';
import type { SchemaForm } from '../schema-form/index.js';
import { CommandPaletteRunEvent } from './command-palette-events.js';
import { commandPaletteStyles } from './command-palette.styles.js';
import { filterTools } from './filter-tools.js';
import { initialToolInput } from './initial-tool-input.js';
import { paletteStrings } from './palette-strings.js';
import { LocaleController } from '../i18n/locale-controller.js';
import { toolLabel, localizedToolSchema } from '../i18n/tool-labels.js';
import { toolErrorText } from '../i18n/tool-error-strings.js';
import { drawingStrings } from '../drawing-toolbar/drawing-toolbar-strings.js';

/** What the palette needs from a chart: its tools (`<kline-chart>` has them). */
export interface ToolsHost {
  readonly tools: {
    list(): ToolEntry[];
    execute(name: string, input: unknown, options?: ToolExecuteOptions): Promise<ToolResult>;
    /** Resolves when `list()` shows every tool (a chart's built-in tools load after its first paint). */
    ready?(): Promise<void>;
  };
  /** The chart's current state (symbol, period…): a tool's form starts from it (`<kline-chart>` has it). */
  readonly context?: { get(): object | null };
}

/**
 * The command palette (Ctrl/Cmd+K): every tool of a chart by label, filtered as you type, a form
 * generated from the chosen tool's schema, and the result or the error of running it. It runs
 * tools through the same `chart.tools.execute` the agent uses (`origin: 'user'`), so a person
 * can do everything the agent can. Output is shown as text, never as HTML.
 *
 * @summary Searchable list of the chart's tools with a form to run each.
 *
 * @attr locale - BCP-47 tag of its words, tool labels and summaries (components/i18n/); default `en`.
 *
 * @fires {CommandPaletteRunEvent} command-palette-run - After a tool ran (detail: `{ name, input, result }`).
 *
 * @csspart dialog - The modal dialog.
 * @csspart search - The search box.
 * @csspart list - The list of tools.
 * @csspart option - One tool in the list.
 * @csspart form - The chosen tool's `<kline-schema-form>`.
 * @csspart form-field - One field of that form (exported from `kline-schema-form`).
 * @csspart form-help - A field's description.
 * @csspart form-error - A field's validation message.
 * @csspart description - The chosen tool's description.
 * @csspart run - The Run button.
 * @csspart back - The Back button.
 * @csspart close - The ✕ button.
 * @csspart result - The result of a successful run.
 * @csspart error - The error of a failed run.
 *
 * @cssprop [--kline-background=#ffffff] - Dialog background.
 * @cssprop [--kline-text-color=#131722] - Text.
 * @cssprop [--kline-muted-color=#6a6d78] - Secondary text.
 * @cssprop [--kline-border-color=#e0e3eb] - Borders.
 * @cssprop [--kline-accent-color=#2962ff] - Active option, Run button, focus ring.
 * @cssprop [--kline-up-color=#26a69a] - Success mark.
 * @cssprop [--kline-down-color=#ef5350] - Error mark.
 */
export class CommandPalette extends LitElement {
  static override styles = commandPaletteStyles;

  static override properties = {
    chart: { attribute: false },
    locale: { type: String },
    _query: { state: true },
    _active: { state: true },
    _tool: { state: true },
    _result: { state: true },
    _running: { state: true },
    _notice: { state: true },
  };

  /** The chart whose tools are listed and run. */
  chart: ToolsHost | null = null;
  /** BCP-47 tag of its words. */
  locale = 'en';
  readonly #i18n = new LocaleController(this, () => this.locale);

  declare _query: string;
  declare _active: number;
  declare _tool: ToolEntry | null;
  declare _result: { readonly name: string; readonly result: ToolResult } | null;
  declare _running: boolean;
  declare _notice: string;

  #tools: ToolEntry[] = [];
  /** The form's starting values; a new object only when a tool is chosen (a new one resets the form). */
  #initial: Record<string, unknown> = {};

  constructor() {
    super();
    this._query = '';
    this._active = 0;
    this._tool = null;
    this._result = null;
    this._running = false;
    this._notice = '';
  }

  /** Whether the palette is shown. */
  get isOpen(): boolean {
    return this.#dialog()?.open ?? false;
  }

  /** Opens the palette on the tool list with an empty search, focused. */
  async open(): Promise<void> {
    await this.#toolsReady();
    this.#tools = this.chart?.tools.list() ?? [];
    this.requestUpdate();
    this._query = '';
    this._active = 0;
    this._tool = null;
    this._result = null;
    this._notice = '';
    await this.#show();
    this.renderRoot.querySelector<HTMLInputElement>('input.search')?.focus();
  }

  /** Opens the palette straight on one tool's form. Returns false for an unknown tool. */
  async openTool(name: string): Promise<boolean> {
    await this.#toolsReady();
    this.#tools = this.chart?.tools.list() ?? [];
    const tool = this.#tools.find((t) => t.name === name);
    if (!tool) return false;
    await this.#show();
    await this.#choose(tool);
    return true;
  }

  /** Waits for the chart's tools to be listed; a chunk that fails to load leaves the tools listed so far. */
  async #toolsReady(): Promise<void> {
    await this.chart?.tools.ready?.().catch((error: unknown) => {
      console.warn('kline-chart: the chart tools could not be loaded', error);
    });
  }

  /** Closes the palette; focus returns to where it was. */
  close(): void {
    const dialog = this.#dialog();
    if (dialog?.open) dialog.close();
  }

  protected override updated(changed: PropertyValues<this>): void {
    if (changed.has('_active') || changed.has('_query')) {
      this.renderRoot.querySelector('li[aria-selected="true"]')?.scrollIntoView({ block: 'nearest' });
    }
  }

  override render() {
    const t = paletteStrings(this.#i18n.tag);
    return html`<dialog part="dialog" aria-labelledby="palette-title" @cancel=${this.#onCancel} @close=${this.#onClosed} @keydown=${this.#onDialogKey}>
      <header>
        <h2 id="palette-title">${this._tool ? this.#label(this._tool) : t.title}</h2>
        <button class="icon" part="close" aria-label=${t.close} title=${t.close} @click=${() => this.close()}>×</button>
      </header>
      ${this._tool ? this.#renderTool(this._tool) : this.#renderList()}
    </dialog>`;
  }

  #matches(): ToolEntry[] {
    // Search the labels and summaries people see (and the names and English descriptions too).
    const lang = this.#i18n.tag;
    const shown = this.#tools.map((tool) => {
      const l = toolLabel(lang, tool.name);
      return l ? { ...tool, label: l.label, description: `${l.summary} ${tool.description}` } : tool;
    });
    const byName = new Map(this.#tools.map((t) => [t.name, t]));
    return filterTools(shown, this._query).flatMap((t) => byName.get(t.name) ?? []);
  }

  /** A tool's label in the palette's locale. */
  #label(tool: ToolEntry): string {
    return toolLabel(this.#i18n.tag, tool.name)?.label ?? tool.label;
  }

  #renderList(): TemplateResult {
    const t = paletteStrings(this.#i18n.tag);
    const matches = this.#matches();
    const active = matches[Math.min(this._active, matches.length - 1)];
    return html`<input class="search" part="search" type="search" role="combobox" aria-label=${t.search} placeholder=${t.search}
        aria-expanded="true" aria-controls="tool-list" aria-autocomplete="list" autocomplete="off" spellcheck="false"
        aria-activedescendant=${active ? `tool-${active.name}` : nothing}
        .value=${this._query} @input=${this.#onSearch} @keydown=${this.#onSearchKey} />
      <div class="body" tabindex="0" role="region" aria-label=${t.title}>
        <ul id="tool-list" role="listbox" part="list" aria-label=${t.title}>
          ${matches.map(
            (tool, i) => html`<li role="option" part="option" id=${`tool-${tool.name}`} data-name=${tool.name}
              aria-selected=${tool === active ? 'true' : 'false'}
              @click=${() => void this.#choose(tool)} @pointermove=${() => {
                if (this._active !== i) this._active = i;
              }}>
              <span class="label">${this.#label(tool)}</span>
              <span class="name" translate="no">${tool.name}</span>
              <span class=${`badge ${tool.safety}`}>${t.safety[tool.safety]}</span>
            </li>`,
          )}
        </ul>
        ${matches.length === 0 ? html`<p class="empty muted" role="status">${t.noMatch}</p>` : nothing}
      </div>`;
  }

  #renderTool(tool: ToolEntry): TemplateResult {
    const t = paletteStrings(this.#i18n.tag);
    const hasParams = Object.keys(tool.parameters.properties).length > 0;
    const result = this._result?.name === tool.name ? this._result.result : null;
    return html`<div class="body">
      <div class="tool-head">
        <button part="back" @click=${this.#back}>← ${t.back}</button>
        <code>${tool.name}</code>
        <span class=${`badge ${tool.safety}`}>${t.safety[tool.safety]}</span>
      </div>
      ${this.#renderDescription(tool)}
      ${
        hasParams
          ? html`<kline-schema-form part="form" exportparts="field: form-field, help: form-help, error: form-error" locale=${this.#i18n.tag} aria-label=${this.#label(tool)} .schema=${this.#schema(tool)} .value=${this.#initial}
            @schema-form-submit=${() => void this.#run()}></kline-schema-form>`
          : html`<p class="muted">${t.noParams}</p>`
      }
      <div class="actions">
        <button class="primary" part="run" ?disabled=${this._running} @click=${() => void this.#run()}>${this._running ? t.running : t.run}</button>
      </div>
      ${this._notice ? html`<p class="notice" role="alert">${this._notice}</p>` : nothing}
      ${result ? this.#renderResult(result) : nothing}
    </div>`;
  }

  #renderResult(result: ToolResult): TemplateResult {
    const t = paletteStrings(this.#i18n.tag);
    if (result.success) {
      const body = result.text ?? JSON.stringify(result.data, null, 2);
      return html`<section class="result ok" part="result" role="status" aria-label=${t.result}>
        <h4>${t.result}</h4>
        <p class="muted">${result.stateChanged ? t.changed : t.unchanged}</p>
        <pre translate="no">${body}</pre>
      </section>`;
    }
    const e = result.error;
    const lang = this.#i18n.tag;
    // Outside English people read the sentence for the code; the tool's own message (written for
    // the model, in English) stays available below it, marked as such.
    const forPeople = lang === 'en' ? null : toolErrorText(lang, e.code);
    const technical = html`<p class="message">${e.message}</p>
      ${e.recommendedAction ? html`<p class="recommended"><b>${t.recommended}:</b> ${e.recommendedAction}</p>` : nothing}
      ${
        e.details?.length
          ? html`<ul class="details">${e.details.map((d) => html`<li><code>${d.path}</code> ${d.reason}</li>`)}</ul>`
          : nothing
      }
      ${result.data !== undefined ? html`<pre translate="no">${JSON.stringify(result.data, null, 2)}</pre>` : nothing}`;
    return html`<section class="result error" part="error" role="alert" aria-label=${t.error}>
      <h4>${t.error} <code class="code">${e.code}</code></h4>
      ${
        forPeople
          ? html`<p class="message" data-for-people>${forPeople}</p>
            <details class="model-text" data-model-text lang="en"><summary lang=${lang}>${t.modelDescription}</summary>${technical}</details>`
          : technical
      }
    </section>`;
  }

  #renderDescription(tool: ToolEntry): TemplateResult {
    const lang = this.#i18n.tag;
    const summary = lang === 'en' ? null : toolLabel(lang, tool.name)?.summary;
    if (!summary) return html`<p class="description" part="description">${tool.description}</p>`;
    // The description stays English for the model; people read the summary and may open it.
    return html`<p class="description" part="description">${summary}</p>
      <details class="model-text" data-model-text lang="en"><summary lang=${lang}>${paletteStrings(lang).modelDescription}</summary>
        <p class="muted">${tool.description}</p></details>`;
  }

  /** The chosen tool's form schema in the palette's locale (drawing kinds and dashes named). */
  #schema(tool: ToolEntry) {
    const d = drawingStrings(this.#i18n.tag);
    return localizedToolSchema(this.#i18n.tag, tool.parameters, { kind: d.kinds });
  }

  async #show(): Promise<void> {
    await this.updateComplete;
    const dialog = this.#dialog();
    if (dialog && !dialog.open) dialog.showModal();
  }

  #choices = 0;

  async #choose(tool: ToolEntry): Promise<void> {
    // Reading `<x>_get` is async: a later choice made meanwhile wins.
    const choice = ++this.#choices;
    const current = await this.#currentValues(tool);
    if (choice !== this.#choices) return;
    this.#initial = initialToolInput(tool.parameters, current);
    this._tool = tool;
    this._result = null;
    this._notice = '';
    await this.updateComplete;
    const form = this.renderRoot.querySelector<SchemaForm>('kline-schema-form');
    if (form) await form.updateComplete;
    const first = form?.shadowRoot?.querySelector<HTMLElement>('input, select, textarea');
    (first ?? this.renderRoot.querySelector<HTMLElement>('[part="run"]'))?.focus();
  }

  /**
   * What a tool's form starts from: the chart's context (symbol, period…) and, for an `<x>_update` tool, what its
   * read-only `<x>_get` returns (`settings_update` starts from `settings_get`'s `values`: the chart's settings).
   */
  async #currentValues(tool: ToolEntry): Promise<Record<string, unknown>> {
    const current: Record<string, unknown> = { ...this.chart?.context?.get() };
    const getter = tool.name.endsWith('_update') ? `${tool.name.slice(0, -'_update'.length)}_get` : '';
    if (!this.chart || !this.#tools.some((t) => t.name === getter && t.safety === 'read-only')) return current;
    const read = await this.chart.tools.execute(getter, {}, { origin: 'user', readOnly: true }).catch(() => null);
    const data = read?.success ? read.data : null;
    return typeof data === 'object' && data !== null && !Array.isArray(data) ? { ...current, ...data } : current;
  }

  async #run(): Promise<void> {
    const tool = this._tool;
    if (!tool || !this.chart || this._running) return;
    const t = paletteStrings(this.#i18n.tag);
    const form = this.renderRoot.querySelector<SchemaForm>('kline-schema-form');
    let input: Record<string, unknown> = {};
    if (form) {
      const checked = form.validate();
      if (!checked.valid) {
        this._notice = t.fixFields;
        return;
      }
      input = { ...checked.value };
    }
    this._notice = '';
    this._running = true;
    let result: ToolResult;
    try {
      result = await this.chart.tools.execute(tool.name, input, { origin: 'user' });
    } finally {
      this._running = false;
    }
    // The user may have gone back to the list (or to another tool) while it ran.
    if (this._tool !== tool) return;
    this._result = { name: tool.name, result };
    this.dispatchEvent(new CommandPaletteRunEvent({ name: tool.name, input, result }));
  }

  readonly #back = () => {
    this._tool = null;
    this._result = null;
    this._notice = '';
    void this.updateComplete.then(() => this.renderRoot.querySelector<HTMLInputElement>('input.search')?.focus());
  };

  readonly #onSearch = (e: Event) => {
    this._query = (e.target as HTMLInputElement).value;
    this._active = 0;
  };

  readonly #onSearchKey = (e: KeyboardEvent) => {
    const matches = this.#matches();
    const n = matches.length;
    switch (e.key) {
      case 'ArrowDown':
        e.preventDefault();
        if (n) this._active = (Math.min(this._active, n - 1) + 1) % n;
        break;
      case 'ArrowUp':
        e.preventDefault();
        if (n) this._active = (Math.min(this._active, n - 1) - 1 + n) % n;
        break;
      case 'Home':
        if (e.ctrlKey) {
          e.preventDefault();
          this._active = 0;
        }
        break;
      case 'End':
        if (e.ctrlKey) {
          e.preventDefault();
          this._active = Math.max(0, n - 1);
        }
        break;
      case 'Enter': {
        e.preventDefault();
        const tool = matches[Math.min(this._active, n - 1)];
        if (tool) void this.#choose(tool);
        break;
      }
      default:
        break;
    }
  };

  readonly #onDialogKey = (e: KeyboardEvent) => {
    // Keys typed here are the palette's: the chart around it must not pan, zoom or undo.
    e.stopPropagation();
    if ((e.ctrlKey || e.metaKey) && (e.key === 'k' || e.key === 'K')) {
      e.preventDefault();
      if (this._tool) this.#back();
      else this.renderRoot.querySelector<HTMLInputElement>('input.search')?.select();
    }
  };

  readonly #onCancel = (e: Event) => {
    // Escape: close for real (Chromium may otherwise ignore a second Escape without user activation).
    e.preventDefault();
    this.close();
  };

  readonly #onClosed = () => {
    this._tool = null;
    this._result = null;
    this._notice = '';
    this._running = false;
  };

  #dialog(): HTMLDialogElement | null {
    return this.renderRoot.querySelector('dialog');
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'kline-command-palette': CommandPalette;
  }
}

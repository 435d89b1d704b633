import { LitElement, html, nothing, type PropertyValues } from 'lit';
import type { QuestionTranscriptItem } from '../../../src/agent/index.js';
import type { AskUserAnswer } from '../../../src/protocol/index.js';

/** Words a question card shows, in the panel's locale. */
export interface QuestionCardStrings {
  readonly submit: string;
  readonly skip: string;
  readonly notePlaceholder: string;
  readonly chooseOne: string;
  readonly chooseAny: string;
  readonly answered: string;
  readonly notAnswered: string;
}

const DEFAULT_STRINGS: QuestionCardStrings = {
  submit: 'Submit',
  skip: 'Skip',
  notePlaceholder: 'Add a note (optional)',
  chooseOne: 'Choose one',
  chooseAny: 'Choose one or more',
  answered: 'Answered',
  notAnswered: 'Not answered',
};

/** Detail of the `question-answer` event. */
export interface QuestionAnswerDetail {
  readonly callId: string;
  readonly answer: AskUserAnswer;
}

let cardCounter = 0;

/**
 * An `ask_user` question: 1–8 options as radio buttons (or checkboxes when several may be
 * chosen), an optional note and a submit button. Arrow keys move between options, Space toggles,
 * Enter submits. Once answered it shows the answer.
 *
 * It renders into its own light DOM (no shadow root), so its parts belong to the panel's shadow
 * tree: the panel's styles apply and `::part(question-option)` reaches it from the page.
 *
 * @summary Question card of the agent panel.
 * @fires {CustomEvent<QuestionAnswerDetail>} question-answer - The user answered or skipped (detail: `{ callId, answer }`).
 * @csspart question-card - The card.
 * @csspart question-option - One option (a label around its radio button or checkbox).
 * @csspart question-note - The note textarea.
 * @csspart question-submit - The submit button.
 * @csspart question-skip - The skip button.
 */
export class AgentQuestionCard extends LitElement {
  static override properties = {
    item: { attribute: false },
    strings: { attribute: false },
    disabled: { type: Boolean, reflect: true },
    _selected: { state: true },
    _note: { state: true },
    _sent: { state: true },
  };

  /** The question to show. */
  item: QuestionTranscriptItem | null = null;
  /** Localised words. */
  strings: QuestionCardStrings = DEFAULT_STRINGS;
  /** No answer can be given (the session is read-only here). */
  disabled = false;

  declare _selected: ReadonlySet<number>;
  declare _note: string;
  declare _sent: boolean;

  readonly #uid = `agent-question-${++cardCounter}`;
  #callId = '';

  constructor() {
    super();
    this._selected = new Set();
    this._note = '';
    this._sent = false;
  }

  protected override createRenderRoot(): HTMLElement {
    return this;
  }

  protected override willUpdate(changed: PropertyValues<this>): void {
    if (changed.has('item') && this.item && this.item.callId !== this.#callId) {
      this.#callId = this.item.callId;
      this._selected = new Set();
      this._note = '';
      this._sent = false;
    }
  }

  override render() {
    const item = this.item;
    if (!item) return nothing;
    const s = this.strings;
    const questionId = `${this.#uid}-q`;
    if (item.answer) {
      return html`
        <div part="question-card" class="question-card answered" role="group" aria-labelledby=${questionId}>
          <div class="question-text" dir="auto" id=${questionId}>${item.question}</div>
          ${
            item.answer.status === 'answered'
              ? html`<div class="question-answer"><span class="question-answer-label">${s.answered}:</span>
                ${item.answer.selected.map((label) => html`<span class="question-answer-choice" dir="auto">${label}</span>`)}
                ${item.answer.note ? html`<div class="question-answer-note" dir="auto">${item.answer.note}</div>` : nothing}</div>`
              : html`<div class="question-answer cancelled">${s.notAnswered}</div>`
          }
        </div>`;
    }
    const multi = item.multiSelect;
    const locked = this.disabled || this._sent;
    return html`
      <div part="question-card" class="question-card" role="group" aria-labelledby=${questionId}>
        <div class="question-text" dir="auto" id=${questionId}>${item.question}</div>
        <div class="question-hint" id=${`${this.#uid}-hint`}>${multi ? s.chooseAny : s.chooseOne}</div>
        <div class="question-options" role=${multi ? 'group' : 'radiogroup'} aria-labelledby=${`${this.#uid}-hint`} @keydown=${this.#onKeyDown}>
          ${item.options.map(
            (option, index) => html`
            <label part="question-option" class="question-option" data-index=${index}>
              <input
                type=${multi ? 'checkbox' : 'radio'}
                name=${`${this.#uid}-options`}
                aria-labelledby=${`${this.#uid}-o${index}`}
                aria-describedby=${option.description ? `${this.#uid}-o${index}-d` : nothing}
                .checked=${this._selected.has(index)}
                ?disabled=${locked}
                @change=${(e: Event) => this.#toggle(index, (e.target as HTMLInputElement).checked)}
              />
              <span class="question-option-text">
                <span class="question-option-label" dir="auto" id=${`${this.#uid}-o${index}`}>${option.label}</span>
                ${option.description ? html`<span class="question-option-description" dir="auto" id=${`${this.#uid}-o${index}-d`}>${option.description}</span>` : nothing}
              </span>
            </label>`,
          )}
        </div>
        <textarea
          part="question-note"
          class="question-note"
          rows="1"
          dir="auto"
          placeholder=${s.notePlaceholder}
          aria-label=${s.notePlaceholder}
          .value=${this._note}
          ?disabled=${locked}
          @input=${(e: Event) => {
            this._note = (e.target as HTMLTextAreaElement).value;
          }}
          @keydown=${this.#onNoteKeyDown}
        ></textarea>
        <div class="question-actions">
          <button part="question-skip" class="button ghost" type="button" ?disabled=${locked} @click=${this.#skip}>${s.skip}</button>
          <button part="question-submit" class="button primary" type="button" ?disabled=${locked || this._selected.size === 0} @click=${this.submit}>${s.submit}</button>
        </div>
      </div>`;
  }

  /** Sends the current choice (no-op while nothing is chosen). */
  submit = (): void => {
    const item = this.item;
    if (!item || item.answer || this.disabled || this._sent || this._selected.size === 0) return;
    const selected = [...this._selected].sort((a, b) => a - b).map((i) => item.options[i].label);
    const note = this._note.trim();
    this.#send({ status: 'answered', selected, ...(note ? { note } : {}) });
  };

  #skip = (): void => {
    if (!this.item || this.item.answer || this.disabled || this._sent) return;
    this.#send({ status: 'cancelled' });
  };

  #send(answer: AskUserAnswer): void {
    if (!this.item) return;
    this._sent = true;
    const detail: QuestionAnswerDetail = { callId: this.item.callId, answer };
    this.dispatchEvent(
      new CustomEvent<QuestionAnswerDetail>('question-answer', { detail, bubbles: true, composed: true }),
    );
  }

  #toggle(index: number, checked: boolean): void {
    const multi = this.item?.multiSelect ?? false;
    const next = new Set(multi ? this._selected : []);
    if (checked) next.add(index);
    else next.delete(index);
    this._selected = next;
  }

  #inputs(): HTMLInputElement[] {
    return [...this.querySelectorAll<HTMLInputElement>('.question-option input')];
  }

  readonly #onKeyDown = (e: KeyboardEvent): void => {
    const inputs = this.#inputs();
    const current = inputs.indexOf(e.target as HTMLInputElement);
    if (current === -1) return;
    const step =
      e.key === 'ArrowDown' || e.key === 'ArrowRight' ? 1 : e.key === 'ArrowUp' || e.key === 'ArrowLeft' ? -1 : 0;
    if (step !== 0) {
      // Our own handling (not the browser's radio behaviour) so checkboxes move the same way.
      e.preventDefault();
      const next = (current + step + inputs.length) % inputs.length;
      inputs[next].focus();
      if (!this.item?.multiSelect) this.#toggle(next, true);
      return;
    }
    if (e.key === 'Enter') {
      e.preventDefault();
      this.submit();
    }
  };

  readonly #onNoteKeyDown = (e: KeyboardEvent): void => {
    if (e.key === 'Enter' && !e.shiftKey && !e.isComposing) {
      e.preventDefault();
      this.submit();
    }
  };
}

declare global {
  interface HTMLElementTagNameMap {
    'chart-agent-question-card': AgentQuestionCard;
  }
  interface HTMLElementEventMap {
    'question-answer': CustomEvent<QuestionAnswerDetail>;
  }
}

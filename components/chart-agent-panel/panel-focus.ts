/** What {@link PanelFocus} needs of the panel. */
export interface PanelFocusHost extends HTMLElement {
  readonly renderRoot: HTMLElement | DocumentFragment;
}

/** The controls a card's focus may land on, in document order. */
const CONTROL =
  'input:not([disabled]), button:not([disabled]), textarea:not([disabled]), select:not([disabled]), [tabindex]:not([tabindex="-1"])';

/**
 * Keeps keyboard focus in the panel: a control that had focus and went away with a render (Send
 * replaced by Stop, Stop gone at the run's end, a decided approval card, Retry) hands it to the
 * next waiting card or the message input, never to `<body>`; a card that waits for the user (a
 * question: its first option; an approval: Approve) takes focus when it appears, if focus was in
 * the panel or nowhere.
 */
export class PanelFocus {
  readonly #host: PanelFocusHost;
  #before: Element | null = null;
  /** Call id of a card that appeared and should take focus once rendered. */
  #card: string | null = null;

  constructor(host: PanelFocusHost) {
    this.#host = host;
  }

  /** Call before a render: notes the focused control. */
  beforeUpdate(): void {
    this.#before = this.#root()?.activeElement ?? null;
  }

  /** A card waiting for the user (question or approval `callId`) was added. The first one of a turn wins. */
  cardAdded(callId: string): void {
    this.#card ??= callId;
  }

  /** Call after a render. */
  afterUpdate(): void {
    const before = this.#before;
    this.#before = null;
    const root = this.#root();
    if (!root) return;
    if (this.#card) {
      const card = this.#findCard(this.#card);
      if (card) {
        this.#card = null;
        if (this.#focusIsOurs()) void this.#focusFirst(card, true);
        return;
      }
    }
    const gone = before !== null && (!before.isConnected || (before as HTMLButtonElement).disabled === true);
    if (gone && root.activeElement !== before && this.#focusIsOurs()) this.toNext();
  }

  /** Focus to the first card still waiting for the user, else the message input. */
  toNext(): void {
    const waiting = this.#root()?.querySelector<HTMLElement>('.approval-card:not(.decided)');
    if (waiting) void this.#focusFirst(waiting);
    else this.toInput();
  }

  /** Focus to the message input (when it can take it). */
  toInput(): void {
    const input = this.#root()?.querySelector<HTMLTextAreaElement>('textarea.input');
    if (input && !input.disabled) input.focus();
  }

  #root(): ShadowRoot | null {
    const root = this.#host.renderRoot;
    return root instanceof ShadowRoot ? root : null;
  }

  /** Focus is inside the panel, or nowhere (lost to `<body>`): moving it takes nothing from the page. */
  #focusIsOurs(): boolean {
    const outer = this.#host.getRootNode() as Document | ShadowRoot;
    const active = document.activeElement;
    return outer.activeElement === this.#host || active === null || active === document.body;
  }

  #findCard(callId: string): HTMLElement | null {
    const root = this.#root();
    if (!root) return null;
    const approval = root.querySelector<HTMLElement>(`.approval-card[data-call="${CSS.escape(callId)}"]`);
    if (approval) return approval;
    for (const card of root.querySelectorAll<HTMLElement & { item?: { callId?: string } | null }>(
      'chart-agent-question-card',
    ))
      if (card.item?.callId === callId) return card;
    return null;
  }

  /** With `appeared`, the card is new in the log and focus says it: see below. */
  async #focusFirst(card: HTMLElement, appeared = false): Promise<void> {
    // A question card renders its controls in an update of its own, after the panel's.
    const pending = (card as { updateComplete?: Promise<unknown> }).updateComplete;
    if (pending) await pending;
    if (!card.isConnected || !this.#focusIsOurs()) return;
    // Focus landing in a new card reads it (the group's label, the control, what Approve approves); the
    // polite log would read the same addition again. A region that is off inside the log keeps it quiet,
    // set in the task that added the card, before Chromium reports the addition
    // (test/browser/panel/panel-card-heard-once-a11y.test.ts). Lit leaves the attribute alone; a decided
    // approval card is a new element the log reads.
    if (appeared) card.setAttribute('aria-live', 'off');
    // A card may name the control it starts on (an approval card: Approve, not the "always allow" box
    // above it, where Space would allow every later call); else its first control.
    (
      card.querySelector<HTMLElement>('[data-focus-first]:not([disabled])') ?? card.querySelector<HTMLElement>(CONTROL)
    )?.focus();
  }
}

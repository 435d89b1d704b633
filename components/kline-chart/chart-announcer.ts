/**
 * Text for the chart's polite live region. Each kind of message (`bar` a new live bar, `view` the bars a
 * key showed, `''` the keyboard crosshair and keyboard drawing…) is throttled on its own: at most one per
 * its `interval` ms, the latest of a kind wins, so a stream of live bars or a held arrow key does not flood
 * a screen reader. Kinds never replace each other: a view said while a new bar's words wait for their
 * window leaves both to be read, in turn; messages due together are one text, joined as sentences.
 */
export class ChartAnnouncer {
  #text = '';
  /** The messages waiting, by kind, in the order they came: text and when it may be shown. */
  readonly #pending = new Map<string, [string, number]>();
  /** When a message of each kind was last shown. */
  readonly #shown = new Map<string, number>();
  /** When a text was last shown. */
  #last = -Infinity;
  /** The one timer, of the earliest message waiting: it holds the chart until it fires. */
  #timer = 0;

  readonly #changed: () => void;

  constructor(changed: () => void) {
    this.#changed = changed;
  }

  /** The current message. */
  get text(): string {
    return this.#text;
  }

  /**
   * Queues `message` of `kind`; it is shown when its kind's throttle window ends, at the earliest in the next task,
   * with this task's other messages (an alert and the new bar that crossed it are one text).
   */
  say(message: string, interval = 1500, kind = ''): void {
    // Its kind's window, and as long after any text (up to 1.5 s): a new bar's words do not replace an alert's at once.
    const due = Math.max((this.#shown.get(kind) ?? -Infinity) + interval, this.#last + Math.min(interval, 1500));
    this.#pending.delete(kind);
    this.#pending.set(kind, [message, due]);
    this.#schedule();
  }

  /** Drops what waits, and its timer: a chart removed from the page must not be held until it fires. */
  dispose(): void {
    this.#pending.clear();
    clearTimeout(this.#timer);
  }

  #schedule(): void {
    clearTimeout(this.#timer);
    const due = Math.min(...[...this.#pending.values()].map(([, at]) => at));
    if (due < Infinity) this.#timer = window.setTimeout(() => this.#flush(), due - performance.now());
  }

  #flush(): void {
    const now = performance.now();
    const ready: string[] = [];
    // 1 ms early is due: a timer's clock and performance.now() may differ by a rounding.
    for (const [kind, [message, due]] of this.#pending)
      if (due <= now + 1) {
        ready.push(message);
        this.#pending.delete(kind);
        this.#shown.set(kind, now);
      }
    this.#schedule(); // the next message waiting, if any
    const text = ready.join('. ');
    if (!text) return;
    this.#last = now;
    // The same words again (a second press at the data's edge) must be a change to be read: a no-break space.
    this.#text = text === this.#text ? `${text}\u00a0` : text;
    this.#changed();
  }
}

/**
 * Text for the chart's polite live region, throttled: at most one message per `interval` ms (the
 * latest one wins), so a stream of live bars or a held arrow key does not flood a screen reader.
 */
export class ChartAnnouncer {
  #text = '';
  #last = -Infinity;
  #timer = 0;
  #pending: string | null = null;

  readonly #changed: () => void;
  readonly #interval: number;

  constructor(changed: () => void, interval = 1000) {
    this.#changed = changed;
    this.#interval = interval;
  }

  /** The current message. */
  get text(): string {
    return this.#text;
  }

  /** Queues `message`; it is shown now or when the throttle window ends. */
  say(message: string, interval = this.#interval): void {
    this.#pending = message;
    const wait = this.#last + interval - performance.now();
    clearTimeout(this.#timer);
    if (wait <= 0) this.#flush();
    else this.#timer = window.setTimeout(() => this.#flush(), wait);
  }

  dispose(): void {
    clearTimeout(this.#timer);
  }

  #flush(): void {
    if (this.#pending === null) return;
    this.#text = this.#pending;
    this.#pending = null;
    this.#last = performance.now();
    this.#changed();
  }
}

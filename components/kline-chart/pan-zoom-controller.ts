import type { ReactiveController, ReactiveControllerHost } from 'lit';
import { inputParts, withInputParts } from './load-input-parts.js';
import type { PanZoomInput } from './pan-zoom-input.js';
import { isEditableTarget } from './editable-target.js';
import type { PanZoomOptions } from './pan-zoom-options.js';

/** The plot's keys without a modifier (pan-zoom-keys.ts), claimed before their chunk is here. */
const NAV_KEY = /^(Arrow(Left|Right|Up|Down)|Escape|Home|End|[tT+=_-])$/;

type Host = ReactiveControllerHost &
  HTMLElement & { readonly renderRoot: HTMLElement | DocumentFragment; readonly hasUpdated: boolean };

/** The panes container's events the plot's input takes, in the order they were listened for before. */
const PANE_EVENTS = ['pointerdown', 'pointermove', 'pointerup', 'pointercancel', 'wheel'];

/** An event that came before the input's chunk: where it went, whose listener, and whether it needs the chunk. */
type Waiting = { e: Event; path: EventTarget[]; atHost: boolean; loud: boolean };

/**
 * Pan and zoom: drag and wheel on the panes, two-finger pinch, a long press that brings the crosshair
 * to the finger (then moved by it, neither panning nor scrolling the page; lifted where it began, it opens
 * the chart's menu, as a right-click does), keys on the focused plot (Left/Right
 * keyboard crosshair, Shift+Left/Right pan, Up/Down and +/- zoom, Home/End, `t` data table, Escape);
 * Ctrl/Cmd+K, Z, Y anywhere but in text fields. Keys pressed on a control (toolbar, legend) never pan.
 * Listens while connected (any number of connects), never twice. What each event does is in the chunk
 * fetched after the first paint (pan-zoom-input.ts, input-parts.ts; `whenTouchReady`): an event before it
 * is here is claimed at once where it must be (a wheel that zooms, a key the plot takes: no page scroll)
 * and handed over, in order, when it arrives; a chunk that cannot be fetched says so once (`notice`) and
 * the next press, wheel or key fetches it again.
 */
export class PanZoomController implements ReactiveController {
  readonly #host: Host;
  readonly #o: PanZoomOptions;
  #listening: AbortController | null = null;
  #container: HTMLElement | null = null;
  #input: PanZoomInput | null = null;
  #waiting: Waiting[] = [];
  #loading = false;
  /** The failure notice was shown: not again until the chunk is here. */
  #told = false;

  constructor(host: Host, options: PanZoomOptions) {
    this.#host = host;
    this.#o = options;
    host.addController(this);
  }

  hostConnected(): void {
    if (this.#host.hasUpdated) this.#attach();
  }

  hostUpdated(): void {
    if (!this.#listening && this.#host.isConnected) this.#attach();
  }

  hostDisconnected(): void {
    this.#listening?.abort();
    this.#listening = null;
    this.#input = null;
    this.#waiting = [];
  }

  #attach(): void {
    if (this.#listening) return;
    const container = this.#host.renderRoot.querySelector<HTMLElement>('.panes');
    if (!container) return;
    this.#listening = new AbortController();
    this.#container = container;
    const options = { signal: this.#listening.signal, passive: false };
    this.#host.addEventListener('keydown', this.#on, options);
    // Capture phase on the host: a press anywhere on the plot focuses the chart (pan-zoom-input.ts).
    this.#host.addEventListener('pointerdown', this.#on, { ...options, capture: true });
    for (const type of PANE_EVENTS) container.addEventListener(type, this.#on, options);
  }

  /** The plot's input, once its chunk is here (made on the first event or load after it). */
  #ready(): PanZoomInput | null {
    const parts = inputParts();
    const listening = this.#listening;
    if (!this.#input && parts && listening && this.#container)
      this.#input = new parts.PanZoomInput({
        host: this.#host,
        container: this.#container,
        o: this.#o,
        signal: listening.signal,
        zooms: (e) => this.#zooms(e),
      });
    return this.#input;
  }

  /**
   * Fetches the plot's input (once the plot listens: the element's `whenPainted` asks after the first
   * paint) and hands it what came meanwhile. A fetch that fails after a press, wheel or key that needed
   * it says so, once until the chunk is in; the next one fetches it again.
   */
  whenTouchReady(): void {
    if (this.#ready() || !this.#listening || this.#loading) return;
    this.#loading = true;
    withInputParts(
      () => {
        this.#loading = false;
        this.#told = false;
        const input = this.#ready();
        const waiting = this.#waiting;
        this.#waiting = [];
        if (input) for (const w of waiting) input.handle(w.e, w.atHost, w.path);
      },
      () => {
        this.#loading = false;
        const loud = this.#waiting.some((w) => w.loud);
        this.#waiting = [];
        if (loud && !this.#told) {
          this.#told = true;
          this.#o.notice();
        }
      },
    );
  }

  /** `off` never zooms; `ctrl` zooms only with Ctrl/⌘ (trackpad pinches send ctrlKey): otherwise the page scrolls. */
  #zooms(e: WheelEvent): boolean {
    const mode = this.#o.wheel();
    return !!this.#o.core.store.peek('view') && mode !== 'off' && (mode !== 'ctrl' || e.ctrlKey || e.metaKey);
  }

  readonly #on = (e: Event): void => {
    const atHost = e.currentTarget === this.#host;
    const input = this.#ready();
    if (input) return input.handle(e, atHost);
    // Before the chunk (a moment after the first paint): what must be claimed now is claimed, and the
    // event waits for it.
    const path = e.composedPath();
    const type = e.type;
    const waiting = this.#waiting;
    let loud = true;
    if (type === 'keydown') {
      // A key the plot's keys (pan-zoom-keys.ts) may take; Escape is theirs only with a keyboard
      // crosshair, so it is not held back from the page.
      const k = e as KeyboardEvent;
      if (
        k.ctrlKey || k.metaKey
          ? !/^[kzy]$/i.test(k.key) || (!/k/i.test(k.key) && isEditableTarget(path[0]))
          : path[0] !== this.#host || k.altKey || !NAV_KEY.test(k.key)
      )
        return;
      if (k.key !== 'Escape') e.preventDefault();
    } else if (type === 'wheel') {
      if (!this.#zooms(e as WheelEvent)) return;
      e.preventDefault();
    } else if (type === 'pointerdown') loud = !atHost && (e as PointerEvent).button === 0;
    else if (!waiting.length)
      return; // a move or lift without a press before it
    else {
      loud = false;
      const last = waiting[waiting.length - 1];
      // Moves: only the latest counts (a pan or pinch goes where the pointer is).
      if (
        type === 'pointermove' &&
        last.e.type === type &&
        (last.e as PointerEvent).pointerId === (e as PointerEvent).pointerId
      )
        waiting.pop();
    }
    waiting.push({ e, path, atHost, loud });
    this.whenTouchReady();
  };
}

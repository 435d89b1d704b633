import { sliceBars, type Bar, type Series } from '../data/index.js';
import type { ChartState, ReplayState, ViewRange } from '../state/index.js';
import type { Store } from '../store/index.js';
import { upperIndex } from './build-chart-context.js';

/** The speeds the replay strip offers, in bars per second. */
export const REPLAY_SPEEDS: readonly number[] = [1, 3, 10];

/** What a replay needs of the chart core. */
export interface ReplayCore {
  readonly store: Store<ChartState>;
  replayHold: ((bar: Bar) => boolean) | null;
  updateBar(bar: Bar): boolean;
}

/** The bars the chart shows at replay index `index`: the first `index + 1` of `full` (views, no copy). */
export function replaySeries(full: Series, index: number): Series {
  return { ...full, bars: sliceBars(full.bars, 0, index + 1) };
}

/**
 * Bar replay, as TradingView's: the chart shows the bars up to a point in the past only, and steps
 * forward one real bar at a time (or on a timer). The shown `series` itself is cut, so the candles,
 * the studies (computed on the cut series: no look-ahead), the legend, the last-price tag and every
 * agent tool see no later bar. The full series waits here; live bars arriving meanwhile are held and
 * applied when the replay stops. Nothing of it is an undo step or saved in a layout (volatile slices).
 * New bars (a symbol or period change, the host's `setBars`) end it (chart-core.ts `#commitSeries`).
 */
export class BarReplay {
  readonly #core: ReplayCore;
  #full: Series | null = null;
  #view: ViewRange | null = null;
  #held: Bar[] = [];
  #timer: ReturnType<typeof setInterval> | 0 = 0;

  constructor(core: ReplayCore) {
    this.#core = core;
    // A load that replaced the bars ended the replay: forget it (the new bars stay).
    core.store.onCommit((info) => {
      if (info.changed.includes('replay') && !core.store.peek('replay') && this.#full) this.#forget();
    });
  }

  get state(): ReplayState | null {
    return this.#core.store.peek('replay');
  }

  /**
   * Starts (or restarts) a replay at the last bar that opened at or before `time` (UTC ms; before the
   * first bar: the first). False when no bars are loaded.
   */
  start(time: number): boolean {
    const store = this.#core.store;
    const full = this.#full ?? store.peek('series');
    if (!full || full.bars.length === 0 || !Number.isFinite(time)) return false;
    const index = Math.max(0, upperIndex(full.bars.time, time, full.bars.length));
    const before = this.#full ? this.#view : store.peek('view');
    const view = store.peek('view');
    const width = view ? view.end - view.start : 0;
    const end = index + 3; // as a fresh load shows the last bar (defaultView)
    this.#pause();
    store.action(
      'replayStart',
      (d) => {
        d.set('series', replaySeries(full, index));
        d.set('dataRevision', d.get('dataRevision') + 1);
        d.set('dataGeneration', d.get('dataGeneration') + 1);
        if (view) d.set('view', { start: Math.max(-0.5, end - width), end });
        d.set('replay', { time: full.bars.time[index], index, playing: false, speed: d.get('replay')?.speed ?? 1 });
      },
      { undoable: false },
    );
    this.#full = full;
    this.#view = before;
    this.#core.replayHold = (bar) => (this.#held.push(bar), true);
    return true;
  }

  /** Shows the next `n` real bars (the view follows the last bar when it is at the right edge). False at the end or when not replaying. */
  step(n = 1): boolean {
    const state = this.state;
    const full = this.#full;
    if (!state || !full || !(n >= 1)) return false;
    const index = Math.min(full.bars.length - 1, state.index + Math.floor(n));
    if (index === state.index) {
      this.pause();
      return false;
    }
    const store = this.#core.store;
    const shown = state.index + 1;
    const view = store.peek('view');
    const atEnd = index === full.bars.length - 1;
    store.action(
      'replayStep',
      (d) => {
        d.set('series', replaySeries(full, index));
        d.set('dataRevision', d.get('dataRevision') + 1);
        // As a live feed does: follow the newest bar only when the user is at the right edge.
        const added = index - state.index;
        if (view && view.end >= shown - 0.5) d.set('view', { start: view.start + added, end: view.end + added });
        d.set('replay', { ...state, time: full.bars.time[index], index, playing: state.playing && !atEnd });
      },
      { undoable: false },
    );
    if (atEnd) this.#pause();
    return true;
  }

  /** Steps on a timer, `speed` bars per second (default: the current speed). False when not replaying. */
  play(speed?: number): boolean {
    const state = this.state;
    if (!state || !this.#full) return false;
    const s = speed === undefined ? state.speed : speed;
    if (!(s > 0 && s <= 1000)) return false;
    if (state.index >= this.#full.bars.length - 1) return false;
    this.#pause();
    this.#core.store.action('replayPlay', (d) => d.set('replay', { ...state, playing: true, speed: s }), {
      undoable: false,
    });
    this.#timer = setInterval(() => this.step(1), 1000 / s);
    return true;
  }

  /** The speed `play()` uses (bars per second), playing or not. False when not replaying or out of range. */
  setSpeed(speed: number): boolean {
    const state = this.state;
    if (!state || !(speed > 0 && speed <= 1000)) return false;
    if (state.playing) return this.play(speed);
    this.#core.store.action('replaySpeed', (d) => d.set('replay', { ...state, speed }), { undoable: false });
    return true;
  }

  /** Stops the timer. False when not replaying. */
  pause(): boolean {
    const state = this.state;
    if (!state) return false;
    this.#pause();
    if (state.playing)
      this.#core.store.action('replayPause', (d) => d.set('replay', { ...state, playing: false }), {
        undoable: false,
      });
    return true;
  }

  /** Ends the replay: the full bars and the view from before it come back, then the held live bars. False when not replaying. */
  stop(): boolean {
    const full = this.#full;
    if (!this.state || !full) return false;
    const view = this.#view;
    const held = this.#held;
    this.#core.store.action(
      'replayStop',
      (d) => {
        d.set('series', full);
        d.set('dataRevision', d.get('dataRevision') + 1);
        d.set('dataGeneration', d.get('dataGeneration') + 1);
        if (view) d.set('view', view);
        d.set('replay', null);
      },
      { undoable: false },
    );
    this.#forget();
    for (const bar of held) this.#core.updateBar(bar);
    return true;
  }

  #pause(): void {
    if (this.#timer) clearInterval(this.#timer);
    this.#timer = 0;
  }

  #forget(): void {
    this.#pause();
    this.#full = null;
    this.#view = null;
    this.#held = [];
    this.#core.replayHold = null;
  }
}

import type { ChartCore } from '../../src/core/commands/index.js';
import { clampView } from '../../src/core/state/index.js';
import { formatBarTime, type ChartRenderer } from '../../src/render/index.js';
import { formatPrice, formatVolume } from './chart-legend.js';
import { chartMoreStrings } from './chart-more-strings.js';

/** How long the pan and zoom keys must rest before the view is said (KeyCrosshair `sayView`). */
const VIEW_PAUSE_MS = 600;

/** Why a pan or zoom key left the view as it was: the words chart-more-strings.ts has for it. */
export type ViewEdge = 'viewStart' | 'viewEnd' | 'zoomInLimit' | 'zoomOutLimit';

/** What the keyboard crosshair works with (the a11y controller's options and its announcer). */
export interface KeyCrosshairOptions {
  readonly core: ChartCore;
  readonly renderer: () => ChartRenderer | null;
  readonly lang: () => string;
  /** Shows the bar in the legend (the crosshair index), or null for the last bar. */
  readonly setHover: (index: number | null) => void;
  readonly whenPainted: () => Promise<void>;
  /** Says `text` in the live region (polite, at most once per `ms` for its `kind`: chart-announcer.ts). */
  readonly say: (text: string, ms: number, kind?: string) => void;
}

/**
 * The keyboard crosshair (Left/Right on the focused plot, the keyboard drawing keys) and a bar as a
 * sentence. In the drawing layer's lazy chunk (drawing-layer-parts.ts): `ChartA11yController` makes it
 * when the chunk is here, and loads the chunk on the first key that needs it.
 */
export class KeyCrosshair {
  readonly #o: KeyCrosshairOptions;
  #keyBar: number | null = null;
  #keyPrice: number | null = null;

  constructor(options: KeyCrosshairOptions) {
    this.#o = options;
  }

  /** The bar of the keyboard crosshair, or null when the pointer (or nothing) owns the crosshair. */
  get keyBar(): number | null {
    return this.#keyBar;
  }

  /** A bar as a sentence: time, open, high, low, close, volume. */
  describeBar(i: number): string {
    const series = this.#o.core.store.peek('series');
    const clock = this.#o.renderer()?.clock;
    if (!series || !clock || i < 0 || i >= series.bars.length) return '';
    const t = chartMoreStrings(this.#o.lang());
    const b = series.bars;
    const p = series.instrument.pricePrecision;
    const intraday = !['1d', '1w', '1M'].includes(series.period);
    return `${formatBarTime(b.time[i], clock, intraday)}, ${t.openFull} ${formatPrice(b.open[i], p)}, ${t.highFull} ${formatPrice(b.high[i], p)}, ${t.lowFull} ${formatPrice(b.low[i], p)}, ${t.closeFull} ${formatPrice(b.close[i], p)}, ${t.volumeFull} ${formatVolume(b.volume[i], this.#o.lang())}`;
  }

  #viewTimer = 0;
  /** Whether a key of the burst moved the view (a burst that only met the edge says just that). */
  #viewMoved = false;

  /**
   * Says the bars shown once the pan and zoom keys pause for {@link VIEW_PAUSE_MS}: a burst of presses, or a
   * held key's repeats, is one message, the view it ended on. The announcer's throttle alone spoke the
   * first press's view at once and then the latest every 1.5 s while a key was held, each sentence about
   * 3 s of speech, so a screen reader's queue grew for as long as the key was down. `edge`: the key could
   * not move the view (Shift+Left on the first bar, + fully zoomed in…); said instead of the unchanged view
   * (before it when earlier keys of the burst moved it), once per burst, each burst again.
   */
  sayView(edge?: ViewEdge): void {
    clearTimeout(this.#viewTimer);
    this.#viewMoved ||= !edge;
    this.#viewTimer = window.setTimeout(() => {
      const view = this.describeView();
      const why = edge ? chartMoreStrings(this.#o.lang())[edge] : '';
      const text = why && !this.#viewMoved ? why : why ? `${why}. ${view}` : view;
      this.#viewMoved = false;
      if (view) this.#o.say(text, 0, 'view');
    }, VIEW_PAUSE_MS);
  }

  /** The bars the plot shows as a sentence: "Showing 2026-06-17 to 2026-11-27, 118 bars" ('' without data). */
  describeView(): string {
    const store = this.#o.core.store;
    const series = store.peek('series');
    const view = store.peek('view');
    const clock = this.#o.renderer()?.clock;
    if (!series || !view || !clock) return '';
    // The chart context's visible range (src/core/commands/build-chart-context.ts), so the words match what
    // a connected agent is told.
    const n = series.bars.length;
    const first = Math.max(0, Math.min(n - 1, Math.ceil(view.start)));
    const last = Math.max(first, Math.min(n - 1, Math.ceil(view.end) - 1));
    const intraday = !['1d', '1w', '1M'].includes(series.period);
    const time = (i: number) => formatBarTime(series.bars.time[i], clock, intraday);
    return chartMoreStrings(this.#o.lang()).viewShown(time(first), time(last), last - first + 1);
  }

  /**
   * Moves the keyboard crosshair one bar (`-1`, `+1`; `0` keeps it); the first press shows the last
   * visible bar. Returns the bar (null without data). `announce: false` leaves the live region to the caller.
   */
  step(delta: -1 | 0 | 1, announce = true): number | null {
    const core = this.#o.core;
    const series = core.store.peek('series');
    const view = core.store.peek('view');
    if (!series || !view) return null;
    const n = series.bars.length;
    const lastVisible = Math.max(0, Math.min(n - 1, Math.floor(view.end - 0.5)));
    const bar = Math.max(0, Math.min(n - 1, this.#keyBar === null ? lastVisible : this.#keyBar + delta));
    this.#keyBar = bar;
    // Keep the bar in view: pan by whole bars when it reaches an edge.
    const span = view.end - view.start;
    if (bar < view.start + 0.5) core.setView(clampView({ start: bar - 0.5, end: bar - 0.5 + span }, n, 5));
    else if (bar > view.end - 0.5) core.setView(clampView({ start: bar + 0.5 - span, end: bar + 0.5 }, n, 5));
    this.#o.setHover(bar);
    if (announce) this.#o.say(this.describeBar(bar), 250);
    void this.#o.whenPainted().then(() => {
      const plot = this.#o.renderer()?.pane('price')?.plot;
      if (!plot || this.#keyBar !== bar) return;
      const price = this.#keyPrice ?? series.bars.close[bar];
      // Published to the synced panes, as a pointer's move is: every pane draws the vertical line.
      publishCursor(plot, plot.valToPos(bar, 'x'), plot.valToPos(price, 'price'));
      this.#o.setHover(bar);
    });
    return bar;
  }

  /** The price the keyboard crosshair shows (keyboard drawing), or null for the bar's close. */
  setKeyPrice(price: number | null): void {
    this.#keyPrice = price;
    if (this.#keyBar !== null) this.step(0, false);
  }

  /** Hides the keyboard crosshair; false when there was none. */
  clear(): boolean {
    this.#keyPrice = null;
    if (this.#keyBar === null) return false;
    this.#keyBar = null;
    const plot = this.#o.renderer()?.pane('price')?.plot;
    if (plot) publishCursor(plot, -10, -10);
    this.#o.setHover(null);
    return true;
  }

  /** The pointer took over the crosshair. */
  pointerMoved(): void {
    this.#keyBar = null;
    this.#keyPrice = null;
  }
}

/** uPlot's `setCursor(opts, fire, publish)`: its third argument (left out of its types) syncs the other panes. */
type PublishingSetCursor = (opts: { left: number; top: number }, fire: boolean, publish: boolean) => void;

/** Moves the price pane's cursor and every synced pane's with it (−10: hidden). */
function publishCursor(plot: { setCursor: unknown }, left: number, top: number): void {
  (plot.setCursor as PublishingSetCursor).call(plot, { left, top }, true, true);
}

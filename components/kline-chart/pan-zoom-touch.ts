import type { ChartCore } from '../../src/core/commands/index.js';
import { localPoint } from '../../src/render/local-point.js';
import { TouchHold } from './touch-hold.js';
import { fromTouch } from './from-touch.js';

/** How long a finger rests on the plot before the crosshair comes (a long press, as on TradingView's mobile chart). */
const LONG_PRESS_MS = 450;
/** How far (CSS px) a finger may wander during that time and still be resting rather than panning. */
const LONG_PRESS_SLOP = 8;

type View = { readonly start: number; readonly end: number };

/** What the gestures need of the pan/zoom controller (pan-zoom-controller.ts). */
export interface TouchGestureHost {
  readonly container: HTMLElement;
  readonly core: ChartCore;
  /** Width of the price plot in CSS pixels. */
  readonly plotWidth: () => number;
  readonly setView: (view: View) => void;
  /** A long press lifted where it began, or Android's own long press: the chart's menu at that point. */
  readonly openMenu: (at: { readonly clientX: number; readonly clientY: number }) => void;
  /** The pan in progress (its pointer and the view it started from), or null. */
  readonly drag: () => { readonly id: number; readonly view: View } | null;
  /** Ends the pan in progress (a pinch or the crosshair takes its finger). */
  readonly dropDrag: () => void;
}

/**
 * The touch gestures of the plot (a lazy chunk fetched after the first paint; until it is here a finger
 * pans as a mouse does): two-finger pinch anchored at the fingers' centre, a long press that brings the
 * crosshair to the finger (then moved by it, neither panning nor scrolling the page; lifted where it
 * began, it opens the chart's menu, as a right-click does), and Android's own long press.
 * `PanZoomController` hands each pointer event over before its own pan handling.
 */
export class TouchGestures {
  readonly #h: TouchGestureHost;
  // Touch: the panes have `touch-action: pan-y`, so the browser keeps vertical swipes (the page
  // scrolls and our pointer is cancelled) and hands horizontal drags and two-finger pinches to us.
  readonly #touches = new Map<number, { x: number; y: number }>();
  #pinch: { dist: number; anchor: number; view: View } | null = null;
  // A finger resting on the plot: after LONG_PRESS_MS it drives the crosshair (`#crosshair` is its
  // pointer id) until it lifts. uPlot's crosshair follows mouse events only, which a touch sends
  // after a tap at most: the finger's moves are handed to the pane under it as mousemoves.
  #press: { id: number; x: number; y: number; timer: ReturnType<typeof setTimeout> } | null = null;
  #crosshair: number | null = null;
  /** Where the long press began, until its finger moves away (then lifting it opens no menu). */
  #rest: { x: number; y: number } | null = null;
  /** While the finger drives the crosshair, its moves are not the page's to scroll. */
  readonly #hold = new TouchHold();

  constructor(host: TouchGestureHost, signal: AbortSignal) {
    this.#h = host;
    signal.addEventListener('abort', () => {
      this.#cancelPress();
      this.#hold.release();
    });
    // Android's own long press: Chrome fires `contextmenu` while the finger is down, then may cancel the
    // touch. The chart's menu opens at the finger instead of the browser's, once: the press ends here, so
    // neither the cancel nor the lift starts a crosshair, pans, or opens the menu again.
    host.container.addEventListener(
      'contextmenu',
      (e) => {
        if (!fromTouch(e) || this.#touches.size === 0) return; // no finger of ours down: the browser's
        e.preventDefault();
        this.#cancelPress();
        this.#rest = null;
        if (this.#crosshair !== null) this.#endCrosshair();
        const drag = host.drag();
        if (drag && this.#touches.has(drag.id)) {
          host.setView(drag.view);
          host.dropDrag();
        }
        host.openMenu({ clientX: e.clientX, clientY: e.clientY });
      },
      { signal },
    );
  }

  /** A finger's pointerdown: true when it starts a pinch (or is a third finger), so no pan starts. */
  down(e: PointerEvent): boolean {
    const touches = this.#touches;
    touches.set(e.pointerId, { x: e.clientX, y: e.clientY });
    this.#cancelPress();
    const view = this.#h.core.store.peek('view');
    if (touches.size === 2 && view) {
      this.#endCrosshair();
      // The second finger turns the pan into a pinch anchored at the bar under the fingers' centre.
      this.#h.dropDrag();
      const f = this.#fingers();
      this.#pinch = { dist: f.dist, anchor: view.start + (view.end - view.start) * f.frac, view };
      this.#h.container.setPointerCapture(e.pointerId);
      return true;
    }
    return touches.size > 2;
  }

  /** A finger started a pan: resting, it becomes a long press. */
  panStarted(e: PointerEvent): void {
    if (this.#touches.size === 1)
      this.#press = {
        id: e.pointerId,
        x: e.clientX,
        y: e.clientY,
        timer: setTimeout(this.#startCrosshair, LONG_PRESS_MS),
      };
  }

  /** A pointermove: true when the crosshair or a pinch took it (no pan). */
  move(e: PointerEvent): boolean {
    const touches = this.#touches;
    if (touches.has(e.pointerId)) touches.set(e.pointerId, { x: e.clientX, y: e.clientY });
    if (e.pointerId === this.#crosshair) {
      const rest = this.#rest;
      if (rest && Math.hypot(e.clientX - rest.x, e.clientY - rest.y) > LONG_PRESS_SLOP) this.#rest = null;
      this.#moveCrosshair(e.clientX, e.clientY);
      return true;
    }
    const press = this.#press;
    if (press?.id === e.pointerId && Math.hypot(e.clientX - press.x, e.clientY - press.y) > LONG_PRESS_SLOP)
      this.#cancelPress();
    const pinch = this.#pinch;
    if (pinch && touches.size === 2) {
      const f = this.#fingers();
      const span = Math.max(5, (pinch.view.end - pinch.view.start) * (pinch.dist / f.dist));
      const start = pinch.anchor - span * f.frac;
      this.#h.setView({ start, end: start + span });
      return true;
    }
    return false;
  }

  /** A pointerup or pointercancel. */
  end(e: PointerEvent): void {
    this.#touches.delete(e.pointerId);
    if (this.#press?.id === e.pointerId) this.#cancelPress();
    // The crosshair stays where the finger left it (as after a tap); lifted where it rested, the menu opens.
    if (e.pointerId === this.#crosshair) {
      const rest = this.#rest;
      if (rest && e.type === 'pointerup') this.#h.openMenu({ clientX: rest.x, clientY: rest.y });
      this.#rest = null;
      this.#endCrosshair();
    }
    if (this.#touches.size < 2) this.#pinch = null;
  }

  #fingers(): { dist: number; frac: number } {
    const [a, b] = [...this.#touches.values()];
    const { x } = localPoint(this.#h.container, { clientX: (a.x + b.x) / 2, clientY: 0 });
    return {
      dist: Math.max(1, Math.hypot(a.x - b.x, a.y - b.y)),
      frac: Math.min(1, Math.max(0, x / this.#h.plotWidth())),
    };
  }

  #cancelPress(): void {
    if (this.#press) clearTimeout(this.#press.timer);
    this.#press = null;
  }

  #moveCrosshair(x: number, y: number): void {
    for (const over of this.#h.container.querySelectorAll<HTMLElement>('.u-over')) {
      const r = over.getBoundingClientRect();
      if (y < r.top || y > r.bottom) continue;
      const clientX = Math.min(r.right - 1, Math.max(r.left, x));
      over.dispatchEvent(new MouseEvent('mousemove', { clientX, clientY: y, bubbles: true }));
      return;
    }
  }

  readonly #startCrosshair = (): void => {
    const p = this.#press;
    this.#press = null;
    const drag = this.#h.drag();
    if (!p || !drag || drag.id !== p.id) return;
    // Undo whatever the resting finger's jitter panned.
    this.#h.setView(drag.view);
    this.#h.dropDrag();
    this.#crosshair = p.id;
    this.#rest = { x: p.x, y: p.y };
    this.#hold.hold(this.#h.container);
    this.#moveCrosshair(p.x, p.y);
  };

  #endCrosshair(): void {
    this.#crosshair = null;
    this.#hold.release();
  }
}

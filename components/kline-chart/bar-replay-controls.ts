import { css, html, nothing, svg, type CSSResult, type ReactiveController, type ReactiveControllerHost } from 'lit';
import { BarReplay, REPLAY_SPEEDS } from '../../src/core/commands/bar-replay.js';
import type { ChartCore } from '../../src/core/commands/index.js';
import { offsetWithin, type ChartRenderer } from '../../src/render/index.js';
import { localPoint } from '../../src/render/local-point.js';
import { lineIcon } from '../drawing-toolbar/line-icon.js';
import { allChartStrings } from './chart-more-strings.js';
import { RovingToolbar } from './roving-toolbar.js';

type Host = ReactiveControllerHost &
  HTMLElement & { readonly renderRoot: HTMLElement | DocumentFragment; readonly _hover: number | null };

/** What the replay's controls need of `<kline-chart>`. */
export interface ReplayControlsDeps {
  readonly core: ChartCore;
  renderer(): ChartRenderer | null;
  lang(): string;
  /** Adds the controls' styles to the chart's adopted sheets (CSP-safe). */
  adopt(styles: CSSResult): void;
}

/** A chart's replay controls, their styles adopted (kline-chart.ts makes them once, at the first replay action). */
export function replayControlsFor(host: Host, deps: ReplayControlsDeps): ReplayControls {
  deps.adopt(replayControlsStyles);
  return new ReplayControls(host, deps);
}

/**
 * Bar replay's user interface (a lazy chunk: the toolbar's "Bar replay" button or the first replay
 * method loads it): choosing the start bar (a vertical line follows the pointer over the plot; a click
 * starts there, Enter at the keyboard crosshair's bar, Escape cancels; on a touch screen, a tap starts
 * and the hint's Cancel button cancels), then a strip over the chart's bottom (a WAI-ARIA toolbar:
 * play/pause, step forward, speed 1×/3×/10×, exit), and Shift+→, which steps while replaying. The replay itself is {@link BarReplay}.
 */
export class ReplayControls implements ReactiveController {
  readonly replay: BarReplay;
  readonly #host: Host;
  readonly #d: ReplayControlsDeps;
  readonly #roving = new RovingToolbar();
  #picking = false;

  constructor(host: Host, deps: ReplayControlsDeps) {
    this.#host = host;
    this.#d = deps;
    this.replay = new BarReplay(deps.core);
    host.addController(this); // calls hostConnected when the chart is in the page
    // A replay started meanwhile (startReplay) ends the choosing.
    deps.core.store.onCommit((info) => {
      if (info.name === 'replayStart' && this.#picking) this.#setPicking(false);
    });
  }

  hostConnected(): void {
    this.#host.addEventListener('keydown', this.#onKey, { capture: true });
  }

  hostDisconnected(): void {
    this.#host.removeEventListener('keydown', this.#onKey, { capture: true });
    this.replay.pause();
  }

  hostUpdated(): void {
    this.#roving.sync(this.#host.renderRoot.querySelector<HTMLElement>('[part="replay-strip"]'));
  }

  /** Choosing the start bar is under way. */
  get picking(): boolean {
    return this.#picking;
  }

  /** The toolbar button: choose a start bar, or (choosing or replaying) leave. */
  toggle(): void {
    if (this.#picking) this.#setPicking(false);
    else if (this.replay.state) this.replay.stop();
    else this.#setPicking(true);
  }

  #setPicking(on: boolean): void {
    this.#picking = on;
    this.#host.requestUpdate();
  }

  #start(index: number): void {
    const bars = this.#d.core.store.peek('series')?.bars;
    if (!bars?.length) return;
    this.#setPicking(false);
    this.replay.start(bars.time[Math.min(bars.length - 1, Math.max(0, index))]);
    void this.#host.updateComplete.then(() =>
      this.#host.renderRoot.querySelector<HTMLElement>('[part="replay-strip"] button[tabindex="0"]')?.focus(),
    );
  }

  /** The bar under the pointer (clamped to the bars) and its centre's x in `.main`'s CSS px. */
  #barAt(e: PointerEvent | MouseEvent): { index: number; x: number } | null {
    const plot = this.#d.renderer()?.pane('price')?.plot;
    const main = this.#host.renderRoot.querySelector<HTMLElement>('.main');
    const n = this.#d.core.store.peek('series')?.bars.length ?? 0;
    if (!plot || !main || n === 0) return null;
    const index = Math.min(n - 1, Math.max(0, Math.round(plot.posToVal(localPoint(plot.over, e).x, 'x'))));
    return { index, x: offsetWithin(plot.over, main).x + plot.valToPos(index, 'x') };
  }

  readonly #onMove = (e: PointerEvent): void => {
    const at = this.#barAt(e);
    const line = (e.currentTarget as HTMLElement).firstElementChild as HTMLElement | null;
    if (!at || !line) return;
    line.hidden = false;
    line.style.setProperty('left', `${at.x}px`);
  };

  readonly #onClick = (e: MouseEvent): void => {
    const at = this.#barAt(e);
    if (at) this.#start(at.index);
  };

  readonly #onKey = (e: KeyboardEvent): void => {
    if (e.ctrlKey || e.metaKey || e.altKey) return;
    const origin = e.composedPath()[0];
    if (origin instanceof HTMLElement && /^(input|textarea|select)$/.test(origin.localName)) return;
    if (this.#picking && (e.key === 'Escape' || e.key === 'Enter')) {
      e.preventDefault();
      e.stopImmediatePropagation();
      const hover = this.#host._hover;
      if (e.key === 'Enter' && hover !== null) this.#start(hover);
      else this.#setPicking(false);
    } else if (this.replay.state && e.shiftKey && e.key === 'ArrowRight') {
      e.preventDefault();
      e.stopImmediatePropagation(); // not the pan Shift+→ does outside a replay
      this.replay.step();
    }
  };

  render(): unknown {
    const s = allChartStrings(this.#d.lang());
    const state = this.#d.core.store.state.replay.get();
    // A touch screen (no keyboard, and "Bar replay" folded into the More menu on a phone): "Tap", and Cancel.
    const touch = this.#picking && matchMedia('(pointer: coarse)').matches;
    const pick = this.#picking
      ? html`<div class="replay-pick" role="presentation" @pointermove=${this.#onMove} @click=${this.#onClick}><div class="replay-line" hidden></div></div>
          <div class="replay-hint"><span role="status">${touch ? s.replayPickTouch : s.replayPick}</span>${
            touch
              ? html`<button type="button" part="replay-cancel" @click=${() => this.#setPicking(false)}>${s.replayCancel}</button>`
              : nothing
          }</div>`
      : nothing;
    if (!state) return pick;
    const r = this.replay;
    const playing = state.playing;
    return html`${pick}<div class="replay-strip" part="replay-strip" role="toolbar" aria-label=${s.barReplay}>
      <button part="replay-play" aria-label=${playing ? s.replayPause : s.replayPlay} title=${playing ? s.replayPause : s.replayPlay}
        @click=${() => (playing ? r.pause() : r.play())}>${lineIcon(playing ? svg`<path d="M5 3v10M11 3v10"/>` : svg`<path d="M5 3l8 5-8 5z"/>`)}</button>
      <button part="replay-step" aria-label=${s.replayStep} title=${`${s.replayStep} (Shift+→)`} aria-keyshortcuts="Shift+ArrowRight"
        @click=${() => r.step()}>${lineIcon(svg`<path d="M3 3l7 5-7 5zM13 3v10"/>`)}</button>
      <span class="replay-speeds" role="group" aria-label=${s.replaySpeed}>${REPLAY_SPEEDS.map(
        (speed) =>
          html`<button part="replay-speed" data-speed=${speed} aria-pressed=${state.speed === speed ? 'true' : 'false'}
            @click=${() => (playing ? r.play(speed) : r.setSpeed(speed))}>${speed}×</button>`,
      )}</span>
      <button part="replay-exit" aria-label=${s.replayExit} title=${s.replayExit} @click=${() => (r.stop(), this.#host.focus())}>${lineIcon(svg`<path d="M4 4l8 8M12 4l-8 8"/>`)}</button>
    </div>`;
  }
}

/** The strip, the start bar's line and the hint (adopted into the chart's shadow root: CSP-safe). */
export const replayControlsStyles = css`
  .replay-pick { position: absolute; inset: 0; z-index: 5; cursor: crosshair; }
  .replay-line {
    position: absolute; top: 0; bottom: 0; width: 0; border-left: 2px solid var(--kline-accent-color);
    pointer-events: none; transform: translateX(-1px);
  }
  .replay-hint, .replay-strip {
    position: absolute; z-index: 6; left: 50%; transform: translateX(-50%); padding: 3px 6px; border-radius: 4px;
    background: var(--kline-toolbar-background); border: 1px solid var(--kline-border-color); color: var(--kline-text-color);
    font: var(--kline-font); font-size: 12px;
  }
  .replay-hint { top: 8px; pointer-events: none; display: flex; align-items: center; gap: 8px; }
  .replay-hint button {
    pointer-events: auto; font: inherit; color: inherit; background: transparent; min-height: 32px; padding: 4px 12px;
    border: 1px solid var(--kline-border-color); border-radius: 4px; cursor: pointer;
  }
  .replay-hint :focus-visible { outline: var(--kline-focus-width) solid var(--kline-accent-color); outline-offset: -2px; }
  .replay-strip { bottom: 30px; display: flex; align-items: center; gap: 2px; box-shadow: 0 2px 8px rgba(0, 0, 0, 0.15); }
  /* The strip holds the bottom: the "most recent bar" button, a notice and "Loading history" stack above it
     (on a phone they would be under it). */
  .main:has(.replay-strip) :is(.to-latest, .toast, .history-loading) { bottom: 72px; }
  .main:has(.replay-strip) .to-latest:not(.gone) ~ .toast { bottom: 108px; }
  .replay-strip button {
    font: inherit; color: inherit; background: transparent; border: 1px solid transparent; border-radius: 4px;
    padding: 3px 7px; min-height: 26px; min-width: 28px; cursor: pointer;
  }
  .replay-strip button:hover { background: var(--kline-grid-color); border-color: var(--kline-border-color); }
  .replay-strip button[aria-pressed='true'] { color: var(--kline-accent-text-color); font-weight: 600; border-color: currentColor; }
  .replay-strip :focus-visible { outline: var(--kline-focus-width) solid var(--kline-accent-color); outline-offset: -2px; }
  .replay-speeds { display: flex; gap: 2px; }
  @media (forced-colors: active) {
    .replay-line { border-left-color: Highlight; }
    .replay-strip, .replay-hint, .replay-hint button { border-color: CanvasText; }
  }
`;

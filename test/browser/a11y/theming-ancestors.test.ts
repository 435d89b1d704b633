import { expect } from '@open-wc/testing';
import type { KlineChart } from '../../../components/kline-chart/kline-chart.js';
import { countPixels, parseColor } from '../helpers/canvas-pixels.js';
import { paneCanvas, waitFor } from '../helpers/chart-fixture.js';
import { pollUntil } from '../helpers/wait-for.js';
import { screenPixels } from '../helpers/screen-pixels.js';
import { minuteBars, newParent, nextFrame, painted, removeFixtures } from '../lifecycle/lifecycle-fixture.js';

// A site that switches its theme with a class on <body>, on a wrapper around the chart, or on the host of a
// component whose shadow DOM holds the chart: the canvas follows (components/theme-watcher.ts observes the
// chart's ancestors), with no `refreshTheme()` call, also when the way to <html> changes after the chart
// painted (a component defined later, another slot).

const SLOTTING = `<style>.frame.dark ::slotted(kline-chart) { --kline-up-color: #ff00ff; }</style>
  <div class="frame a"><slot name="a"></slot><slot></slot></div><div class="frame b"><slot name="b"></slot></div>`;
let defined = 0;

const MAGENTA = parseColor('#ff00ff');
const added: HTMLStyleElement[] = [];

function pageStyle(css: string): void {
  const style = document.createElement('style');
  style.textContent = css;
  document.head.append(style);
  added.push(style);
}

function newChart(): KlineChart {
  const chart = document.createElement('kline-chart');
  chart.setAttribute('style', 'width:600px;height:360px');
  chart.setAttribute('theme', 'light');
  chart.setAttribute('symbol', 'THEME');
  chart.setAttribute('period', '1m');
  return chart;
}

async function ready(chart: KlineChart): Promise<void> {
  chart.setBars(minuteBars(160));
  await painted(chart);
  expect(countPixels(paneCanvas(chart, 'price'), MAGENTA, 10), 'no magenta before the switch').to.equal(0);
}

/** Waits for the chart's rising candles to be painted magenta (the switched theme's colour). */
function recoloured(chart: KlineChart, what: string): Promise<void> {
  return waitFor(() => countPixels(paneCanvas(chart, 'price'), MAGENTA, 10) > 100, what, 5000);
}

/** The colour the screen shows most in the chart's price pane (its background: the plot is mostly empty). */
async function paneBackground(chart: KlineChart): Promise<[number, number, number]> {
  const pane = chart.shadowRoot!.querySelector('.pane')!;
  const canvas = await screenPixels(pane);
  const data = canvas.getContext('2d')!.getImageData(0, 0, canvas.width, canvas.height).data;
  const counts = new Map<number, number>();
  for (let i = 0; i < data.length; i += 4) {
    const key = (data[i] << 16) | (data[i + 1] << 8) | data[i + 2];
    counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  const [top] = [...counts].sort((a, b) => b[1] - a[1])[0];
  return [top >> 16, (top >> 8) & 255, top & 255];
}

function near(a: readonly number[], b: readonly number[], tolerance = 3): boolean {
  return a.every((v, i) => Math.abs(v - b[i]) <= tolerance);
}

/** Waits for the screen to show `rgb` as the price pane's background (a few frames of compositing). */
async function shows(chart: KlineChart, rgb: readonly number[]): Promise<void> {
  await pollUntil(async () => near(await paneBackground(chart), rgb), 'the pane background', 5000).catch(
    () => undefined,
  );
  expect(await paneBackground(chart), 'the pane background on screen').to.satisfy((seen: number[]) => near(seen, rgb));
}

describe('theme switched on an ancestor of the chart', function () {
  this.timeout(60000);
  afterEach(() => {
    removeFixtures();
    for (const style of added.splice(0)) style.remove();
    document.body.classList.remove('kline-test-dark');
  });

  it('a class on a wrapper <div> recolours the canvas, and a translucent background is painted once', async () => {
    pageStyle(`
      .theme-wrap { background: rgb(255, 255, 255); }
      .theme-wrap.dark kline-chart { --kline-background: rgb(19, 23, 34); --kline-up-color: #ff00ff; }
      .theme-wrap.glass kline-chart { --kline-background: rgba(0, 0, 255, 0.5); --kline-up-color: #ff00ff; }`);
    const wrap = newParent();
    wrap.classList.add('theme-wrap');
    const chart = newChart();
    wrap.append(chart);
    await ready(chart);
    expect(await paneBackground(chart)).to.deep.equal([255, 255, 255]);

    wrap.classList.add('dark');
    await recoloured(chart, 'candles in the dark theme’s colour');
    await shows(chart, [19, 23, 34]);

    // Half-transparent blue over the wrapper's white, once: (128, 128, 255). Painted twice (the panes' opaque
    // layer over the host's background, components/kline-chart/chart-view-controller.ts) it would be (64, 64, 255).
    wrap.classList.replace('dark', 'glass');
    await shows(chart, [128, 128, 255]);
    expect(chart.shadowRoot!.querySelector('.panes')!.classList.contains('opaque')).to.equal(false);
    expect(countPixels(paneCanvas(chart, 'price'), MAGENTA, 10)).to.be.greaterThan(100);
  });

  it('a class on <body> and a design token in a wrapper’s style attribute recolour the canvas', async () => {
    // The chart's defaults are on its :host, so a page reaches it with rules that match it; here one reads a
    // token (--brand-up) the page may set on any ancestor.
    pageStyle(`body.kline-test-dark kline-chart { --kline-up-color: #ff00ff; }
      .lifecycle-fixture kline-chart { --kline-up-color: var(--brand-up, #26a69a); }`);
    const wrap = newParent();
    const chart = newChart();
    wrap.append(chart);
    await ready(chart);
    document.body.classList.add('kline-test-dark');
    await recoloured(chart, 'candles recoloured by the class on <body>');
    document.body.classList.remove('kline-test-dark');
    await waitFor(() => countPixels(paneCanvas(chart, 'price'), MAGENTA, 10) === 0, 'back to the light colours', 5000);
    wrap.style.setProperty('--brand-up', '#ff00ff');
    await recoloured(chart, 'candles recoloured by the wrapper’s style');
  });

  it('follows a class on the host of a shadow root the chart sits in, and on an element around its slot', async () => {
    // A chart in another component's shadow DOM, switched by a class on that component.
    const inShadow = newParent();
    const shadow = inShadow.attachShadow({ mode: 'open' });
    shadow.innerHTML =
      '<style>:host(.dark) kline-chart { --kline-up-color: #ff00ff; }</style><div class="frame"></div>';
    const first = newChart();
    shadow.querySelector('.frame')!.append(first);
    await ready(first);
    inShadow.classList.add('dark');
    await recoloured(first, 'a class on the shadow host');

    // A chart slotted into a component, switched by a class inside that component's shadow DOM.
    const slotting = newParent();
    const second = newChart();
    slotting.append(second);
    const root = slotting.attachShadow({ mode: 'open' });
    root.innerHTML =
      '<style>.frame.dark ::slotted(kline-chart) { --kline-up-color: #ff00ff; }</style><div class="frame"><slot></slot></div>';
    await ready(second);
    root.querySelector('.frame')!.classList.add('dark');
    await recoloured(second, 'a class around the slot the chart is assigned to');
  });

  it('follows the ancestors of its new place after a move', async () => {
    // Moved to another wrapper: that wrapper's class switches it (components/theme-watcher.ts walks the
    // ancestors again on connect).
    pageStyle('.theme-b.dark kline-chart { --kline-up-color: #ff00ff; }');
    const a = newParent();
    const b = newParent();
    b.classList.add('theme-b');
    const moved = newChart();
    a.append(moved);
    await ready(moved);
    b.append(moved);
    await painted(moved);
    b.classList.add('dark');
    await recoloured(moved, 'a class on the wrapper the chart was moved into');
  });

  /** A chart painted in a `theme-late-frame-N` element not defined yet, and that element. */
  async function chartInLateFrame(): Promise<{ chart: KlineChart; frame: HTMLElement; name: string }> {
    const name = `theme-late-frame-${++defined}`;
    const frame = document.createElement(name);
    newParent().append(frame);
    const chart = newChart();
    frame.append(chart);
    await ready(chart);
    return { chart, frame, name };
  }

  function defineFrame(name: string): void {
    customElements.define(
      name,
      class extends HTMLElement {
        constructor() {
          super();
          this.attachShadow({ mode: 'open' }).innerHTML = SLOTTING;
        }
      },
    );
  }

  it('follows the slot of a component defined after the chart painted', async () => {
    // The chart painted inside an unknown element; its definition then gives it a shadow root with slots.
    const { chart, frame, name } = await chartInLateFrame();
    defineFrame(name);
    expect(chart.assignedSlot?.name).to.equal('');
    await nextFrame();
    await nextFrame();
    frame.shadowRoot!.querySelector('.frame.a')!.classList.add('dark');
    await recoloured(chart, 'a class around the slot of the component defined later');
  });

  it('follows the slot it is moved to in the same component', async () => {
    const name = `theme-late-frame-${++defined}`;
    defineFrame(name);
    const frame = document.createElement(name);
    newParent().append(frame);
    const chart = newChart();
    chart.slot = 'a';
    frame.append(chart);
    await ready(chart);
    // No reconnection: nothing but a `slotchange` inside the component tells.
    chart.slot = 'b';
    await nextFrame();
    await nextFrame();
    frame.shadowRoot!.querySelector('.frame.b')!.classList.add('dark');
    await recoloured(chart, 'a class around the slot the chart was moved to');
  });

  it('theme="auto" follows the nearest data-theme or theme class around the chart, then <html>', async () => {
    const outer = newParent();
    const inner = document.createElement('section');
    outer.append(inner);
    const chart = newChart();
    chart.setAttribute('theme', 'auto');
    inner.append(chart);
    chart.setBars(minuteBars(160));
    await painted(chart);
    document.documentElement.classList.add('light');
    try {
      inner.dataset.theme = 'dark';
      await waitFor(() => chart.dataset.resolvedTheme === 'dark', 'a dark section of a light page');
      outer.classList.add('light');
      inner.removeAttribute('data-theme');
      await waitFor(() => chart.dataset.resolvedTheme === 'light', 'the nearer light wrapper');
      outer.classList.replace('light', 'dark');
      await waitFor(() => chart.dataset.resolvedTheme === 'dark', 'a dark wrapper inside a light <html>');
    } finally {
      document.documentElement.classList.remove('light');
    }
  });
});

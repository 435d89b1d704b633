import type { ChartTheme } from '../../src/render/index.js';
import type { ChartCore } from '../../src/core/commands/index.js';
import { clampView } from '../../src/core/state/index.js';
import { stripBidiControls } from '../../src/core/data/strip-bidi-controls.js';
import { comparisonChange } from './comparison-change.js';

/** What {@link captureChart} reads from the element. */
export interface CaptureSource {
  readonly root: ParentNode;
  readonly core: ChartCore;
  theme(): ChartTheme | null;
  /** Resolves once the canvases show the current state. */
  painted(): Promise<void>;
  readonly fallbackTitle: string;
}

type Options = { width?: number; height?: number; lastBars?: number };

/** What the element hands over (`<kline-chart>`, kline-chart.ts): its public side and its insides' deps. */
export interface CaptureChart {
  readonly renderRoot: ParentNode;
  readonly symbol: string;
  whenPainted(): Promise<void>;
}
export interface CaptureDeps {
  readonly core: ChartCore;
  theme(): ChartTheme | null;
}

/** The chart's canvas for `options` ({@link captureChart} of what the element is now). */
function chartCanvas(chart: CaptureChart, d: CaptureDeps, options: Options): Promise<HTMLCanvasElement> {
  return captureChart(
    {
      root: chart.renderRoot,
      core: d.core,
      theme: () => d.theme(),
      painted: () => chart.whenPainted(),
      fallbackTitle: chart.symbol,
    },
    options,
  );
}

/** `KlineChart.capture()`: the chart as a PNG. */
export async function captureBlob(chart: CaptureChart, d: CaptureDeps, options: Options): Promise<Blob> {
  const canvas = await chartCanvas(chart, d, options);
  return new Promise((resolve, reject) =>
    canvas.toBlob((b) => (b ? resolve(b) : reject(new Error('capture failed'))), 'image/png'),
  );
}

/** `chart_capture`'s renderer for the element ({@link captureForModel}). */
export function captureChartForModel(
  chart: CaptureChart,
  d: CaptureDeps,
  request: Options,
): ReturnType<typeof captureForModel> {
  return captureForModel((options) => chartCanvas(chart, d, options), request);
}

/**
 * The chart as the user sees it on one canvas: title line, legend text, panes with drawings.
 * `lastBars` narrows the view for the shot and restores it afterwards.
 */
export async function captureChart(
  source: CaptureSource,
  options: { width?: number; height?: number; lastBars?: number },
): Promise<HTMLCanvasElement> {
  const { core, root } = source;
  await source.painted();
  const view = core.store.peek('view');
  const n = core.store.peek('series')?.bars.length ?? 0;
  const lastBars = options.lastBars;
  const narrowed = lastBars !== undefined && view !== null && n > 0;
  if (narrowed) {
    core.setView(clampView({ start: n - lastBars - 0.5, end: n - 0.5 }, n, 2));
    await source.painted();
  }
  try {
    const canvases = [...root.querySelectorAll<HTMLCanvasElement>('.pane canvas')];
    const { title, legend } = captureText(root, core, source.fallbackTitle);
    // Device px per CSS px of the panes: `devicePixelRatio` times a CSS zoom they are shown at.
    const first = canvases[0];
    return composeCapture({
      canvases,
      ...(first && first.offsetWidth > 0 ? { pixelRatio: first.width / first.offsetWidth } : {}),
      title,
      legend,
      theme: source.theme(),
      ...(options.width !== undefined ? { width: options.width } : {}),
      ...(options.height !== undefined ? { height: options.height } : {}),
    });
  } finally {
    if (narrowed) core.setView(view);
  }
}

/** The title line and the legend lines a capture draws, as the legends read on screen. */
export function captureText(
  root: ParentNode,
  core: ChartCore,
  fallbackTitle: string,
): { title: string; legend: string[] } {
  const read = (selector: string) => [...root.querySelectorAll<HTMLElement>(selector)].map(rowText);
  const legendRows = [...read('.legend .row'), comparisonsText(root, core), ...read('.pane-legend')].filter(
    (text) => text !== '',
  );
  const series = core.store.peek('series');
  // As the legend shows it: without bidi controls from the data (canvas text has no <bdi>).
  const title = stripBidiControls(
    series
      ? `${series.instrument.symbol} · ${series.instrument.name} · ${series.period} · ${series.instrument.exchange}`
      : fallbackTitle,
  );
  // The price legend's first row repeats the title; the canvas draws it once, in bold.
  const legend = legendRows[0]?.startsWith(title)
    ? [legendRows[0].slice(title.length).trim(), ...legendRows.slice(1)]
    : legendRows;
  return { title, legend };
}

/**
 * The comparisons' legend line drawn from the chart's data while the legend has none on screen: its chunk
 * (comparison-legend.ts, loaded by kline-chart.ts #renderComparisons) is still on its way or could not be
 * fetched. Values at the last visible bar, as the legend shows them without a crosshair.
 */
function comparisonsText(root: ParentNode, core: ChartCore): string {
  const view = core.store.peek('view');
  const legend = root.querySelector('.legend');
  if (!view || !legend || legend.matches('[hidden]') || legend.querySelector('[data-testid="comparisons"]')) return '';
  return core.comparisons.lines
    .get()
    .map((l) => [stripBidiControls(l.symbol), ...comparisonChange(l.closes, null, view)].join(' ').trim())
    .join(' ');
}

/** Legend controls that are not text to draw: move arrows, remove crosses, screen-reader-only words. */
const NOT_TEXT = '.indicator-action, .legend-remove, .sr-only, [hidden]';

/**
 * A legend row's words as the row shows them: its parts (the flex items, inside `display: contents`
 * groups too) are laid apart by a gap, not by spaces, so a space joins them; inline parts (a study's
 * parameters after its name) join as they are.
 */
function rowText(row: HTMLElement): string {
  const parts: string[] = [];
  const isCells = (el: Element) => /flex|grid/.test(getComputedStyle(el).display);
  const walk = (node: Node, cells: boolean): void => {
    for (const child of node.childNodes) {
      if (child.nodeType === Node.TEXT_NODE) parts.push(child.textContent ?? '');
      if (!(child instanceof HTMLElement) || child.matches(NOT_TEXT)) continue;
      const display = getComputedStyle(child).display;
      if (display === 'none') continue;
      if (cells) parts.push(' ');
      walk(child, display === 'contents' ? cells : isCells(child));
      if (cells) parts.push(' ');
    }
  };
  walk(row, isCells(row));
  return parts.join('').replace(/\s+/g, ' ').trim();
}

/** `chart_capture`'s image: size clamped to 200–1600 px, PNG (JPEG above 300 kB) and a ≤256 px thumbnail. */
export async function captureForModel(
  capture: (options: { width?: number; height?: number; lastBars?: number }) => Promise<HTMLCanvasElement>,
  request: { width?: number; height?: number; lastBars?: number },
): Promise<{ image: string; width: number; height: number; thumbnail: string }> {
  const clamp = (v: number | undefined) => (v === undefined ? undefined : Math.min(1600, Math.max(200, Math.round(v))));
  const width = clamp(request.width);
  const height = clamp(request.height);
  const canvas = await capture({
    ...(width !== undefined ? { width } : {}),
    ...(height !== undefined ? { height } : {}),
    ...(request.lastBars !== undefined ? { lastBars: request.lastBars } : {}),
  });
  let image = canvas.toDataURL('image/png');
  if (image.length > 300_000) image = canvas.toDataURL('image/jpeg', 0.85);
  return { image, width: canvas.width, height: canvas.height, thumbnail: thumbnailOf(canvas) };
}

/** Options of {@link composeCapture}. */
export interface ComposeCaptureOptions {
  /** The pane canvases, top to bottom. */
  readonly canvases: readonly HTMLCanvasElement[];
  /** Drawn in bold on the first line: symbol, name, period, exchange. */
  readonly title: string;
  /** Legend lines under the title (OHLCV, indicator values, comparisons). */
  readonly legend: readonly string[];
  readonly theme: ChartTheme | null;
  /** Device px per CSS px of `canvases` (default `devicePixelRatio`). */
  readonly pixelRatio?: number;
  /** Output size in CSS pixels; default: the panes' size. */
  readonly width?: number;
  readonly height?: number;
}

const LINE_HEIGHT = 18;

/**
 * One canvas with what the user sees: a title line and the legend text on top, then the panes
 * stacked (drawings are painted on the pane canvases), scaled to the requested size.
 */
export function composeCapture(options: ComposeCaptureOptions): HTMLCanvasElement {
  const { canvases, theme } = options;
  const sourceWidth = Math.max(1, ...canvases.map((c) => c.width));
  const sourceHeight = Math.max(
    1,
    canvases.reduce((a, c) => a + c.height, 0),
  );
  const lines = [options.title, ...options.legend].filter((l) => l.trim() !== '');
  const header = 8 + lines.length * LINE_HEIGHT;
  const ratio = options.pixelRatio ?? devicePixelRatio;
  const width = Math.round(options.width ?? sourceWidth / ratio);
  const height = Math.round(options.height ?? sourceHeight / ratio + header);
  const out = document.createElement('canvas');
  out.width = width;
  out.height = height;
  const ctx = context2d(out);
  ctx.fillStyle = theme?.background ?? '#ffffff';
  ctx.fillRect(0, 0, width, height);
  const family = theme?.font.replace(/^.*?\d+px\s*/, '') || 'sans-serif';
  ctx.textBaseline = 'top';
  lines.forEach((line, i) => {
    ctx.font = `${i === 0 ? 'bold 14px' : '12px'} ${family}`;
    ctx.fillStyle = theme?.text ?? '#131722';
    ctx.fillText(line, 8, 4 + i * LINE_HEIGHT, width - 16);
  });
  const plotHeight = Math.max(1, height - header);
  ctx.imageSmoothingQuality = 'high';
  let y = 0;
  for (const c of canvases) {
    const h = (c.height / sourceHeight) * plotHeight;
    ctx.drawImage(c, 0, 0, c.width, c.height, 0, header + y, (c.width / sourceWidth) * width, h);
    y += h;
  }
  return out;
}

/** A copy of `canvas` at most `maxWidth` wide, as a PNG data URL (the thumbnail kept in sessions). */
export function thumbnailOf(canvas: HTMLCanvasElement, maxWidth = 256): string {
  const scale = Math.min(1, maxWidth / canvas.width);
  const out = document.createElement('canvas');
  out.width = Math.max(1, Math.round(canvas.width * scale));
  out.height = Math.max(1, Math.round(canvas.height * scale));
  context2d(out).drawImage(canvas, 0, 0, out.width, out.height);
  return out.toDataURL('image/png');
}

function context2d(canvas: HTMLCanvasElement): CanvasRenderingContext2D {
  const ctx = canvas.getContext('2d');
  if (!ctx) throw new Error('capture: the browser gave no 2D canvas context');
  return ctx;
}

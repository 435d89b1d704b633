import type { ChartTheme } from '../../src/render/chart-theme.js';

/** Options of {@link composeCapture}. */
export interface ComposeCaptureOptions {
  /** The pane canvases, top to bottom. */
  readonly canvases: readonly HTMLCanvasElement[];
  /** Drawn in bold on the first line: symbol, name, period, exchange. */
  readonly title: string;
  /** Legend lines under the title (OHLCV, indicator values, comparisons). */
  readonly legend: readonly string[];
  readonly theme: ChartTheme | null;
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
  const sourceHeight = Math.max(1, canvases.reduce((a, c) => a + c.height, 0));
  const lines = [options.title, ...options.legend].filter((l) => l.trim() !== '');
  const header = 8 + lines.length * LINE_HEIGHT;
  const width = Math.round(options.width ?? sourceWidth / devicePixelRatio);
  const height = Math.round(options.height ?? sourceHeight / devicePixelRatio + header);
  const out = document.createElement('canvas');
  out.width = width;
  out.height = height;
  const ctx = out.getContext('2d')!;
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
  out.getContext('2d')!.drawImage(canvas, 0, 0, out.width, out.height);
  return out.toDataURL('image/png');
}

import type { CommandContext } from './command-context.js';

/** What `chart_capture` asks the renderer for (its input, capture-tools.ts). */
export interface CaptureRequest {
  /** Only the newest N bars (default: the visible range). */
  lastBars?: number;
  /** Width px (default: the chart's). */
  width?: number;
  /** Height px (default: the chart's). */
  height?: number;
}

/** What a chart's renderer hands back: a PNG (or JPEG) data URL and a small thumbnail for stored sessions. */
export interface CaptureImage {
  /** `data:image/png;base64,…` */
  readonly image: string;
  readonly width: number;
  readonly height: number;
  /** At most 256 px wide, kept in stored sessions instead of the image. */
  readonly thumbnail?: string;
}

/** Renders the chart as the user sees it; supplied by the element (the core is DOM-free). */
export type ChartCapturer = (request: CaptureRequest, signal: AbortSignal) => Promise<CaptureImage>;

/**
 * The chart as an image, for a model that can see: the element supplies the renderer at once
 * ({@link CaptureCommands.setCapturer}); the `chart_capture` tool is
 * {@link import('./capture-tools.js').CaptureTools}, loaded after the first paint (issue #12).
 */
export class CaptureCommands {
  /** The renderer `chart_capture` uses, or null; internal: read by CaptureTools. */
  capturer: ChartCapturer | null = null;

  /** Internal: read by CaptureTools. */
  readonly ctx: Pick<CommandContext, 'store'>;

  constructor(ctx: Pick<CommandContext, 'store'>) {
    this.ctx = ctx;
  }

  /** Sets (or with `null` removes) the renderer `chart_capture` uses. */
  setCapturer(capturer: ChartCapturer | null): void {
    this.capturer = capturer;
  }
}

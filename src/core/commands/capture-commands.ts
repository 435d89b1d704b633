import { Type, type Static } from '@sinclair/typebox';
import { tool, ToolCallError, type ToolCallContext, type ToolOutput } from '../tools/index.js';
import type { ChartCore } from './chart-core.js';

/** Input of `chart_capture`. */
export const CaptureInput = Type.Object({
  lastBars: Type.Optional(Type.Integer({ minimum: 5, maximum: 2000, description: 'Show only the newest N bars in the image (the chart view is restored afterwards). Default: what the user sees.' })),
  width: Type.Optional(Type.Integer({ minimum: 200, maximum: 1600, description: 'Image width in pixels (200-1600). Default: the chart width.' })),
  height: Type.Optional(Type.Integer({ minimum: 200, maximum: 1600, description: 'Image height in pixels (200-1600). Default: the chart height.' })),
}, { additionalProperties: false });

export type CaptureRequest = Static<typeof CaptureInput>;

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

/** `chart_capture`: the chart as an image, for a model that can see. */
export class CaptureCommands {
  #capturer: ChartCapturer | null = null;

  constructor(private readonly core: ChartCore) {}

  /** Sets (or with `null` removes) the renderer `chart_capture` uses. */
  setCapturer(capturer: ChartCapturer | null): void {
    this.#capturer = capturer;
  }

  @tool({
    name: 'chart_capture',
    label: 'Capture chart image',
    description:
      'Renders the chart exactly as the user sees it (all panes, legend, title line with symbol and period, drawings) and returns it as a PNG image, which is attached to the next message for you to look at. Use it to judge chart patterns, trend lines or how a drawing looks; read numbers with market_bars_query instead. Optional lastBars (show only the newest N bars), width and height (200-1600 px). Changes nothing.',
    parameters: CaptureInput,
    safety: 'read-only',
    executionMode: 'sequential',
  })
  async capture(input: CaptureRequest, ctx?: ToolCallContext): Promise<ToolOutput> {
    const capturer = this.#capturer;
    if (!capturer) throw new ToolCallError('not_allowed', 'This chart cannot render an image here (no display).', { recommendedAction: 'Describe the chart from chart_get_context and market_bars_query instead.' });
    if (!this.core.store.peek('series')) throw new ToolCallError('no_data', 'The chart has no data to capture yet.');
    const shot = await capturer(input, ctx?.signal ?? new AbortController().signal);
    const context = this.core.context.get();
    return {
      data: {
        image: shot.image, width: shot.width, height: shot.height,
        ...(shot.thumbnail ? { thumbnail: shot.thumbnail } : {}),
        ...(context ? { symbol: context.symbol, period: context.period } : {}),
      },
      text: `Chart image ${shot.width}×${shot.height} of ${context?.symbol ?? ''} ${context?.period ?? ''}: attached in the next message.`,
      stateChanged: false,
    };
  }
}

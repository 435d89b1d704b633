import { Type, type Static } from '@sinclair/typebox';
import { tool, ToolCallError, type ToolCallContext, type ToolOutput } from '../tools/index.js';
import type { CommandContext } from './command-context.js';

/** Input of `chart_capture`. */
export const CaptureInput = Type.Object(
  {
    lastBars: Type.Optional(
      Type.Integer({ minimum: 5, maximum: 2000, description: 'Only the newest N bars (default: the visible range).' }),
    ),
    width: Type.Optional(
      Type.Integer({ minimum: 200, maximum: 1600, description: "Width px (default: the chart's)." }),
    ),
    height: Type.Optional(
      Type.Integer({ minimum: 200, maximum: 1600, description: "Height px (default: the chart's)." }),
    ),
  },
  { additionalProperties: false },
);

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

  readonly #ctx: Pick<CommandContext, 'store'>;

  constructor(ctx: Pick<CommandContext, 'store'>) {
    this.#ctx = ctx;
  }

  /** Sets (or with `null` removes) the renderer `chart_capture` uses. */
  setCapturer(capturer: ChartCapturer | null): void {
    this.#capturer = capturer;
  }

  @tool({
    name: 'chart_capture',
    label: 'Capture chart image',
    description:
      'Returns the chart as the user sees it (panes, legend, title, drawings) as a PNG attached to the next message. For patterns and how drawings look; read numbers with market_bars_query.',
    parameters: CaptureInput,
    safety: 'read-only',
    executionMode: 'sequential',
  })
  async capture(input: CaptureRequest, ctx?: ToolCallContext): Promise<ToolOutput> {
    const capturer = this.#capturer;
    if (!capturer) throw new ToolCallError('not_allowed', 'This chart cannot render an image here.');
    if (!this.#ctx.store.peek('series')) throw new ToolCallError('no_data', 'The chart has no data to capture yet.');
    const shot = await capturer(input, ctx?.signal ?? new AbortController().signal);
    return {
      data: shot,
      text: `Chart image ${shot.width}×${shot.height}: attached in the next message.`,
      stateChanged: false,
    };
  }
}

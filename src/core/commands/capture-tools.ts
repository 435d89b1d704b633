import { Type } from '@sinclair/typebox';
import { tool, ToolCallError, type ToolCallContext, type ToolOutput } from '../tools/index.js';
import type { CaptureCommands, CaptureRequest } from './capture-commands.js';

/** Input of `chart_capture`. */
const CaptureInput = Type.Object(
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

/**
 * `chart_capture` (docs/contracts.md "Tool catalog"): the chart as an image, rendered by the capturer
 * the element set on {@link CaptureCommands}. Loaded with the other tools after the first paint
 * (builtin-tool-hosts.ts, issue #12).
 */
export class CaptureTools {
  readonly #capture: CaptureCommands;

  constructor(capture: CaptureCommands) {
    this.#capture = capture;
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
    const capturer = this.#capture.capturer;
    if (!capturer) throw new ToolCallError('not_allowed', 'This chart cannot render an image here.');
    if (!this.#capture.ctx.store.peek('series'))
      throw new ToolCallError('no_data', 'The chart has no data to capture yet.');
    const shot = await capturer(input, ctx?.signal ?? new AbortController().signal);
    return {
      data: shot,
      text: `Chart image ${shot.width}×${shot.height}: attached in the next message.`,
      stateChanged: false,
    };
  }
}

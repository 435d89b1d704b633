import { Type } from '@sinclair/typebox';
import { defineTool } from '../../../src/core/tools/index.js';
import type { ToolResult } from '../../../src/protocol/index.js';

const Lookback = Type.Object(
  {
    lookback: Type.Integer({
      minimum: 2,
      maximum: 500,
      default: 20,
      description: 'How many of the newest bars to search.',
    }),
  },
  { additionalProperties: false },
);

/** The newest bar with the highest high in `market_bars_query` text (`time,open,high,low,close,volume` rows). */
export function highestBar(text: string): { time: string; price: number } | null {
  let best: { time: string; price: number } | null = null;
  for (const row of text.split('\n').slice(2)) {
    const [time, , high] = row.split(',');
    const price = Number(high);
    if (time && Number.isFinite(price) && (!best || price >= best.price)) best = { time, price };
  }
  return best;
}

async function recentHigh(
  ctx: { execute(name: string, input: unknown): Promise<ToolResult> },
  lookback: number,
): Promise<ToolResult> {
  const q = await ctx.execute('market_bars_query', { limit: lookback });
  if (!q.success) return q;
  const high = highestBar(q.text ?? '');
  if (!high)
    return {
      success: false,
      stateChanged: false,
      error: { code: 'no_data', message: 'No bars to search.', retryable: true },
    };
  return ctx.execute('drawing_create', { kind: 'horizontal_line', points: [high], label: `High ${high.price}` });
}

/** A mutating host tool composing market_bars_query and drawing_create. */
export const markRecentHigh = defineTool({
  name: 'mark_recent_high',
  label: 'Mark recent high',
  description:
    'Draws a horizontal line at the highest high of the newest `lookback` bars and returns the drawing (id, points, label).',
  examples: [{ description: 'the last 20 bars', input: { lookback: 20 } }],
  parameters: Lookback,
  safety: 'mutating',
  execute: (input, ctx) => recentHigh(ctx, input.lookback),
});

/** The same composition declared read-only: its drawing_create child is refused with not_allowed. */
export const peekRecentHigh = defineTool({
  name: 'peek_recent_high',
  label: 'Peek recent high',
  description:
    'Read-only: tries to mark the recent high; its drawing_create child is refused because a read-only tool may not change the chart.',
  parameters: Lookback,
  safety: 'read-only',
  execute: (input, ctx) => recentHigh(ctx, input.lookback),
});

/**
 * A mutating host tool with TWO mutating children (drawing_create, then indicators_add): the line at
 * the recent high and a moving average over the same bars. Documented as one undo step.
 */
export const studyRecentHigh = defineTool({
  name: 'study_recent_high',
  label: 'Study recent high',
  description:
    'Draws a horizontal line at the highest high of the newest `lookback` bars and adds an MA over the same number of bars; returns the drawing and the indicator.',
  parameters: Lookback,
  safety: 'mutating',
  execute: async (input, ctx) => {
    const line = await recentHigh(ctx, input.lookback);
    if (!line.success) return line;
    const ma = await ctx.execute('indicators_add', { definitionId: 'MA', params: { periods: [input.lookback] } });
    if (!ma.success) return ma;
    return { drawing: line.data, indicator: ma.data };
  },
});

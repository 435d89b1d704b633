import { Type } from '@sinclair/typebox';
import { formatMarketTime, parseMarketTime, type Period } from '../data/index.js';
import { ToolCallError } from '../tools/index.js';

/** Schema of a time in tool input: a market-time string or epoch milliseconds. */
export function TimeInput(description: string) {
  return Type.Union(
    [
      Type.String({ description: 'YYYY-MM-DD or YYYY-MM-DD HH:mm in the market timezone', maxLength: 32 }),
      Type.Number({ description: 'epoch milliseconds (UTC)' }),
    ],
    { description },
  );
}

/** Parses a tool time or throws `invalid_input` naming the field. */
export function parseToolTime(value: string | number, timeZone: string, field: string): number {
  const t = parseMarketTime(value, timeZone);
  if (t === null) {
    throw new ToolCallError('invalid_input', `'${field}' is not a valid time.`, {
      details: [
        { path: field, reason: 'expected YYYY-MM-DD, YYYY-MM-DD HH:mm (market timezone) or epoch milliseconds' },
      ],
      recommendedAction: 'Use a date such as 2024-03-08 or 2024-03-08 09:30.',
    });
  }
  return t;
}

/** Formats a time for a model: market timezone with its offset. */
export function toolTime(timeMs: number, timeZone: string, period: Period | string): string {
  return formatMarketTime(timeMs, timeZone, period as Period);
}

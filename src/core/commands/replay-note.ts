import type { ReplayState } from '../state/index.js';
import { toolTime } from './tool-time.js';

/**
 * What a tool result says during a bar replay, so the model does not take the replay bar for the latest
 * one: the replay time (epoch ms and in the market timezone) and a sentence for the result's text.
 * Null when no replay is on.
 */
export function replayNote(replay: ReplayState | null, timezone: string, period: string) {
  if (!replay) return null;
  const timeText = toolTime(replay.time, timezone, period);
  return {
    replay: { time: replay.time, timeText },
    text: `Bar replay is on: bars after ${timeText} are hidden (from the user too) until the replay steps on or stops; the bar of ${timeText} is not the latest price.`,
  };
}

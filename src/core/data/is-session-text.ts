import { SESSION } from './session-day-start.js';

/** Whether `session` is `HHMM-HHMM` (e.g. `0930-1600`, `1800-1700`). */
export function isSessionText(session: string): boolean {
  return SESSION.test(session);
}

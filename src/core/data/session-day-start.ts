/** Internal (is-session-text.ts): `HHMM-HHMM`, the hours and minutes of the open and the close. */
export const SESSION = /^([01]\d|2[0-3])([0-5]\d)-([01]\d|2[0-4])([0-5]\d)$/;

/**
 * When an instrument's trading day starts, in minutes from local midnight of its calendar date:
 * 0 for a session within one day (`0930-1600`) or none, negative for one that opens the evening
 * before (`1800-1700` → −360: the day of Tuesday starts Monday 18:00). Malformed text counts as
 * none (sources check it with is-session-text.ts `isSessionText` before they offer it).
 */
export function sessionDayStart(session: string | undefined): number {
  const m = session === undefined ? null : SESSION.exec(session);
  if (!m) return 0;
  const start = Number(m[1]) * 60 + Number(m[2]);
  const end = Number(m[3]) * 60 + Number(m[4]);
  return start > end ? start - 1440 : 0;
}

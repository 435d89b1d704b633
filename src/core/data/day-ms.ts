/** Milliseconds in a (UTC) day. Its own module so the first paint's modules (market-time.ts, guess-period.ts) do not bring civil-date.ts (issue #12). */
export const DAY_MS = 86_400_000;

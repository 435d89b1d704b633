/*
 * The fields of a day number (days since 1970-01-01, civil-date.ts): year, month, day, weekday and the
 * Monday-based week. Algorithms from Howard Hinnant, "chrono-Compatible Low-Level Date Algorithms".
 */

/** Year of day number `days`. */
export function civilYear(days: number): number {
  return civilFields(days, 0);
}

/** Month (1–12) of day number `days`. */
export function civilMonth(days: number): number {
  return civilFields(days, 1);
}

/** Day of month (1–31) of day number `days`. */
export function civilDay(days: number): number {
  return civilFields(days, 2);
}

/** Weekday of day number `days`: 0 = Sunday … 6 = Saturday (1970-01-01 was a Thursday). */
export function civilWeekday(days: number): number {
  const w = (days + 4) % 7;
  return w < 0 ? w + 7 : w;
}

/** Index of the Monday-based week that contains day number `days` (week 0 starts Monday 1969-12-29). */
export function mondayWeekIndex(days: number): number {
  return Math.floor((days + 3) / 7);
}

// One routine for the three fields keeps the inverse algorithm in one place; `which` picks the field
// so callers on hot paths get a number instead of an allocated tuple.
function civilFields(days: number, which: 0 | 1 | 2): number {
  const z = days + 719_468;
  const era = Math.floor(z / 146_097);
  const doe = z - era * 146_097;
  const yoe = Math.floor((doe - Math.floor(doe / 1460) + Math.floor(doe / 36_524) - Math.floor(doe / 146_096)) / 365);
  const doy = doe - (365 * yoe + Math.floor(yoe / 4) - Math.floor(yoe / 100));
  const mp = Math.floor((5 * doy + 2) / 153);
  const d = doy - Math.floor((153 * mp + 2) / 5) + 1;
  const m = mp < 10 ? mp + 3 : mp - 9;
  if (which === 2) return d;
  if (which === 1) return m;
  return yoe + era * 400 + (m <= 2 ? 1 : 0);
}

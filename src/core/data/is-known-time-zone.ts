/** Whether `zone` is an IANA time zone this browser (or Node) knows: `Intl` accepts it. */
export function isKnownTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

/**
 * `String(value)` that cannot throw (a thrown object may have a throwing `toString` or getter). Apart
 * from tool-failure.ts, which only the tool-call kit uses, so the registry's own load failure
 * (`ToolRegistry.execute`) keeps it in the entry without `failure` (issue #12).
 */
export function safeText(value: unknown, limit = 2000): string {
  try {
    const text = value instanceof Error ? value.message : typeof value === 'string' ? value : String(value);
    return typeof text === 'string' ? text.slice(0, limit) : 'unknown error';
  } catch {
    return 'unknown error';
  }
}

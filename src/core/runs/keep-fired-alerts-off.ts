import type { RunChangeSet } from '../../protocol/index.js';

type Lines = Readonly<Record<string, readonly { readonly [key: string]: unknown }[]>>;

/**
 * `changes` with each once-only price alert that fired since the run turned off in the run's record: a
 * line that is off now (`alertOnce`) but armed in the run's `after`. Undoing the run then sees no
 * later change in the fire, and neither undo nor redo arms the alert again (as `History.rewrite` does
 * for undo steps). Returns `changes` itself when no such line is there.
 */
export function keepFiredAlertsOff(changes: RunChangeSet, now: unknown): RunChangeSet {
  const change = changes.slices.priceLines;
  if (!change || !isLines(now) || !isLines(change.after)) return changes;
  const fired = new Set<string>();
  for (const [key, lines] of Object.entries(now))
    for (const line of lines) {
      const recorded = change.after[key]?.find((l) => l.id === line.id);
      if (line.alertOnce === true && line.alert === 'off' && recorded && recorded.alert !== 'off')
        fired.add(`${key}\n${String(line.id)}`);
    }
  if (fired.size === 0) return changes;
  const off = (value: unknown): unknown =>
    isLines(value)
      ? Object.fromEntries(
          Object.entries(value).map(([key, lines]) => [
            key,
            lines.map((l) => (fired.has(`${key}\n${String(l.id)}`) ? { ...l, alert: 'off' } : l)),
          ]),
        )
      : value;
  return {
    runId: changes.runId,
    slices: { ...changes.slices, priceLines: { before: off(change.before), after: off(change.after) } },
  };
}

function isLines(value: unknown): value is Lines {
  return (
    typeof value === 'object' &&
    value !== null &&
    !Array.isArray(value) &&
    Object.values(value).every(
      (lines) => Array.isArray(lines) && lines.every((l) => typeof l === 'object' && l !== null),
    )
  );
}

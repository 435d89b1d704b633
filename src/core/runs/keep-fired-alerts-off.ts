import type { RunChangeSet, RunUnitChange } from '../../protocol/index.js';
import { isUnitsChange } from './run-slice-change.js';

type Lines = Readonly<Record<string, readonly { readonly [key: string]: unknown }[]>>;

/**
 * `changes` with each once-only price alert that fired since the run turned off in the run's record: a
 * line that is off now (`alertOnce`) but armed in the run's `after`. Undoing the run then sees no
 * later change in the fire, and neither undo nor redo arms the alert again (as `History.rewrite` does
 * for undo steps). `changes` holds units (readRunChangeSet); returns it itself when no such line is there.
 */
export function keepFiredAlertsOff(changes: RunChangeSet, now: unknown): RunChangeSet {
  const change = changes.slices.priceLines;
  if (!change || !isUnitsChange(change) || !isLines(now)) return changes;
  const fired = new Set<string>();
  for (const [key, lines] of Object.entries(now))
    for (const line of lines) {
      if (line.alertOnce !== true || line.alert !== 'off') continue;
      const recorded = change.units.find((u) => (u.group ?? '') === key && u.key === String(line.id));
      if (recorded && isLine(recorded.after) && recorded.after.alert !== 'off') fired.add(`${key}\n${String(line.id)}`);
    }
  if (fired.size === 0) return changes;
  const off = (value: unknown): unknown => (isLine(value) ? { ...value, alert: 'off' } : value);
  const units = change.units.map((u): RunUnitChange => {
    if (!fired.has(`${u.group ?? ''}\n${u.key}`)) return u;
    return {
      ...u,
      ...('before' in u ? { before: off(u.before) } : {}),
      ...('after' in u ? { after: off(u.after) } : {}),
    };
  });
  return { runId: changes.runId, slices: { ...changes.slices, priceLines: { units } } };
}

function isLine(value: unknown): value is { readonly [key: string]: unknown } {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function isLines(value: unknown): value is Lines {
  return isLine(value) && Object.values(value).every((lines) => Array.isArray(lines) && lines.every((l) => isLine(l)));
}

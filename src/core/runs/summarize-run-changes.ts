import type { RunChangeSet } from '../../protocol/index.js';
import { equal } from './equal.js';

type Rec = Record<string, unknown>;

/**
 * A run's changes in short phrases, in the order a person reads a chart: instrument and period,
 * studies, drawings, comparisons, settings, selection. E.g. `period 1d → 1w`,
 * `MACD(12,26,9) added`, `3 drawings added`.
 */
export function summarizeRunChanges(changes: RunChangeSet): string[] {
  const out: string[] = [];
  const slice = (name: string) => changes.slices[name];

  const target = slice('target');
  if (target) {
    const b = asRec(target.before);
    const a = asRec(target.after);
    if (b.symbol !== a.symbol) out.push(`symbol ${text(b.symbol) || '—'} → ${text(a.symbol)}`);
    if (b.period !== a.period) out.push(`period ${text(b.period) || '—'} → ${text(a.period)}`);
  }

  const indicators = slice('indicators');
  if (indicators) {
    const b = byId(indicators.before, 'instanceId');
    const a = byId(indicators.after, 'instanceId');
    for (const [id, item] of a) {
      const old = b.get(id);
      if (!old) out.push(`${studyLabel(item)} added`);
      else if (!equal(old, item)) out.push(`${studyLabel(old)} → ${studyLabel(item)}`);
    }
    for (const [id, item] of b) if (!a.has(id)) out.push(`${studyLabel(item)} removed`);
  }

  const drawings = slice('drawings');
  if (drawings) {
    let added = 0;
    let removed = 0;
    let changed = 0;
    const b = asRec(drawings.before);
    const a = asRec(drawings.after);
    for (const key of new Set([...Object.keys(b), ...Object.keys(a)])) {
      const before = byId(b[key], 'id');
      const after = byId(a[key], 'id');
      for (const [id, d] of after) {
        if (!before.has(id)) added++;
        else if (!equal(before.get(id), d)) changed++;
      }
      for (const id of before.keys()) if (!after.has(id)) removed++;
    }
    if (added) out.push(`${count(added, 'drawing')} added`);
    if (changed) out.push(`${count(changed, 'drawing')} changed`);
    if (removed) out.push(`${count(removed, 'drawing')} removed`);
  }

  const comparisons = slice('comparisons');
  if (comparisons) {
    const b = byId(comparisons.before, 'symbol');
    const a = byId(comparisons.after, 'symbol');
    for (const id of a.keys()) if (!b.has(id)) out.push(`${id} compared`);
    for (const id of b.keys()) if (!a.has(id)) out.push(`${id} comparison removed`);
  }

  const settings = slice('settings');
  if (settings) {
    const b = asRec(settings.before);
    const a = asRec(settings.after);
    for (const key of Object.keys(a)) {
      if (!equal(b[key], a[key])) out.push(`${key} ${text(b[key]) || '—'} → ${text(a[key]) || '—'}`);
    }
  }

  const panes = slice('panes');
  if (panes && !indicators) out.push('panes rearranged');

  const selection = slice('selection');
  if (selection) out.push(selection.after ? 'selection set' : 'selection cleared');
  return out;
}

/** `MACD(12,26,9)`: the study id and its numeric/text params in their order. */
export function studyLabel(item: unknown): string {
  const rec = asRec(item);
  const params = Object.values(asRec(rec.params)).filter((v) => typeof v === 'number' || typeof v === 'string');
  return `${text(rec.definitionId)}${params.length ? `(${params.join(',')})` : ''}`;
}

function byId(list: unknown, key: string): Map<string, unknown> {
  return new Map((Array.isArray(list) ? list : []).map((item) => [text(asRec(item)[key]), item]));
}

function asRec(value: unknown): Rec {
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Rec) : {};
}

function text(value: unknown): string {
  return typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean' ? String(value) : '';
}

function count(n: number, noun: string): string {
  return `${n} ${noun}${n === 1 ? '' : 's'}`;
}

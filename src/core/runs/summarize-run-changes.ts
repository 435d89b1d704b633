import type { RunChangeSet, RunSliceChange, RunUnitChange } from '../../protocol/index.js';
import { equal } from './equal.js';
import { isUnitsChange, readRunSlice } from './run-slice-change.js';

type Rec = Record<string, unknown>;

/**
 * The words of a run's change summary. English ({@link EN_RUN_SUMMARY}) is what the model reads;
 * the panel passes its locale's words (catalogue `panel.runChanges.summary`) to show the same
 * change set to people. Values (symbols, periods, study labels) are passed in as text.
 */
export interface RunSummaryPhrases {
  /** `symbol DEMO → BTCUSDT` (`from` is `—` when there was none). */
  readonly symbol: (from: string, to: string) => string;
  /** `period 1d → 1w`. */
  readonly period: (from: string, to: string) => string;
  /** `MACD(12,26,9) added`. */
  readonly studyAdded: (study: string) => string;
  /** `MACD(12,26,9) removed`. */
  readonly studyRemoved: (study: string) => string;
  /** `MACD(12,26,9) → MACD(12,26,5)`. */
  readonly studyChanged: (from: string, to: string) => string;
  /** `3 drawings added`. */
  readonly drawingsAdded: (n: number) => string;
  readonly drawingsChanged: (n: number) => string;
  readonly drawingsRemoved: (n: number) => string;
  /** `1 price line added`. */
  readonly priceLinesAdded: (n: number) => string;
  readonly priceLinesChanged: (n: number) => string;
  readonly priceLinesRemoved: (n: number) => string;
  /** `2 markers added`. */
  readonly markersAdded: (n: number) => string;
  readonly markersChanged: (n: number) => string;
  readonly markersRemoved: (n: number) => string;
  /** `ACME compared`. */
  readonly compared: (symbol: string) => string;
  readonly comparisonRemoved: (symbol: string) => string;
  /** `theme light → dark` (`name` is the setting's key, or its name for people). */
  readonly setting: (name: string, from: string, to: string) => string;
  readonly panesRearranged: string;
  readonly selectionSet: string;
  readonly selectionCleared: string;
}

/** What the summary names besides the phrases: a setting and its value (English: as stored). */
export interface RunSummaryNames {
  settingName?(key: string): string;
  settingValue?(key: string, value: string): string;
}

export const EN_RUN_SUMMARY: RunSummaryPhrases = {
  symbol: (from, to) => `symbol ${from} → ${to}`,
  period: (from, to) => `period ${from} → ${to}`,
  studyAdded: (study) => `${study} added`,
  studyRemoved: (study) => `${study} removed`,
  studyChanged: (from, to) => `${from} → ${to}`,
  drawingsAdded: (n) => `${count(n, 'drawing')} added`,
  drawingsChanged: (n) => `${count(n, 'drawing')} changed`,
  drawingsRemoved: (n) => `${count(n, 'drawing')} removed`,
  priceLinesAdded: (n) => `${count(n, 'price line')} added`,
  priceLinesChanged: (n) => `${count(n, 'price line')} changed`,
  priceLinesRemoved: (n) => `${count(n, 'price line')} removed`,
  markersAdded: (n) => `${count(n, 'marker')} added`,
  markersChanged: (n) => `${count(n, 'marker')} changed`,
  markersRemoved: (n) => `${count(n, 'marker')} removed`,
  compared: (symbol) => `${symbol} compared`,
  comparisonRemoved: (symbol) => `${symbol} comparison removed`,
  setting: (name, from, to) => `${name} ${from} → ${to}`,
  panesRearranged: 'panes rearranged',
  selectionSet: 'selection set',
  selectionCleared: 'selection cleared',
};

/**
 * A run's changes in short phrases, in the order a person reads a chart: instrument and period,
 * studies, drawings, price lines, markers, comparisons, settings, selection. E.g. `period 1d → 1w`,
 * `MACD(12,26,9) added`, `3 drawings added`; in `phrases`' language (English by default).
 */
export function summarizeRunChanges(
  changes: RunChangeSet,
  phrases: RunSummaryPhrases = EN_RUN_SUMMARY,
  names: RunSummaryNames = {},
): string[] {
  const p = phrases;
  const out: string[] = [];
  const slice = (name: string): RunSliceChange | undefined => {
    const change = changes.slices[name];
    return change && readRunSlice(name, change);
  };

  const target = slice('target');
  if (target && !isUnitsChange(target)) {
    const b = asRec(target.before);
    const a = asRec(target.after);
    if (b.symbol !== a.symbol) out.push(p.symbol(text(b.symbol) || '—', text(a.symbol)));
    if (b.period !== a.period) out.push(p.period(text(b.period) || '—', text(a.period)));
  }

  const indicators = slice('indicators');
  if (indicators) {
    const units = changedUnits(indicators);
    for (const u of inOrder(units, 'after'))
      if (u.before === undefined) out.push(p.studyAdded(studyLabel(u.after)));
      else out.push(p.studyChanged(studyLabel(u.before), studyLabel(u.after)));
    for (const u of inOrder(units, 'before')) if (u.after === undefined) out.push(p.studyRemoved(studyLabel(u.before)));
  }

  const counted = (name: string, added: Counted, changed: Counted, removed: Counted) => {
    const n = { added: 0, changed: 0, removed: 0 };
    // A stored digest's unit stands for `count` units (src/agent/digest-run-changes.ts).
    for (const u of changedUnits(slice(name)))
      if (u.before === undefined) n.added += u.count ?? 1;
      else if (u.after === undefined) n.removed += u.count ?? 1;
      else n.changed += u.count ?? 1;
    if (n.added) out.push(added(n.added));
    if (n.changed) out.push(changed(n.changed));
    if (n.removed) out.push(removed(n.removed));
  };
  counted('drawings', p.drawingsAdded, p.drawingsChanged, p.drawingsRemoved);
  counted('priceLines', p.priceLinesAdded, p.priceLinesChanged, p.priceLinesRemoved);
  counted('markers', p.markersAdded, p.markersChanged, p.markersRemoved);

  const comparisons = changedUnits(slice('comparisons'));
  for (const u of inOrder(comparisons, 'after'))
    if (u.before === undefined) out.push(p.compared(text(asRec(u.after).symbol)));
  for (const u of inOrder(comparisons, 'before'))
    if (u.after === undefined) out.push(p.comparisonRemoved(text(asRec(u.before).symbol)));

  const value = (key: string, v: unknown) => {
    const t = text(v);
    return t ? (names.settingValue?.(key, t) ?? t) : '—';
  };
  for (const { key, before, after } of changedUnits(slice('settings')))
    if (after !== undefined)
      out.push(p.setting(names.settingName?.(key) ?? key, value(key, before), value(key, after)));

  const panes = slice('panes');
  if (panes && !indicators) out.push(p.panesRearranged);

  const selection = slice('selection');
  if (selection && !isUnitsChange(selection)) out.push(selection.after ? p.selectionSet : p.selectionCleared);
  return out;
}

type Counted = (n: number) => string;

/** The units of a slice's change whose value differs (a once-only alert that fired since may make one equal). */
function changedUnits(change: RunSliceChange | undefined): RunUnitChange[] {
  return change && isUnitsChange(change) ? change.units.filter((u) => !equal(u.before, u.after)) : [];
}

/** The units in `side` (its value there is not absent), in their order there. */
function inOrder(units: readonly RunUnitChange[], side: 'before' | 'after'): RunUnitChange[] {
  const at = (u: RunUnitChange) => (side === 'before' ? u.beforeAt : u.afterAt) ?? 0;
  return units.filter((u) => u[side] !== undefined).sort((a, b) => at(a) - at(b));
}

/** `MACD(12,26,9)`: the study id and its numeric/text params in their order. */
export function studyLabel(item: unknown): string {
  const rec = asRec(item);
  const params = Object.values(asRec(rec.params)).filter((v) => typeof v === 'number' || typeof v === 'string');
  return `${text(rec.definitionId)}${params.length ? `(${params.join(',')})` : ''}`;
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

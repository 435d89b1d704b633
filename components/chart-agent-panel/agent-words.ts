import {
  describeToolCall,
  SLICE_SEPARATOR,
  type ApprovalTranscriptItem,
  type RunChangesTranscriptItem,
  type ToolCallNames,
} from '../../src/agent/index.js';
import type { RunChangeSet } from '../../src/protocol/index.js';
import { summarizeRunChanges, type RunSummaryNames } from '../../src/core/runs/summarize-run-changes.js';
import { describeRunConflict } from '../../src/core/runs/describe-run-conflict.js';
import { withWholeLengths } from '../../src/agent/bound-tool-input.js';
import { localeRevision, sectionStrings } from '../i18n/locale-store.js';
import type { PanelStrings } from './panel-strings.js';

/**
 * What the panel says about a run and a call in its reader's language: the run's change summary
 * and why it cannot be undone (rebuilt from the stored, language-neutral change set and reasons),
 * and an approval card's sentence (from the call's arguments). English keeps the ids the model
 * reads (`theme`, `trend_line`); other languages name settings and drawing kinds as the settings
 * dialog and the drawing toolbar do.
 */

/** The change summary of `item` in `s`' language. */
export function runSummaryText(item: RunChangesTranscriptItem, s: PanelStrings, tag: string): readonly string[] {
  const names = namesFor(tag, s);
  const phrases = s.runChanges.summary;
  // A set too large to store is gone after a reload: its digest says what it changed, else (sessions stored
  // before digests) the chart's English summary is all there is.
  let changes = item.changes;
  if (item.changesStored === false && Object.keys(changes.slices).length === 0) {
    if (!item.digest) return item.summary;
    changes = item.digest;
  }
  const byChart = splitByChart(changes);
  if (!byChart) return summarizeRunChanges(changes, phrases, names);
  return [...byChart].flatMap(([chartId, changes]) =>
    summarizeRunChanges(changes, phrases, names).map((line) => (chartId ? `${chartId}: ${line}` : line)),
  );
}

/** Why the last undo or redo of `item` failed, in `s`' language (the chart's English text when it gave no reasons). */
export function runConflictText(item: RunChangesTranscriptItem, s: PanelStrings, tag: string): readonly string[] {
  if (!item.reasons) return item.conflicts ?? [];
  const names = namesFor(tag, s);
  return item.reasons.map((r) => describeRunConflict(r, s.runChanges.conflicts, names));
}

/**
 * The approval card's sentence for `item` in `s`' language; the recorded English one when the call's arguments
 * are unknown. A shortened copy (stored with `inputBytes`, src/agent/bound-tool-input.ts) is worded with its
 * arrays at their whole length (a 10,000-id delete reads "Delete 10000 drawings", not 11), and only when, in
 * English, that gives the recorded sentence; else (what the copy dropped shows in the sentence) the recorded one.
 */
export function approvalText(item: ApprovalTranscriptItem, label: string, s: PanelStrings, tag: string): string {
  if (item.input === undefined) return item.summary;
  let input: unknown = item.input;
  if (item.inputBytes !== undefined) {
    input = withWholeLengths(input);
    if (tag === 'en' || describeToolCall(item.name, item.label, input) !== item.summary) return item.summary;
  }
  return describeToolCall(item.name, label, input, s.approval.calls, namesFor(tag, s));
}

type Names = RunSummaryNames & ToolCallNames;

const NONE: Readonly<Record<string, never>> = {};
let memo: { key: string; names: Names } | null = null;

function namesFor(tag: string, s: PanelStrings): Names {
  if (tag === 'en') return NONE;
  const key = `${tag}|${localeRevision()}`;
  if (memo?.key === key) return memo.names;
  const settings = sectionStrings(tag, 'settings', NONE) as {
    labels?: Record<string, string>;
    options?: Record<string, Record<string, string> | undefined>;
  };
  const drawing = sectionStrings(tag, 'drawing', NONE) as { kinds?: Record<string, string> };
  const params = sectionStrings(tag, 'toolParams', NONE) as Record<string, string>;
  const own = (record: Record<string, string> | undefined, k: string) =>
    record && Object.hasOwn(record, k) ? record[k] : undefined;
  const names: Names = {
    settingName: (k) => own(settings.labels, k) ?? k,
    settingValue: (k, v) =>
      own(settings.options?.[k], v) ?? (v === 'true' ? s.runChanges.on : v === 'false' ? s.runChanges.off : v),
    drawingKind: (k) => own(drawing.kinds, k) ?? k.replace(/_/g, ' '),
    paramName: (k) => own(params, k) ?? k,
  };
  memo = { key, names };
  return names;
}

/** A combined change set of several charts (`c2::indicators`) by chart; null for one chart's. */
function splitByChart(changes: RunChangeSet): Map<string, RunChangeSet> | null {
  const keys = Object.keys(changes.slices);
  if (!keys.some((k) => k.includes(SLICE_SEPARATOR))) return null;
  const out = new Map<string, Record<string, RunChangeSet['slices'][string]>>();
  for (const key of keys) {
    const at = key.indexOf(SLICE_SEPARATOR);
    const chartId = at < 0 ? '' : key.slice(0, at);
    const slice = at < 0 ? key : key.slice(at + SLICE_SEPARATOR.length);
    const own = out.get(chartId) ?? {};
    own[slice] = changes.slices[key];
    out.set(chartId, own);
  }
  return new Map([...out].map(([chartId, slices]) => [chartId, { runId: changes.runId, slices }]));
}

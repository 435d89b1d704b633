import { html, nothing, type TemplateResult } from 'lit';
import type { RunChangesTranscriptItem } from '../../../src/agent/index.js';
import type { RunSummaryPhrases } from '../../../src/core/runs/summarize-run-changes.js';
import type { RunConflictPhrases } from '../../../src/core/runs/describe-run-conflict.js';

/** Words of a run's change summary, in the panel's locale. */
export interface RunChangesStrings {
  readonly title: string;
  readonly undoRun: string;
  readonly redoRun: string;
  readonly undone: string;
  readonly blocked: string;
  /** A run whose change set was too large to store with the chat, while this page still holds it. */
  readonly notStored: string;
  /** The same after a reload: the set is gone, the run can no longer be undone. */
  readonly notKept: string;
  /** A setting switched on or off, in the summary and on approval cards (English shows `true`/`false` as the model does). */
  readonly on: string;
  readonly off: string;
  /** The summary's phrases: "period 1d → 1w", "MACD(12,26,9) added", "3 drawings added". */
  readonly summary: RunSummaryPhrases;
  /** What blocks an undo: "indicator macd-1 changed since". */
  readonly conflicts: RunConflictPhrases;
}

/** What the change summary needs besides its item. */
export interface RunChangesOptions {
  readonly strings: RunChangesStrings;
  /** No chart connected, or another tab holds the session. */
  readonly disabled: boolean;
  /** A revert of this run is in progress. */
  readonly busy: boolean;
  revert(item: RunChangesTranscriptItem): void;
}

/**
 * What a run changed (part `run-changes`): "period 1d → 1w · MACD(12,26,9) added · 3 drawings
 * added", and "Undo run" (part `undo-run`) that reverts all of it as one step, or "Redo run" after
 * that. When a later change touched the same things, the card says what blocks it.
 */
export function renderRunChanges(item: RunChangesTranscriptItem, options: RunChangesOptions): TemplateResult {
  const { strings: s } = options;
  // Too large for the chat's storage: this page may hold the set (undo works until a reload), or not any more.
  const unstored = item.changesStored === false;
  const gone = unstored && Object.keys(item.changes.slices).length === 0;
  return html`<div part="run-changes" class="run-changes" data-run=${item.runId ?? ''} data-reverted=${String(item.reverted)}
      data-stored=${unstored ? (gone ? 'gone' : 'memory') : 'yes'}>
    <span class="run-changes-title">${item.reverted ? s.undone : s.title}</span>
    <span class="run-changes-summary">${item.summary.join(' · ')}</span>
    <button part="undo-run" type="button" class="link-button" ?disabled=${options.disabled || options.busy || gone}
      @click=${() => options.revert(item)}>${item.reverted ? s.redoRun : s.undoRun}</button>
    ${unstored ? html`<div class="run-changes-unstored">${gone ? s.notKept : s.notStored}</div>` : nothing}
    ${item.conflicts?.length ? html`<div class="run-changes-blocked" role="status">${s.blocked} ${item.conflicts.join('; ')}</div>` : nothing}
  </div>`;
}

import { html, nothing, type TemplateResult } from 'lit';
import type { ApprovalTranscriptItem, ToolCallPhrases } from '../../../src/agent/index.js';

/** Words an approval card shows, in the panel's locale. */
export interface ApprovalCardStrings {
  readonly title: string;
  readonly approve: string;
  readonly deny: string;
  readonly approveAll: (count: number) => string;
  readonly denyAll: string;
  readonly always: (label: string) => string;
  readonly approved: string;
  readonly denied: string;
  readonly expired: string;
  readonly alwaysNote: string;
  /** The call in words: "Add MACD(12,26,5)", "Switch the period to 1w". */
  readonly calls: ToolCallPhrases;
}

/** What an approval card needs besides its item. */
export interface ApprovalCardOptions {
  readonly strings: ApprovalCardStrings;
  /** Undecided cards of the same run (with this one); above one, the last card offers "approve all". */
  readonly pendingInRun: number;
  /** This card is the last undecided one of its run. */
  readonly lastPending: boolean;
  /** Another tab holds the session: nothing can be decided here. */
  readonly disabled: boolean;
  decide(callId: string, approved: boolean, always: boolean): void;
  decideAll(runId: string | undefined, approved: boolean): void;
}

/**
 * A mutating call waiting for the user (part `approval-card`): what it would do in words, Approve
 * (part `approve`) and Deny (part `deny`), and "allow this tool for the rest of the chat". With
 * several calls of one turn waiting, the last card also approves or denies all of them.
 */
export function renderApprovalCard(item: ApprovalTranscriptItem, options: ApprovalCardOptions): TemplateResult {
  const { strings: s } = options;
  if (item.decision) {
    const text = item.decision === 'approved' ? s.approved : item.decision === 'denied' ? s.denied : s.expired;
    return html`<div part="approval-card" class="approval-card decided" data-decision=${item.decision} data-call=${item.callId}>
      <span class="approval-summary">${item.summary}</span>
      <span class="approval-decision">${text}${item.always ? html` · ${s.alwaysNote}` : nothing}</span>
    </div>`;
  }
  const always = (e: Event) =>
    (e.currentTarget as HTMLElement).closest('.approval-card')?.querySelector<HTMLInputElement>('input[type=checkbox]')
      ?.checked ?? false;
  // Focus lands on Approve as the card appears and a screen reader reads the card from there (the group's
  // label, the button, what it would approve); the log then stays quiet about it (panel-focus.ts).
  const summaryId = `approval-summary-${encodeURIComponent(item.id)}`;
  return html`<div part="approval-card" class="approval-card" role="group" aria-label=${s.title} data-call=${item.callId}>
    <div class="approval-title">${s.title}</div>
    <div class="approval-summary" id=${summaryId}>${item.summary}</div>
    <label class="approval-always"><input type="checkbox" ?disabled=${options.disabled}>${s.always(item.label)}</label>
    <div class="approval-actions">
      <button part="approve" type="button" class="primary" data-focus-first aria-describedby=${summaryId} ?disabled=${options.disabled}
        @click=${(e: Event) => options.decide(item.callId, true, always(e))}>${s.approve}</button>
      <button part="deny" type="button" ?disabled=${options.disabled}
        @click=${() => options.decide(item.callId, false, false)}>${s.deny}</button>
      ${
        options.pendingInRun > 1 && options.lastPending
          ? html`
        <button part="approve-all" type="button" ?disabled=${options.disabled}
          @click=${() => options.decideAll(item.runId, true)}>${s.approveAll(options.pendingInRun)}</button>
        <button part="deny-all" type="button" ?disabled=${options.disabled}
          @click=${() => options.decideAll(item.runId, false)}>${s.denyAll}</button>`
          : nothing
      }
    </div>
  </div>`;
}

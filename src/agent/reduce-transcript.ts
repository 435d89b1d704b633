import type { AgentEvent, AskUserAnswer, ContextItem, RunChangeSet, RunFailureCause, RunFailureCode, ToolResult } from '../protocol/index.js';

/** The name of the runtime's question tool; its calls render as question cards, not tool cards. */
export const ASK_USER_TOOL = 'ask_user';

interface ItemBase {
  /** Stable key for keyed rendering. */
  readonly id: string;
  readonly runId?: string;
  /** Epoch ms of the event that created the item. */
  readonly at: number;
}

/** A message the user sent, with the context chips that were attached to it. */
export interface UserTranscriptItem extends ItemBase {
  readonly kind: 'user';
  readonly text: string;
  readonly context: readonly ContextItem[];
}

/** The model's text of one step; `streaming` while deltas are still arriving. */
export interface AssistantTranscriptItem extends ItemBase {
  readonly kind: 'assistant';
  readonly text: string;
  readonly streaming: boolean;
  /** The step's thinking, from a reasoning model; shown collapsed, never as the answer. */
  readonly reasoning?: string;
}

/** One tool call. `result` and `elapsedMs` once finished; `progress` is the latest progress message. */
export interface ToolTranscriptItem extends ItemBase {
  readonly kind: 'tool';
  readonly callId: string;
  readonly name: string;
  readonly input: unknown;
  readonly status: 'running' | 'succeeded' | 'failed';
  readonly result?: ToolResult;
  readonly elapsedMs?: number;
  readonly progress?: string;
}

/** An `ask_user` question; `answer` once the user answered or the question was cancelled. */
export interface QuestionTranscriptItem extends ItemBase {
  readonly kind: 'question';
  readonly callId: string;
  readonly question: string;
  readonly options: readonly { readonly label: string; readonly description?: string }[];
  readonly multiSelect: boolean;
  readonly answer?: AskUserAnswer;
}

/** A run that failed. */
export interface RunErrorTranscriptItem extends ItemBase {
  readonly kind: 'error';
  readonly code: RunFailureCode;
  readonly message: string;
  /** The likely cause of a provider failure, when known. */
  readonly cause?: RunFailureCause;
}

/** A run that ended without an answer: stopped by the user, or cut off by a reload. */
export interface NoticeTranscriptItem extends ItemBase {
  readonly kind: 'notice';
  readonly notice: 'cancelled' | 'interrupted';
}

/** A mutating call waiting for (or decided by) the user's approval. */
export interface ApprovalTranscriptItem extends ItemBase {
  readonly kind: 'approval';
  readonly callId: string;
  readonly name: string;
  readonly label: string;
  /** The call in words, e.g. "Add MACD(12,26,5)". */
  readonly summary: string;
  /** `expired` when the run ended before the user decided. */
  readonly decision?: 'approved' | 'denied' | 'expired';
  readonly always?: boolean;
}

/** What a run changed on the chart, with its undo state. */
export interface RunChangesTranscriptItem extends ItemBase {
  readonly kind: 'changes';
  readonly summary: readonly string[];
  readonly changes: RunChangeSet;
  /** True after "Undo run" (until "Redo run"). */
  readonly reverted: boolean;
  /** Why the last undo or redo could not be done. */
  readonly conflicts?: readonly string[];
}

/** One row of the conversation as the panel renders it. */
export type TranscriptItem =
  | UserTranscriptItem
  | AssistantTranscriptItem
  | ToolTranscriptItem
  | QuestionTranscriptItem
  | ApprovalTranscriptItem
  | RunChangesTranscriptItem
  | RunErrorTranscriptItem
  | NoticeTranscriptItem;

type Mutable<T> = { -readonly [K in keyof T]: T[K] };

/**
 * Folds an event log into the rows the panel shows. Pure: the same events give the same items,
 * live (events so far) and on replay (the stored log). Empty assistant messages are dropped;
 * a run's terminal event stops every assistant message and unanswered question of that run
 * from looking live.
 */
export function reduceTranscript(events: readonly AgentEvent[]): TranscriptItem[] {
  const items: Mutable<TranscriptItem>[] = [];
  const assistantById = new Map<string, Mutable<AssistantTranscriptItem>>();
  const toolById = new Map<string, Mutable<ToolTranscriptItem>>();
  const questionById = new Map<string, Mutable<QuestionTranscriptItem>>();
  const approvalById = new Map<string, Mutable<ApprovalTranscriptItem>>();
  const changesByRun = new Map<string, Mutable<RunChangesTranscriptItem>>();
  // Call ids may repeat across runs (some models count from 1 each time): key by run too.
  const callKey = (runId: string | undefined, callId: string) => `${runId ?? ''}\u0000${callId}`;

  const endRun = (runId: string | undefined) => {
    for (const item of items) {
      if (item.runId !== runId) continue;
      if (item.kind === 'assistant') item.streaming = false;
    }
  };

  for (const event of events) {
    const base = { runId: event.runId, at: event.at };
    switch (event.type) {
      case 'user.message':
        items.push({ kind: 'user', id: `user:${event.messageId}`, ...base, text: event.text, context: event.context ?? [] });
        break;
      case 'assistant.text.delta': {
        let item = assistantById.get(event.messageId);
        if (!item) {
          item = { kind: 'assistant', id: `assistant:${event.messageId}`, ...base, text: '', streaming: true };
          assistantById.set(event.messageId, item);
          items.push(item);
        }
        item.text += event.delta;
        break;
      }
      case 'assistant.message.completed': {
        let item = assistantById.get(event.messageId);
        if (!item) {
          item = { kind: 'assistant', id: `assistant:${event.messageId}`, ...base, text: '', streaming: false };
          assistantById.set(event.messageId, item);
          items.push(item);
        }
        item.text = event.text;
        if (event.reasoning) item.reasoning = event.reasoning;
        item.streaming = false;
        break;
      }
      case 'assistant.reasoning.delta': {
        let item = assistantById.get(event.messageId);
        if (!item) {
          item = { kind: 'assistant', id: `assistant:${event.messageId}`, ...base, text: '', streaming: true };
          assistantById.set(event.messageId, item);
          items.push(item);
        }
        item.reasoning = (item.reasoning ?? '') + event.delta;
        break;
      }
      case 'tool.started': {
        if (event.name === ASK_USER_TOOL) break;
        const item: Mutable<ToolTranscriptItem> = {
          kind: 'tool', id: `tool:${event.runId ?? ''}:${event.callId}`, ...base,
          callId: event.callId, name: event.name, input: event.input, status: 'running',
        };
        toolById.set(callKey(event.runId, event.callId), item);
        items.push(item);
        break;
      }
      case 'tool.progress': {
        const item = toolById.get(callKey(event.runId, event.callId));
        if (item) item.progress = event.message;
        break;
      }
      case 'tool.finished': {
        const item = toolById.get(callKey(event.runId, event.callId));
        if (!item) break;
        item.status = event.result.success ? 'succeeded' : 'failed';
        item.result = event.result;
        item.elapsedMs = event.elapsedMs;
        break;
      }
      case 'tool.question.required': {
        const item: Mutable<QuestionTranscriptItem> = {
          kind: 'question', id: `question:${event.runId ?? ''}:${event.callId}`, ...base,
          callId: event.callId, question: event.question, options: event.options, multiSelect: event.multiSelect,
        };
        questionById.set(callKey(event.runId, event.callId), item);
        items.push(item);
        break;
      }
      case 'tool.question.resolved': {
        const item = questionById.get(callKey(event.runId, event.callId));
        if (item) item.answer = event.answer;
        break;
      }
      case 'tool.approval.required': {
        const item: Mutable<ApprovalTranscriptItem> = {
          kind: 'approval', id: `approval:${event.runId ?? ''}:${event.callId}`, ...base,
          callId: event.callId, name: event.name, label: event.label, summary: event.summary,
        };
        approvalById.set(callKey(event.runId, event.callId), item);
        items.push(item);
        break;
      }
      case 'tool.approval.resolved': {
        const item = approvalById.get(callKey(event.runId, event.callId));
        if (item) {
          item.decision = event.approved ? 'approved' : 'denied';
          if (event.always) item.always = true;
        }
        break;
      }
      case 'run.changes': {
        const item: Mutable<RunChangesTranscriptItem> = {
          kind: 'changes', id: `changes:${event.runId ?? event.seq}`, ...base, summary: event.summary, changes: event.changes, reverted: false,
        };
        if (event.runId) changesByRun.set(event.runId, item);
        items.push(item);
        break;
      }
      case 'run.reverted': {
        const item = changesByRun.get(event.targetRunId);
        if (!item) break;
        if (event.ok) {
          item.reverted = event.direction === 'undo';
          delete item.conflicts;
        } else item.conflicts = event.conflicts ?? [];
        break;
      }
      case 'run.failed':
        endRun(event.runId);
        items.push({ kind: 'error', id: `error:${event.seq}`, ...base, code: event.code, message: event.message, ...(event.cause ? { cause: event.cause } : {}) });
        break;
      case 'run.cancelled':
      case 'run.interrupted':
        endRun(event.runId);
        items.push({ kind: 'notice', id: `notice:${event.seq}`, ...base, notice: event.type === 'run.cancelled' ? 'cancelled' : 'interrupted' });
        break;
      case 'run.completed':
        endRun(event.runId);
        break;
      case 'run.started':
      case 'context.changed':
        break;
    }
  }
  // A tool still "running" after its run ended was cut off: show it as failed rather than spinning forever.
  const ended = new Set(events.filter((e) => e.type === 'run.completed' || e.type === 'run.failed' || e.type === 'run.cancelled' || e.type === 'run.interrupted').map((e) => e.runId));
  for (const item of items) {
    if (item.kind === 'tool' && item.status === 'running' && ended.has(item.runId)) item.status = 'failed';
    // Likewise an unanswered question of an ended run can no longer be answered.
    if (item.kind === 'question' && !item.answer && ended.has(item.runId)) item.answer = { status: 'cancelled' };
    if (item.kind === 'approval' && !item.decision && ended.has(item.runId)) item.decision = 'expired';
  }
  return items.filter((item) => !(item.kind === 'assistant' && !item.streaming && item.text === '' && !item.reasoning));
}

import type {
  AgentEvent,
  AskUserAnswer,
  ContextItem,
  RunChangeSet,
  RunConflict,
  RunFailureCause,
  RunFailureCode,
  ToolResult,
} from '../protocol/index.js';
import { withCheckpoint } from './checkpoint-text.js';
import { boundToolInput } from './bound-tool-input.js';

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
  /** The reply crossed a limit and was cut off after this text (the run's error row says which). */
  readonly cut?: true;
}

/** One tool call. `result` and `elapsedMs` once finished; `progress` is the latest progress message. */
export interface ToolTranscriptItem extends ItemBase {
  readonly kind: 'tool';
  readonly callId: string;
  readonly name: string;
  /** The tool's title stored with the call (absent in older sessions). */
  readonly label?: string;
  /** The call's input; a shortened copy when `inputBytes` is set (see `boundToolInput`). */
  readonly input: unknown;
  /** The size of the whole input (JSON bytes) when `input` is a shortened copy of it. */
  readonly inputBytes?: number;
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
  /** How long the provider asked to wait before another try (`Retry-After`). */
  readonly retryAfterMs?: number;
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
  /** The call in words, e.g. "Add MACD(12,26,5)" (English; the panel words `input` in its reader's language). */
  readonly summary: string;
  /** The call's arguments: a shortened copy when `inputBytes` is set (read from a stored session, see `boundToolInput`). */
  readonly input?: unknown;
  /** The size of the whole input when `input` is a shortened copy: `summary` then words the call. */
  readonly inputBytes?: number;
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
  /** `false`: the session did not store the set (too large); only the tab that ran it holds it. */
  readonly changesStored?: false;
  /** With `changesStored: false` after a reload: what the summary reads of the set (see `digestRunChanges`). */
  readonly digest?: RunChangeSet;
  /** Why the last undo or redo could not be done (English). */
  readonly conflicts?: readonly string[];
  /** The same as data, when the chart gave it (the panel words it in its reader's language). */
  readonly reasons?: readonly RunConflict[];
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

const TERMINAL_TYPES = new Set<AgentEvent['type']>(['run.completed', 'run.failed', 'run.cancelled', 'run.interrupted']);

/** Empty finished assistant messages (a step that only called tools) are not shown. */
function shown(item: TranscriptItem): boolean {
  return !(item.kind === 'assistant' && !item.streaming && item.text === '' && !item.reasoning);
}

/** Whether an item still waits for something: a running tool, an open question, an undecided approval. */
function open(item: TranscriptItem): boolean {
  return (
    (item.kind === 'tool' && item.status === 'running') ||
    (item.kind === 'question' && !item.answer) ||
    (item.kind === 'approval' && !item.decision)
  );
}

/**
 * The transcript of a growing event log, folded one event at a time: `push` costs O(1) for a text
 * delta (the streamed message is replaced by a copy with the delta appended, as streaming UIs do)
 * and O(items of the run) for a run's terminal event. An item that changes is replaced by a new
 * object; the others keep their identity, so a renderer can skip them. The rows shown, the running
 * tools and the open questions and approvals are kept as the events arrive, never found by a scan.
 */
export class TranscriptReducer {
  readonly #items: TranscriptItem[] = [];
  readonly #indexById = new Map<string, number>();
  readonly #assistantById = new Map<string, string>();
  /** Message id → what its checkpoints add up to so far (each holds what is new since the previous one). */
  readonly #checkpointed = new Map<string, string>();
  /** Run id → the id of its change summary row (`run.reverted` names the run it undid). */
  readonly #changesByRun = new Map<string, string>();
  /** Run id → what it changed so far (`run.changes.checkpoint`), shown if the run is interrupted before its summary. */
  readonly #changesSoFar = new Map<string, Extract<AgentEvent, { type: 'run.changes.checkpoint' }>>();
  readonly #ended = new Set<string | undefined>();
  /**
   * `ask_user` calls started and not finished, by `runId:callId`: a question shows its own card, so the
   * call gets a tool card only if it is refused before it asks (invalid input), at `tool.finished`.
   */
  readonly #askStarted = new Map<string, ToolTranscriptItem>();
  /** Run id → indexes of its items, so a run's end touches only its own rows. */
  readonly #itemsByRun = new Map<string | undefined, number[]>();
  /** The rows shown, in order, and where each one is; `null` after a row was hidden or shown again. */
  #visible: TranscriptItem[] | null = [];
  readonly #visibleIndex = new Map<string, number>();
  /** What {@link items} last returned; a new copy after each change, so a caller's copy never changes. */
  #snapshot: TranscriptItem[] | null = null;
  /** Items waiting for something (see `open`), by id, in order of arrival. */
  readonly #open = new Map<string, TranscriptItem>();
  /** The first row of {@link items} added or replaced since {@link takeFirstChanged} was last called. */
  #firstChanged = 0;

  /** Folds one more event in. */
  push(event: AgentEvent): void {
    const base = { runId: event.runId, at: event.at };
    const ended = this.#ended.has(event.runId);
    switch (event.type) {
      case 'user.message':
        this.#add({
          kind: 'user',
          id: `user:${event.messageId}`,
          ...base,
          text: event.text,
          context: event.context ?? [],
        });
        break;
      case 'assistant.text.delta':
        this.#upsertAssistant(event.messageId, base, { text: event.delta, streaming: true }, (item) => ({
          ...item,
          text: item.text + event.delta,
        }));
        break;
      case 'assistant.text.checkpoint': {
        // Live, the deltas already showed this text; replayed after a reload, it is all that is left of them.
        const text = withCheckpoint(this.#checkpointed.get(event.messageId) ?? '', event);
        this.#checkpointed.set(event.messageId, text);
        this.#upsertAssistant(event.messageId, base, { text, streaming: !ended }, (item) => ({ ...item, text }));
        break;
      }
      case 'assistant.message.completed': {
        this.#checkpointed.delete(event.messageId);
        const done = {
          text: event.text,
          streaming: false,
          ...(event.reasoning ? { reasoning: event.reasoning } : {}),
          ...(event.cut ? { cut: true as const } : {}),
        };
        this.#upsertAssistant(event.messageId, base, done, (item) => ({ ...item, ...done }));
        break;
      }
      case 'assistant.reasoning.delta':
        this.#upsertAssistant(event.messageId, base, { text: '', streaming: true, reasoning: event.delta }, (item) => ({
          ...item,
          reasoning: (item.reasoning ?? '') + event.delta,
        }));
        break;
      case 'tool.started': {
        // A stored event holds the shortened copy already; a live one the whole input, shown as it is stored.
        const { input, bytes } =
          event.inputBytes === undefined
            ? boundToolInput(event.input)
            : { input: event.input, bytes: event.inputBytes };
        const item: ToolTranscriptItem = {
          kind: 'tool',
          id: `tool:${event.runId ?? ''}:${event.callId}`,
          ...base,
          callId: event.callId,
          name: event.name,
          ...(event.label ? { label: event.label } : {}),
          input,
          ...(bytes !== undefined ? { inputBytes: bytes } : {}),
          status: ended ? 'failed' : 'running',
        };
        if (event.name === ASK_USER_TOOL) this.#askStarted.set(`${event.runId ?? ''}:${event.callId}`, item);
        else this.#add(item);
        break;
      }
      case 'tool.progress':
        this.#update<ToolTranscriptItem>(`tool:${event.runId ?? ''}:${event.callId}`, (item) => ({
          ...item,
          progress: event.message,
        }));
        break;
      case 'tool.finished': {
        const key = `${event.runId ?? ''}:${event.callId}`;
        const asked = this.#askStarted.get(key);
        if (asked) {
          this.#askStarted.delete(key);
          // Refused before it asked (no question row): the usual failed card, or the user would see nothing.
          if (!event.result.success && !this.#indexById.has(`question:${key}`))
            this.#add({ ...asked, status: 'failed', result: event.result, elapsedMs: event.elapsedMs });
          break;
        }
        this.#update<ToolTranscriptItem>(`tool:${key}`, (item) => ({
          ...item,
          status: event.result.success ? 'succeeded' : 'failed',
          result: event.result,
          elapsedMs: event.elapsedMs,
        }));
        break;
      }
      case 'tool.question.required':
        this.#add({
          kind: 'question',
          id: `question:${event.runId ?? ''}:${event.callId}`,
          ...base,
          callId: event.callId,
          question: event.question,
          options: event.options,
          multiSelect: event.multiSelect,
          ...(ended ? { answer: { status: 'cancelled' } as AskUserAnswer } : {}),
        });
        break;
      case 'tool.question.resolved':
        this.#update<QuestionTranscriptItem>(`question:${event.runId ?? ''}:${event.callId}`, (item) => ({
          ...item,
          answer: event.answer,
        }));
        break;
      case 'tool.approval.required':
        this.#add({
          kind: 'approval',
          id: `approval:${event.runId ?? ''}:${event.callId}`,
          ...base,
          callId: event.callId,
          name: event.name,
          label: event.label,
          summary: event.summary,
          input: event.input,
          ...(event.inputBytes !== undefined ? { inputBytes: event.inputBytes } : {}),
          ...(ended ? { decision: 'expired' as const } : {}),
        });
        break;
      case 'tool.approval.resolved':
        this.#update<ApprovalTranscriptItem>(`approval:${event.runId ?? ''}:${event.callId}`, (item) => ({
          ...item,
          decision: event.approved ? 'approved' : 'denied',
          ...(event.always ? { always: true } : {}),
        }));
        break;
      case 'run.changes': {
        const id = `changes:${event.runId ?? event.seq}`;
        if (event.runId) this.#changesByRun.set(event.runId, id);
        this.#add({
          kind: 'changes',
          id,
          ...base,
          summary: event.summary,
          changes: event.changes,
          reverted: false,
          ...(event.changesStored === false ? { changesStored: false } : {}),
          ...(event.digest ? { digest: event.digest } : {}),
        });
        break;
      }
      case 'run.changes.checkpoint':
        if (event.runId) this.#changesSoFar.set(event.runId, event);
        break;
      case 'run.reverted': {
        const id = this.#changesByRun.get(event.targetRunId);
        if (id === undefined) break;
        this.#update<RunChangesTranscriptItem>(id, (item) => {
          if (!event.ok) {
            const { reasons: _old, ...rest } = item;
            return { ...rest, conflicts: event.conflicts ?? [], ...(event.reasons ? { reasons: event.reasons } : {}) };
          }
          const { conflicts: _dropped, reasons: _gone, ...rest } = item;
          return { ...rest, reverted: event.direction === 'undo' };
        });
        break;
      }
      case 'run.failed':
        this.#endRun(event.runId);
        this.#add({
          kind: 'error',
          id: `error:${event.seq}`,
          ...base,
          code: event.code,
          message: event.message,
          ...(event.cause ? { cause: event.cause } : {}),
          ...(event.retryAfterMs !== undefined ? { retryAfterMs: event.retryAfterMs } : {}),
        });
        break;
      case 'run.cancelled':
      case 'run.interrupted': {
        this.#endRun(event.runId);
        const soFar = event.runId ? this.#changesSoFar.get(event.runId) : undefined;
        if (soFar && event.runId && !this.#changesByRun.has(event.runId)) this.push({ ...soFar, type: 'run.changes' });
        this.#add({
          kind: 'notice',
          id: `notice:${event.seq}`,
          ...base,
          notice: event.type === 'run.cancelled' ? 'cancelled' : 'interrupted',
        });
        break;
      }
      case 'run.completed':
        this.#endRun(event.runId);
        break;
      case 'run.started':
      case 'run.retrying': // a live status line of the panel, not a row
      case 'context.changed':
        break;
    }
    if (TERMINAL_TYPES.has(event.type)) {
      this.#ended.add(event.runId);
      // An `ask_user` cut off by the run's end never finishes: forget it.
      const prefix = `${event.runId ?? ''}:`;
      for (const key of this.#askStarted.keys()) if (key.startsWith(prefix)) this.#askStarted.delete(key);
    }
  }

  /** The rows to show (empty finished assistant messages left out). Same array until a row changes. */
  items(): TranscriptItem[] {
    if (this.#visible === null) {
      const visible: TranscriptItem[] = (this.#visible = []);
      this.#visibleIndex.clear();
      for (const item of this.#items) if (shown(item)) this.#show(visible, item);
    }
    return (this.#snapshot ??= this.#visible.slice());
  }

  /**
   * The index in {@link items} of the first row added or replaced since the last call (0 on the
   * first call; `Infinity` when nothing changed), and starts counting again: rows before it are the
   * same objects as then. For one renderer, which can then skip the rows it rendered before
   * without comparing them.
   */
  takeFirstChanged(): number {
    const first = this.#firstChanged;
    this.#firstChanged = Infinity;
    return first;
  }

  /** How many tool calls are still running. */
  runningTools(): number {
    let count = 0;
    for (const item of this.#open.values()) if (item.kind === 'tool') count++;
    return count;
  }

  /** Whether a question waits for an answer or a mutating call for the user's approval. */
  waitingForUser(): boolean {
    for (const item of this.#open.values()) if (item.kind !== 'tool') return true;
    return false;
  }

  /** Call ids of the undecided approvals of run `runId`, in order. */
  pendingApprovals(runId: string | undefined): string[] {
    const ids: string[] = [];
    for (const item of this.#open.values()) if (item.kind === 'approval' && item.runId === runId) ids.push(item.callId);
    return ids;
  }

  #show(visible: TranscriptItem[], item: TranscriptItem): void {
    this.#firstChanged = Math.min(this.#firstChanged, visible.length);
    this.#visibleIndex.set(item.id, visible.length);
    visible.push(item);
  }

  /** The assistant row of `messageId`: added from `first` the first time, else replaced by `next(row)`. */
  #upsertAssistant(
    messageId: string,
    base: Pick<ItemBase, 'runId' | 'at'>,
    first: Pick<AssistantTranscriptItem, 'text' | 'streaming' | 'reasoning'>,
    next: (item: AssistantTranscriptItem) => AssistantTranscriptItem,
  ): void {
    const id = this.#assistantById.get(messageId);
    if (id !== undefined) return this.#update<AssistantTranscriptItem>(id, next);
    this.#assistantById.set(messageId, `assistant:${messageId}`);
    this.#add({ kind: 'assistant', id: `assistant:${messageId}`, ...base, ...first });
  }

  #add(item: TranscriptItem): void {
    const index = this.#items.length;
    this.#indexById.set(item.id, index);
    this.#items.push(item);
    let ofRun = this.#itemsByRun.get(item.runId);
    if (!ofRun) this.#itemsByRun.set(item.runId, (ofRun = []));
    ofRun.push(index);
    if (open(item)) this.#open.set(item.id, item);
    if (this.#visible !== null && shown(item)) {
      this.#show(this.#visible, item);
      this.#snapshot = null;
    }
  }

  #update<T extends TranscriptItem>(id: string, change: (item: T) => T): void {
    const index = this.#indexById.get(id);
    if (index === undefined) return;
    this.#replace(index, change(this.#items[index] as T));
  }

  #replace(index: number, next: TranscriptItem): void {
    const previous = this.#items[index];
    this.#items[index] = next;
    if (open(next)) this.#open.set(next.id, next);
    else this.#open.delete(next.id);
    if (this.#visible === null) return;
    const at = this.#visibleIndex.get(next.id);
    if (at !== undefined && shown(next)) {
      this.#visible[at] = next;
      this.#snapshot = null;
      this.#firstChanged = Math.min(this.#firstChanged, at);
    } else if (at !== undefined || shown(next) !== shown(previous)) {
      // A row hid or appeared in the middle (rare: a step that ended without text): recount on read.
      this.#visible = null;
      this.#snapshot = null;
      this.#firstChanged = 0;
    }
  }

  /**
   * A run's terminal event: its assistant messages stop looking live, a tool still "running" was
   * cut off (shown as failed rather than spinning forever) and an unanswered question can no
   * longer be answered nor a pending approval decided.
   */
  #endRun(runId: string | undefined): void {
    for (const i of this.#itemsByRun.get(runId) ?? []) {
      const item = this.#items[i];
      if (item.kind === 'assistant' && item.streaming) this.#replace(i, { ...item, streaming: false });
      else if (item.kind === 'tool' && item.status === 'running') this.#replace(i, { ...item, status: 'failed' });
      else if (item.kind === 'question' && !item.answer) this.#replace(i, { ...item, answer: { status: 'cancelled' } });
      else if (item.kind === 'approval' && !item.decision) this.#replace(i, { ...item, decision: 'expired' });
    }
  }
}

/**
 * Folds an event log into the rows the panel shows. Pure: the same events give the same items,
 * live (events so far) and on replay (the stored log). Empty assistant messages are dropped;
 * a run's terminal event stops every assistant message and unanswered question of that run
 * from looking live. A live view folds with a {@link TranscriptReducer} one event at a time.
 */
export function reduceTranscript(events: readonly AgentEvent[]): TranscriptItem[] {
  const reducer = new TranscriptReducer();
  for (const event of events) reducer.push(event);
  return reducer.items();
}
